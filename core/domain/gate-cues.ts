/**
 * Why the calm gate rejects: the (at most 3) features that pushed a text hardest from accept
 * towards its reject reason, said as the words a reader would recognise ("war", "£35", "your").
 */
import { DENSE, surfaceOf, type DenseFeatures } from './gate-features.ts';
import { GATE_CLASSES, type GateModel, type RejectClass, type Row } from './gate-weights.ts';

/** The words behind a feature, as a reader would recognise them. */
function cueOf(name: string, f: DenseFeatures): string | null {
  if (name.startsWith('w:')) return surfaceOf(f, name.slice(2)) ?? null;
  if (name.startsWith('m:')) return name.slice(2);
  if (name.startsWith('b:')) {
    const [a, b] = name.slice(2).split('_');
    const words = [a, b].map((s) => (s === undefined ? undefined : surfaceOf(f, s)));
    return words.every((w) => w !== undefined) ? words.join(' ') : null;
  }
  const i = DENSE.indexOf(name as (typeof DENSE)[number]);
  if (i < 0) return null;
  return f.denseCues[i]?.[0] ?? (name === 'listicle' ? 'a numbered list' : name === 'shout' ? 'shouting' : null);
}

/** The (at most 3) features pushing hardest from accept towards `reason`, as words. */
export function cuesFor(rows: Row[], f: DenseFeatures, model: GateModel, reason: RejectClass): string[] {
  const k = GATE_CLASSES.indexOf(reason);
  // The strongest pushes, kept in order by insertion (a scan, not a sort: this runs for every rejection).
  const names: string[] = [];
  const pushes: number[] = [];
  const consider = (name: string, push: number) => {
    if (push <= 0.05) return;
    let at = pushes.length;
    while (at > 0 && (pushes[at - 1]! < push || (pushes[at - 1] === push && names[at - 1]! > name))) at -= 1;
    if (at >= 12) return;
    names.splice(at, 0, name);
    pushes.splice(at, 0, push);
    if (names.length > 12) {
      names.pop();
      pushes.pop();
    }
  };
  for (const row of rows) consider(row.name, row.x * (row.w[k]! - row.w[0]!));
  DENSE.forEach((name, i) => {
    const x = f.dense[i]!;
    if (x !== 0) consider(name, x * (model.dense[i]![k]! - model.dense[i]![0]!));
  });
  // A word's meaning pushes by its share of the mean (title and teaser words alike, here).
  if (f.meaning !== null) {
    for (const word of new Set(f.words)) {
      const v = model.lexicon.vectors.get(word);
      if (v === undefined) continue;
      // `consider` drops pushes this small: the name is only written for the others.
      const push = (v[k]! - v[0]!) / f.meaningWeight;
      if (!(push <= 0.05)) consider(`m:${word}`, push);
    }
  }
  const cues: string[] = [];
  for (const name of names) {
    if (cues.length === 3) break;
    const cue = cueOf(name, f);
    if (cue && !cues.some((c) => c.includes(cue) || cue.includes(c))) cues.push(cue);
  }
  return cues;
}
