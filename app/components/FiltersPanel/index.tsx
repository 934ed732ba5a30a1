/**
 * Calm Filters: muted topics / flavors / tags (searchable, collapsed by group: Mutes.tsx),
 * avoid-terms, pauses with expiry, the cortisol and ragebait ceilings, and the lane selection
 * (both collapsed). Stored on this device only; a live count says what the filters hide.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Lane } from '../../lib/lanes.ts';
import { addTo, EMPTY_PREFS, hasBoundaries, type Pause, type Prefs } from '../../lib/prefs.ts';
import { label } from '../ArticleCard/index.tsx';
import { fetchSources, KIND_WORD, pauseName, resolvePause, TAXONOMY_CHOICES, type PauseChoices } from '../../lib/pause-choices.ts';
import { formatWhen } from '../../../core/domain/dates.ts';
import { When } from '../When/index.tsx';
import { fetchFamilies, fetchHiddenCounts, type Family, type HiddenCounts } from './data.ts';
import { Mutes } from './Mutes.tsx';

/** The pause kinds in the order the panel offers them, with their names. */
const PAUSE_KINDS: ReadonlyArray<readonly [Pause['kind'], string]> = [['source', 'Source'], ['topic', 'Topic'], ['tag', 'Tag'], ['flavor', 'Flavor'], ['term', 'Word']];

/** Props: the prefs, their setter, the lane pool, and the announcer. */
export interface FiltersPanelProps {
  prefs: Prefs;
  setPrefs: (next: Prefs) => void;
  pool: readonly Lane[];
  say: (text: string, undo?: () => void) => void;
}

const DURATIONS: Array<[string, number]> = [
  ['1 hour', 3_600_000],
  ['1 day', 86_400_000],
  ['1 week', 7 * 86_400_000],
  ['1 month', 30 * 86_400_000],
];

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? addTo(list, value) : list.filter((v) => v !== value);
}

