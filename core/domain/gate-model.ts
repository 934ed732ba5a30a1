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
import { cuesFor } from './gate-cues.ts';
import { DENSE, emptyFeatures, readText, type DenseFeatures, type GateFeatures, type SparseSink, type TokenInfo, type WordsRead } from './gate-features.ts';
import { withoutInstructions } from './gate-instructions.ts';
import { K, shippedModel, softmax, type GateClass, type GateModel, type RejectClass, type Row } from './gate-weights.ts';

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

/**
 * What reading texts into one model keeps from one text to the next (reading runs to completion,
 * so one per model serves every call): the sink, the list of the text's rows (the first `count`
 * are this text's) and the features read into again, so a text costs few allocations.
 */
interface ModelReader {
  sink: SparseSink;
  rows: Row[];
  count: number;
  features: DenseFeatures;
}

const readers = new WeakMap<GateModel, ModelReader>();

function readerOf(model: GateModel): ModelReader {
  let reader = readers.get(model);
  if (reader !== undefined) return reader;
  const scratch = model.scratch;
  // A row whose `stamp` is this text's holds its value in `x`.
  const add = (row: Row | undefined, value: number) => {
    if (row === undefined) return;
    if (row.stamp !== scratch.stamp) {
      row.stamp = scratch.stamp;
      row.x = value;
      r.rows[r.count++] = row;
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
  const r: ModelReader = { sink, rows: [], count: 0, features: emptyFeatures() };
  readers.set(model, r);
  return r;
}

/** A text read straight into the model's weights: each known feature's row (its highest value in `x`), in first-seen order, as the reader's first `count` rows. */
function readForModel(title: string, teaser: string, model: GateModel, read: WordsRead | undefined): ModelReader {
  const scratch = model.scratch;
  const stamp = (scratch.stamp = scratch.stamp >= 0x7fffffff ? 1 : scratch.stamp + 1);
  if (stamp === 1) for (const row of allRows(model)) row.stamp = 0;
  const reader = readerOf(model);
  reader.count = 0;
  readText(title, teaser, model.lexicon, reader.sink, reader.features, read);
  return reader;
}

function* allRows(model: GateModel): Generator<Row> {
  yield* model.unigrams.values();
  for (const next of model.bigrams.values()) yield* next.values();
}

/** The raw class scores of a text read by `readForModel` (the same sums, in the same order, as `classScores` of its features). */
function rowScores(rows: readonly Row[], count: number, f: DenseFeatures, model: GateModel): Float64Array {
  const z = Float64Array.from(model.bias);
  for (let i = 0; i < count; i += 1) {
    const row = rows[i]!;
    for (let k = 0; k < K; k += 1) z[k]! += row.x * row.w[k]!;
  }
  return addDenseAndMeaning(z, f, model);
}


/**
 * The offline model's veto: a language model's "accept" stands only while the offline model's
 * accept probability is above this (below it, the offline model is at least 85 % sure the story
 * is distressing, outrage-bait or an advert). On the corpus test split it would overrule 5 of 270
 * calm items and catch 228 of 306 rejects; on the independent holdout 4 of 165 and 123 of 135.
 */
export const VETO_MAX_ACCEPT = 0.15;

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
/**
 * The model's view of a headline and its teaser (the teaser is read up to 600 characters). `read`:
 * their words when another scan already cut them (used unless an instruction was cut out; when it
 * says neither text may hold one, none is looked for).
 */
export function gateView(title: string, teaser: string, model: GateModel = shippedModel(), read?: WordsRead): GateView {
  const look = read === undefined || read.instructs;
  const t = look ? withoutInstructions(title) : { text: title, instructed: false };
  const b = look ? withoutInstructions(teaser.slice(0, 600)) : { text: teaser.slice(0, 600), instructed: false };
  const { rows, count, features: f } = readForModel(t.text, b.text, model, t.instructed || b.instructed ? undefined : read);
  const p = softmax(rowScores(rows, count, f, model), model.temperature);
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
    cues: reason ? cuesFor(rows.slice(0, count), f, model, reason) : [],
    instructed: t.instructed || b.instructed,
  };
}