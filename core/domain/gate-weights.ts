/**
 * The calm gate's weights: the classes, the weight file's shape (gate-model.json, written by
 * `npm run gate:train`), the model loaded from it with its weights indexed for inference, and the
 * softmax that turns class scores into probabilities. core/domain/gate-model.ts reads a text with it.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DENSE, type GateLexicon } from './gate-features.ts';

export const GATE_CLASSES = ['accept', 'distress', 'ragebait', 'promotional'] as const;
export type GateClass = (typeof GATE_CLASSES)[number];
export type RejectClass = Exclude<GateClass, 'accept'>;
export const K = GATE_CLASSES.length;

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
export interface Row {
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
  shipped ??= loadModel(modelFileSchema.parse(JSON.parse(readFileSync(new URL('./gate-model.json', import.meta.url), 'utf8'))));
  return shipped;
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
