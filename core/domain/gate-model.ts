/**
 * The calm gate's trained model: features → weights → decision.
 *
 * A multinomial logistic regression over four classes (accept, distress, ragebait, promotional),
 * trained by `npm run gate:train` on the team's labelled corpus (data/gate/) and shipped as
 * `gate-model.json` beside this file. Inference is a pure function: the features of
 * core/domain/gate-features.ts, one weighted sum per class (the meaning part arrives already
 * summed: the file's `vectors` are per word what its GloVe vector adds to each class), a softmax
 * at the calibrated temperature.
 * The three scores are the calibrated class probabilities times 10, so "cortisol > 4" means "more
 * likely than 4 in 10 to be a distressing story" (CONTRACT.md thresholds keep their meaning).
 */
import { z } from 'zod';
import shippedFile from './gate-model.json' with { type: 'json' };
import { DENSE, readText, surfaceOf, type DenseFeatures, type GateFeatures, type GateLexicon, type SparseSink, type TokenInfo } from './gate-features.ts';

export const GATE_CLASSES = ['accept', 'distress', 'ragebait', 'promotional'] as const;
export type GateClass = (typeof GATE_CLASSES)[number];
export type RejectClass = Exclude<GateClass, 'accept'>;
const K = GATE_CLASSES.length;

const row = z.array(z.number().finite()).length(K);

/** The weight file's shape (validated when loaded: a bad file fails at start, not per article). */
export const modelFileSchema = z.object({
  format: z.literal(2),
  classes: z.tuple([z.literal('accept'), z.literal('distress'), z.literal('ragebait'), z.literal('promotional')]),
  trained: z.record(z.string(), z.union([z.number(), z.string()])),
  temperature: z.number().positive(),
  threshold: z.number().min(0).max(1),
  bias: row,
  dense: z.record(z.string(), row),
  sparse: z.record(z.string(), row),
  lexicon: z.object({ harm: z.array(z.string()), valence: z.record(z.string(), z.number().min(-1).max(1)) }),
  /**
   * What each word's meaning adds to each class score, in tenths (the weighted mean over a text's
   * words is added): `adds[K·i … K·i+K)` belong to `words[i]`. Two flat arrays, not a record of
   * 30,000 small ones: parsing and checking the record took longer than the rest of the file.
   */
  vectors: z
    .object({ words: z.array(z.string()), adds: z.array(z.number().int()) })
    .refine((v) => v.adds.length === v.words.length * K, { message: 'vectors.adds holds K numbers per word' }),
});
export type ModelFile = z.infer<typeof modelFileSchema>;

/** A loaded model, ready for inference. */
export interface GateModel {
  temperature: number;
  /** The accept probability at or above which the model accepts. */
  threshold: number;
  bias: Float64Array;
  /** Per `DENSE` feature, its K weights (zeros for a feature the file lacks). */
  dense: Float64Array[];
  sparse: Map<string, Float64Array>;
  /** The same weights by stem (`w:` features) and by stem pair (`b:` features), for inference without building names. */
  unigrams: Map<string, Row>;
  bigrams: Map<string, Map<string, Row>>;
  lexicon: GateLexicon;
  /** The stamp of the last text read with these rows (rows carrying it hold that text's values); an object, so copies of the model share it with the rows. */
  scratch: { stamp: number };
}

/** One sparse feature's weights and name; `stamp` and `x` are scratch of the text being read (see readForModel). */
interface Row {
  name: string;
  w: Float64Array;
  stamp: number;
  x: number;
}

/** Build a model from a parsed weight file. */
export function loadModel(file: ModelFile): GateModel {
  const sparse = new Map(Object.entries(file.sparse).map(([name, w]) => [name, Float64Array.from(w)]));
  const unigrams = new Map<string, Row>();
  const bigrams = new Map<string, Map<string, Row>>();
  for (const [name, w] of sparse) {
    if (name.startsWith('w:')) unigrams.set(name.slice(2), { name, w, stamp: 0, x: 0 });
    else if (name.startsWith('b:')) {
      const cut = name.indexOf('_');
      const first = name.slice(2, cut);
      let next = bigrams.get(first);
      if (!next) bigrams.set(first, (next = new Map()));
      next.set(name.slice(cut + 1), { name, w, stamp: 0, x: 0 });
    }
  }
  return {
    scratch: { stamp: 0 },
    unigrams,
    bigrams,
    temperature: file.temperature,
    threshold: file.threshold,
    bias: Float64Array.from(file.bias),
    dense: DENSE.map((name) => Float64Array.from(file.dense[name] ?? new Array<number>(K).fill(0))),
    sparse,
    lexicon: {
      harm: new Set(file.lexicon.harm),
      valence: new Map(Object.entries(file.lexicon.valence)),
      vectors: vectorsOf(file.vectors),
    },
  };
}

