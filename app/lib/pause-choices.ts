/**
 * What a reader can pause, by the names they see (issue 21, item 2): the topics, flavors and tags of
 * the taxonomy (core/domain/taxonomy.ts, the one vocabulary) and the sources of `/api/sources`. A
 * typed name resolves to its id (the stored value is always the id); a name that matches nothing is
 * refused with a message saying so. Words (`term`) are free text.
 */
import { FLAVORS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { getJson } from './api.ts';
import { isRecord } from '../../core/domain/guards.ts';
import type { Pause } from './prefs.ts';

/** One thing that can be paused: its id and the name shown. */
export interface Choice {
  id: string;
  name: string;
}

/** The choices per kind (words are free text, so they have none). */
export type PauseChoices = Record<Exclude<Pause['kind'], 'term'>, Choice[]>;

/** The taxonomy's choices, with no sources yet. */
export const TAXONOMY_CHOICES: PauseChoices = {
  topic: TOPICS.map((t) => ({ id: t.id, name: t.name })),
  flavor: FLAVORS.map((f) => ({ id: f.id, name: f.name })),
  tag: TAGS.map((t) => ({ id: t.id, name: t.name })),
  source: [],
};

/** The word for a kind in sentences. */
export const KIND_WORD: Record<Pause['kind'], string> = { topic: 'topic', flavor: 'flavor', tag: 'tag', source: 'source', term: 'word' };

/** Parse `/api/sources` tolerantly. */
export function parseSources(value: unknown): Choice[] {
  const list = isRecord(value) && Array.isArray(value.sources) ? value.sources : [];
  const out: Choice[] = [];
  for (const s of list) {
    if (isRecord(s) && typeof s.id === 'string' && typeof s.name === 'string' && s.id && s.name) out.push({ id: s.id, name: s.name.slice(0, 120) });
  }
  return out;
}

/** The sources a reader can see. */
export async function fetchSources(): Promise<Choice[]> {
  return parseSources(await getJson('/api/sources'));
}

const fold = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** The outcome of reading what a reader typed. */
export type Resolved = { ok: true; value: string; name: string } | { ok: false; message: string };

/** Resolve typed text of `kind` to the id to store: a name or an id, ignoring case and spacing. */
export function resolvePause(kind: Pause['kind'], text: string, choices: PauseChoices): Resolved {
  const typed = text.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, 80);
  if (!typed) return { ok: false, message: kind === 'term' ? 'Type a word or phrase to pause.' : `Pick a ${KIND_WORD[kind]} from the list.` };
  if (kind === 'term') return { ok: true, value: typed.toLocaleLowerCase('en'), name: `“${typed}”` };
  const key = fold(typed);
  const found = choices[kind].find((c) => fold(c.name) === key) ?? choices[kind].find((c) => fold(c.id) === key);
  if (!found) return { ok: false, message: `There is no ${KIND_WORD[kind]} called “${typed}”. Pick one from the list.` };
  return { ok: true, value: found.id, name: found.name };
}

/** The name to show for a stored pause (its id when the name is not known). */
export function pauseName(pause: Pick<Pause, 'kind' | 'value'>, choices: PauseChoices): string {
  if (pause.kind === 'term') return `“${pause.value}”`;
  return choices[pause.kind].find((c) => c.id === pause.value)?.name ?? pause.value;
}
