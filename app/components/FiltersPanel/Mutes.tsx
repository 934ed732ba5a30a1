/**
 * Calm Filters that fit (issue 18, item 4): a search box over the topics and tags, what is muted
 * first, then the topics, flavors and each tag family collapsed with their counts. Each item keeps
 * its live count (how many stories muting it hides). "Muted" lists what was muted when the panel
 * opened (first in its group too) and stays put while the reader changes it, so nothing moves
 * under the pointer or focus; the groups' counts follow every change.
 */
import { useState } from 'preact/hooks';
import type { Lane } from '../../lib/lanes.ts';
import { addTo, type Prefs } from '../../lib/prefs.ts';
import { label } from '../ArticleCard/index.tsx';
import type { Family, HiddenCounts } from './data.ts';

/** Props: the prefs, their setter, the lane pool (topic names), the families and the counts. */
export interface MutesProps {
  prefs: Prefs;
  setPrefs: (next: Prefs) => void;
  pool: readonly Lane[];
  families: Family[];
  counts: HiddenCounts | null;
}

type Kind = 'topic' | 'flavor' | 'tag';
interface Item {
  kind: Kind;
  id: string;
  name: string;
  count: number | null | undefined;
}

const FLAVORS = ['wonder', 'heartwarming', 'constructive', 'inspiring', 'light', 'grounded'];
const FIELD = { topic: 'mute_topics', flavor: 'mute_flavors', tag: 'mute_tags' } as const;
const keyOf = (i: Item) => `${i.kind}:${i.id}`;
const hides = (n: number | null | undefined) => (n === undefined || n === null ? '' : ` (${n} ${n === 1 ? 'story' : 'stories'})`);
/** Lower case, without accents or punctuation, for matching what the reader types. */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Render the search, "Muted now" and the collapsed groups. */
export function Mutes({ prefs, setPrefs, pool, families, counts }: MutesProps) {
  const [query, setQuery] = useState('');
  const muted = (i: Item) => prefs[FIELD[i.kind]].includes(i.id);

  const topics: Item[] = pool.filter((l) => l.feed?.kind === 'topic').map((l) => ({ kind: 'topic', id: l.feed?.value ?? '', name: l.name, count: undefined }));
  for (const id of Object.keys(counts?.byCategory.topics ?? {})) if (!topics.some((t) => t.id === id)) topics.push({ kind: 'topic', id, name: label(id), count: undefined });
  for (const t of topics) t.count = counts?.byCategory.topics[t.id];
  const groups: Array<{ key: string; title: string; items: Item[] }> = [
    { key: 'topics', title: 'Topics', items: topics },
    { key: 'flavors', title: 'Flavors', items: FLAVORS.map((id) => ({ kind: 'flavor', id, name: label(id), count: counts?.byCategory.flavors[id] })) },
    ...families.map((f) => ({ key: f.id, title: f.name, items: f.tags.map((t): Item => ({ kind: 'tag', id: t.id, name: t.name, count: t.count })) })),
  ];
  const all = groups.flatMap((g) => g.items);
  // What was muted when the panel opened comes first (and stays put while the reader changes it).
  const [first] = useState(() => new Set((Object.keys(FIELD) as Kind[]).flatMap((kind) => prefs[FIELD[kind]].map((id) => `${kind}:${id}`))));
  const isFirst = (i: Item) => first.has(keyOf(i));

  const toggle = (i: Item, on: boolean) => {
    const field = FIELD[i.kind];
    setPrefs({ ...prefs, [field]: on ? addTo(prefs[field], i.id) : prefs[field].filter((v) => v !== i.id) });
  };
  const check = (i: Item) => (
    <label key={keyOf(i)} class="check">
      <input type="checkbox" name={`mute-${i.kind}`} value={i.id} checked={muted(i)} onChange={(e) => toggle(i, e.currentTarget.checked)} />
      {i.name}
      <span class="quiet">{hides(i.count)}</span>
    </label>
  );

  const q = plain(query);
  const matches = q ? all.filter((i) => i.kind !== 'flavor' && plain(`${i.name} ${i.id}`).includes(q)) : [];
  return (
    <>
      <div class="group">
        <label for="filter-search">Find a topic or tag to mute</label>
        <input id="filter-search" type="search" value={query} maxLength={40} autoComplete="off" aria-describedby="filter-search-count" onInput={(e) => setQuery(e.currentTarget.value)} />
        <p id="filter-search-count" class="quiet" aria-live="polite">
          {q ? (matches.length ? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}` : `No topic or tag called “${query.trim()}”.`) : ''}
        </p>
        {matches.length > 0 && (
          <fieldset class="matches">
            <legend class="sr-only">Topics and tags matching “{query.trim()}”</legend>
            {matches.map(check)}
          </fieldset>
        )}
      </div>
      {first.size > 0 && (
        <fieldset class="group">
          <legend>Muted</legend>
          {all.filter(isFirst).map(check)}
        </fieldset>
      )}
      <div class="group folds">
        {groups.map((g) => {
          const n = g.items.filter(muted).length;
          return (
            <details key={g.key}>
              <summary>
                {g.title}{' '}
                <span class="quiet">
                  ({g.items.length} {g.key === 'topics' ? 'topics' : g.key === 'flavors' ? 'flavors' : 'tags'}{n ? `, ${n} muted` : ''})
                </span>
              </summary>
              {[...g.items].sort((a, b) => Number(isFirst(b)) - Number(isFirst(a))).map(check)}
            </details>
          );
        })}
      </div>
    </>
  );
}