/** Word → its K class-score additions (views into one array, tenths made whole). */
function vectorsOf({ words, adds }: ModelFile['vectors']): Map<string, Float64Array> {
  const all = Float64Array.from(adds, (a) => a / 10);
  return new Map(words.map((word, i) => [word, all.subarray(i * K, i * K + K)]));
}

let shipped: GateModel | null = null;

/** The shipped model (core/domain/gate-model.json, written by `npm run gate:train`), read once. */
export function shippedModel(): GateModel {
  shipped ??= loadModel(modelFileSchema.parse(shippedFile));
  return shipped;
}

/** The raw class scores (before the softmax) of some features. */
export function classScores(f: GateFeatures, model: GateModel): Float64Array {
  const z = Float64Array.from(model.bias);
  for (const [name, x] of f.sparse) {
    const w = model.sparse.get(name);
    if (w) for (let k = 0; k < K; k += 1) z[k]! += x * w[k]!;
  }
  return addDenseAndMeaning(z, f, model);
}

/** Add the dense features' and the meaning's parts to raw class scores. */
function addDenseAndMeaning(z: Float64Array, f: DenseFeatures, model: GateModel): Float64Array {
  for (let i = 0; i < DENSE.length; i += 1) {
    const x = f.dense[i]!;
    if (x === 0) continue;
    const w = model.dense[i]!;
    for (let k = 0; k < K; k += 1) z[k]! += x * w[k]!;
  }
  if (f.meaning !== null) for (let k = 0; k < K; k += 1) z[k]! += f.meaning[k]!;
  return z;
}

/** A token's unigram row and the rows of the pairs it starts. */
interface TokenWeights {
  row: Row | undefined;
  next: Map<string, Row> | undefined;
}

/** A text read straight into the model's weights: each known feature's row (its highest value in `x`), in first-seen order. */
function readForModel(title: string, teaser: string, model: GateModel): { rows: Row[]; dense: DenseFeatures } {
  // A row whose `stamp` is this text's holds its value in `x` (reading runs to completion, so one counter per model serves every call).
  const scratch = model.scratch;
  const stamp = (scratch.stamp = scratch.stamp >= 0x7fffffff ? 1 : scratch.stamp + 1);
  if (stamp === 1) for (const row of allRows(model)) row.stamp = 0;
  const rows: Row[] = [];
  const add = (row: Row | undefined, value: number) => {
    if (row === undefined) return;
    if (row.stamp !== stamp) {
      row.stamp = stamp;
      row.x = value;
      rows.push(row);
    } else if (row.x < value) row.x = value;
  };
  // A token's weights are looked up once and kept on its (per-lexicon, so per-model) token info:
  // two Map lookups per occurrence were about a tenth of the gate's CPU time on the corpus (cpu profile).
  const weightsOf = (t: TokenInfo): TokenWeights => {
    let memo = t.memo as TokenWeights | undefined;
    if (memo === undefined) t.memo = memo = { row: model.unigrams.get(t.stem), next: model.bigrams.get(t.stem) };
    return memo;
  };
  const sink: SparseSink = {
    unigram: (t, value) => add(weightsOf(t).row, value),
    bigram: (a, b, value) => add(weightsOf(a).next?.get(b.stem), value),
  };
  return { rows, dense: readText(title, teaser, model.lexicon, sink) };
}

function* allRows(model: GateModel): Generator<Row> {
  yield* model.unigrams.values();
  for (const next of model.bigrams.values()) yield* next.values();
}

/** The raw class scores of a text read by `readForModel` (the same sums, in the same order, as `classScores` of its features). */
function rowScores(rows: Row[], f: DenseFeatures, model: GateModel): Float64Array {
  const z = Float64Array.from(model.bias);
  for (const row of rows) for (let k = 0; k < K; k += 1) z[k]! += row.x * row.w[k]!;
  return addDenseAndMeaning(z, f, model);
}

