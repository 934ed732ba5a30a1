/**
 * The team's first labelled headline set (225 titles, every name invented), now part of the calm
 * gate's corpus as data/gate/written/early-headlines.jsonl; read here by label, in file order, for
 * the snapshot and dedupe inputs.
 */
import { readFileSync } from 'node:fs';

const lines = readFileSync(new URL('../../data/gate/written/early-headlines.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { title: string; label: string; reason: string | null });
const titles = (reason: string | null) => lines.filter((l) => l.reason === reason).map((l) => l.title);

/** Calm, constructive headlines. */
export const CALM: readonly string[] = titles(null);
/** Distressing headlines. */
export const DISTRESSING: readonly string[] = titles('distress');
/** Outrage-bait and click framing. */
export const OUTRAGE_BAIT: readonly string[] = titles('ragebait');
/** Advertising. */
export const ADVERTISING: readonly string[] = titles('promotional');