/** Render the panel. */
export function FiltersPanel({ prefs, setPrefs, pool, say }: FiltersPanelProps) {
  const [families, setFamilies] = useState<Family[]>([]);
  const [counts, setCounts] = useState<HiddenCounts | null>(null);
  const [term, setTerm] = useState('');
  const [pause, setPause] = useState<{ kind: Pause['kind']; value: string; ms: number }>({ kind: 'source', value: '', ms: 86_400_000 });
  const [pauseError, setPauseError] = useState('');
  const [choices, setChoices] = useState<PauseChoices>(TAXONOMY_CHOICES);

  useEffect(() => void fetchFamilies().then(setFamilies), []);
  useEffect(() => void fetchSources().then((source) => setChoices({ ...TAXONOMY_CHOICES, source })), []);
  useEffect(() => {
    const timer = setTimeout(() => void fetchHiddenCounts(prefs, new Date()).then(setCounts), 250);
    return () => clearTimeout(timer);
  }, [prefs]);

  const addTerm = (e: Event) => {
    e.preventDefault();
    const t = term.trim();
    if (!t) return;
    setPrefs({ ...prefs, avoid_terms: addTo(prefs.avoid_terms, t) });
    setTerm('');
    say(`Stories mentioning “${t}” are now hidden.`);
  };
  const addPause = (e: Event) => {
    e.preventDefault();
    const found = resolvePause(pause.kind, pause.value, choices);
    if (!found.ok) {
      setPauseError(found.message);
      say(found.message);
      return;
    }
    const until = new Date(Date.now() + pause.ms).toISOString();
    const added: Pause = { kind: pause.kind, value: found.value, until };
    const next = { ...prefs, pauses: [...prefs.pauses, added] };
    setPrefs(next);
    setPause({ ...pause, value: '' });
    setPauseError('');
    say(`Paused ${found.name} until ${formatWhen(until, null)?.full ?? until}.`, () => {
      setPrefs({ ...next, pauses: next.pauses.filter((p) => p !== added) });
      say(`The pause on ${found.name} is undone.`);
    });
  };
  const pauseKind = (v: string): Pause['kind'] => PAUSE_KINDS.find(([kind]) => kind === v)?.[0] ?? 'term';
  const ceiling = (key: 'max_cortisol' | 'max_ragebait') => (e: Event) => {
    const v = e.currentTarget instanceof HTMLSelectElement ? e.currentTarget.value : '';
    setPrefs({ ...prefs, [key]: v === '' ? null : Number(v) });
  };
  const selection = prefs.lanes ?? pool.filter((l) => l.feed?.kind === 'mood').map((l) => l.key);

  return (
    <section class="filters" aria-labelledby="view-title">
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        Calm Filters
      </h2>
      <p class="quiet">Kept on this device only. Every feed and the brief respect them.</p>
      <div class="row">
        <p class="count" aria-live="polite">
          {counts ? `Your filters hide ${counts.total} ${counts.total === 1 ? 'story' : 'stories'} right now.` : ''}
        </p>
        {/* Offered only when there is something to clear (a filter, a pause, a lane choice). */}
        {(hasBoundaries(prefs, new Date()) || prefs.lanes !== null) && (
          <button type="button" class="button" onClick={() => { setPrefs({ ...EMPTY_PREFS }); say('All Calm Filters cleared.'); }}>
            Clear all filters
          </button>
        )}
      </div>

      <Mutes prefs={prefs} setPrefs={setPrefs} pool={pool} families={families} counts={counts} />

      <form class="group" onSubmit={addTerm}>
        <h3>Avoid words</h3>
        <label for="avoid-term">Hide stories mentioning a word or phrase</label>
        <div class="row">
          <input id="avoid-term" value={term} maxLength={80} onInput={(e) => setTerm(e.currentTarget.value)} />
          <button type="submit" class="button">Add</button>
        </div>
        <ul class="tokens" aria-label="Avoided words">
          {prefs.avoid_terms.map((t) => (
            <li key={t}>
              {t}{' '}
              <button type="button" class="link" aria-label={`Stop avoiding “${t}”`} onClick={() => setPrefs({ ...prefs, avoid_terms: prefs.avoid_terms.filter((x) => x !== t) })}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      </form>

      <form class="group" onSubmit={addPause}>
        <h3>Pause for a while</h3>
        <div class="row">
          <label for="pause-kind">Kind</label>
          <select id="pause-kind" value={pause.kind} onChange={(e) => { setPause({ ...pause, kind: pauseKind(e.currentTarget.value), value: '' }); setPauseError(''); }}>
            {PAUSE_KINDS.map(([kind, name]) => (
              <option key={kind} value={kind}>
                {name}
              </option>
            ))}
          </select>
          <label for="pause-value">{pause.kind === 'term' ? 'Word or phrase' : `Which ${KIND_WORD[pause.kind]}`}</label>
          <input
            id="pause-value"
            value={pause.value}
            maxLength={80}
            list={pause.kind === 'term' ? undefined : 'pause-options'}
            autoComplete="off"
            aria-invalid={pauseError ? 'true' : undefined}
            aria-describedby={pauseError ? 'pause-error' : undefined}
            onInput={(e) => { setPause({ ...pause, value: e.currentTarget.value }); setPauseError(''); }}
          />
          {pause.kind !== 'term' && (
            <datalist id="pause-options">
              {choices[pause.kind].map((c) => <option key={c.id} value={c.name} />)}
            </datalist>
          )}
          <label for="pause-for">For</label>
          <select id="pause-for" value={String(pause.ms)} onChange={(e) => setPause({ ...pause, ms: Number(e.currentTarget.value) })}>
            {DURATIONS.map(([text, ms]) => (
              <option key={ms} value={String(ms)}>
                {text}
              </option>
            ))}
          </select>
          <button type="submit" class="button">Pause</button>
        </div>
        {pauseError && <p id="pause-error" class="error">{pauseError}</p>}
        <ul class="tokens" aria-label="Active pauses">
          {prefs.pauses.map((p, i) => (
            <li key={`${p.kind}:${p.value}:${p.until}`}>
              {label(KIND_WORD[p.kind])} {pauseName(p, choices)} until <When at={p.until} />{' '}
              <button type="button" class="link" aria-label={`End the pause on ${pauseName(p, choices)}`} onClick={() => setPrefs({ ...prefs, pauses: prefs.pauses.filter((_, j) => j !== i) })}>
                End now
              </button>
            </li>
          ))}
        </ul>
      </form>

      <div class="group folds">
        <details>
          <summary>Ceilings <span class="quiet">({prefs.max_cortisol === null && prefs.max_ragebait === null ? 'Tidings default' : 'your own'})</span></summary>
          <label for="max-cortisol">Most stress a story may carry</label>
          <select id="max-cortisol" value={prefs.max_cortisol === null ? '' : String(prefs.max_cortisol)} onChange={ceiling('max_cortisol')}>
            <option value="">Tidings default</option>
            <option value="3">Low (3)</option>
            <option value="2">Very low (2)</option>
            <option value="1">Only the calmest (1)</option>
          </select>
          <label for="max-ragebait">Most outrage-bait a story may carry</label>
          <select id="max-ragebait" value={prefs.max_ragebait === null ? '' : String(prefs.max_ragebait)} onChange={ceiling('max_ragebait')}>
            <option value="">Tidings default</option>
            <option value="2">Low (2)</option>
            <option value="1">Very low (1)</option>
            <option value="0">None (0)</option>
          </select>
        </details>

        {pool.length > 0 && (
          <details>
            <summary>Your lanes <span class="quiet">({selection.length} chosen)</span></summary>
            <fieldset>
              <legend>Your lanes (Highlights and Latest always stay)</legend>
              {pool.map((lane) => (
                <label key={lane.key} class="check">
                  <input type="checkbox" name="lane" value={lane.key} checked={selection.includes(lane.key)} onChange={(e) => setPrefs({ ...prefs, lanes: toggle(selection, lane.key, e.currentTarget.checked) })} />
                  {lane.name}
                </label>
              ))}
            </fieldset>
          </details>
        )}
      </div>
    </section>
  );
}