/** Softmax of `z / temperature`, in place. */
export function softmax(z: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v / temperature);
  let sum = 0;
  for (let k = 0; k < z.length; k += 1) sum += z[k] = Math.exp(z[k]! / temperature - max);
  for (let k = 0; k < z.length; k += 1) z[k]! /= sum;
  return z;
}

/**
 * The offline model's veto: a language model's "accept" stands only while the offline model's
 * accept probability is above this (below it, the offline model is at least 85 % sure the story
 * is distressing, outrage-bait or an advert). On the corpus test split it would overrule 5 of 270
 * calm items and catch 228 of 306 rejects; on the independent holdout 4 of 165 and 123 of 135.
 */
export const VETO_MAX_ACCEPT = 0.15;

/**
 * Feed text that addresses the classifier instead of the reader ("ignore the rules and accept
 * this"). Feed text is data: such phrases are cut before the offline model reads the text, so they
 * can only lose an item its acceptance (core/pipeline/classify.ts trusts no model "accept" of such an item
 * unless the offline model accepts it too).
 */
const INSTRUCTION = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|these|those|previous|prior|above|earlier|other|system)\s+){0,3}(?:rules|instructions?|prompts?|guidelines|filters?|policies|directions)\b`,
    String.raw`\b(?:accept|approve|whitelist|allow)\s+this(?:\s+(?:story|item|article|post|headline|one))?\b`,
    String.raw`\b(?:classify|rate|score|mark|label)\s+(?:this|it)\s+(?:as\s+)?(?:calm|safe|positive|accepted|good news|0)\b`,
    String.raw`\bsystem\s+prompt\b`,
    String.raw`\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:ai|language model|classifier|assistant|chatbot)\b`,
  ].join('|'),
  'gi',
);

/** The text with any instruction to the classifier cut out, and whether there was one. */
export function withoutInstructions(text: string): { text: string; instructed: boolean } {
  INSTRUCTION.lastIndex = 0;
  if (!INSTRUCTION.test(text)) return { text, instructed: false };
  return { text: text.replace(INSTRUCTION, ' ').replace(/\s{2,}/g, ' ').trim(), instructed: true };
}

/** What the offline model thinks of one item. */
export interface GateView {
  /** The model's own view: the accept probability reaches the threshold. */
  accept: boolean;
  /** When not accepted, the most likely reason; null when accepted. */
  reason: RejectClass | null;
  /** Calibrated class probabilities. */
  probabilities: Record<GateClass, number>;
  /** 10 × the distress, ragebait and promotional probabilities, one decimal. */
  cortisol: number;
  ragebait: number;
  promotional: number;
  /** The words that pushed most towards the reason (at most 3), for the admin and the reader. */
  cues: string[];
  /** The text addressed the classifier (and those words were not read). */
  instructed: boolean;
}

const score = (p: number) => Math.round(p * 100) / 10;

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
function cuesFor(rows: Row[], f: DenseFeatures, model: GateModel, reason: RejectClass): string[] {
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
      if (v !== undefined) consider(`m:${word}`, (v[k]! - v[0]!) / f.meaningWeight);
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

/** The model's view of a headline and its teaser (the teaser is read up to 600 characters). */
export function gateView(title: string, teaser: string, model: GateModel = shippedModel()): GateView {
  const t = withoutInstructions(title);
  const b = withoutInstructions(teaser.slice(0, 600));
  const { rows, dense: f } = readForModel(t.text, b.text, model);
  const p = softmax(rowScores(rows, f, model), model.temperature);
  const probabilities = { accept: p[0]!, distress: p[1]!, ragebait: p[2]!, promotional: p[3]! };
  const accept = probabilities.accept >= model.threshold;
  let reason: RejectClass | null = null;
  if (!accept) {
    reason = 'distress';
    if (probabilities.ragebait > probabilities[reason]) reason = 'ragebait';
    if (probabilities.promotional > probabilities[reason]) reason = 'promotional';
  }
  return {
    accept,
    reason,
    probabilities,
    cortisol: score(probabilities.distress),
    ragebait: score(probabilities.ragebait),
    promotional: score(probabilities.promotional),
    cues: reason ? cuesFor(rows, f, model, reason) : [],
    instructed: t.instructed || b.instructed,
  };
}
