/**
 * Training the calm gate (`npm run gate:train`): features (core/domain/gate-features.ts) →
 * multinomial logistic regression with L2 → temperature calibration and the accept threshold on
 * the dev split → core/domain/gate-model.json. Deterministic: the same corpus gives the same file,
 * byte for byte (fixed order, full-batch optimisation, no randomness). The test split is never read.
 *
 * 1. Lexicons: valence from AFINN-165 and VADER, harm words from WordNet (scripts/gate/lexicon.ts);
 *    GloVe word vectors (scripts/gate/vectors.ts) for the meaning features, scaled by MEANING_SCALE.
 * 2. Vocabulary: stems and stem pairs seen in at least 2 training items.
 * 3. For each L2 strength of a small grid, train on the train split and measure the dev log loss;
 *    keep the best strength.
 * 4. On the dev split: the temperature that minimises the log loss, then the accept threshold
 *    (through the whole gate, scores included): the lowest that reaches the targets, precision
 *    0.95 and recall 0.75, else the best F0.5.
 * 5. The final weights are trained on train + dev with that strength; temperature and threshold
 *    are kept from step 4. The meaning weights are folded into the vectors: each word ships the K
 *    numbers its (scaled) vector adds to the class scores, so the mean of those is the meaning part.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DENSE, gateFeatures, isStopWord, type GateLexicon } from '../../core/domain/gate-features.ts';
import { GATE_CLASSES, softmax, type GateClass, type ModelFile } from '../../core/domain/gate-model.ts';
import { GATE } from '../../core/domain/gate.ts';
import { loadCorpus, ROOT, type LabelledItem } from './corpus.ts';
import { harmLexicon, valenceLexicon } from './lexicon.ts';
import { readVectors } from './vectors.ts';

export const MODEL_PATH = path.join(ROOT, 'core/domain/gate-model.json');
const K = GATE_CLASSES.length;
const ITERATIONS = 400;
const LEARNING_RATE = 0.05;
/**
 * The meaning features' scale: unit vectors averaged are small next to the 0/1 word features, and
 * the one L2 strength would keep them near zero. On the dev split (log loss, accept precision at
 * a fixed recall) 3–10 were alike and clearly better than 1; 6 is in the middle.
 */
const MEANING_SCALE = 6;

/** Training settings (the defaults are what `npm run gate:train` uses). */
export interface TrainOptions {
  /** L2 strengths tried; the one with the lowest dev log loss is kept. */
  l2Grid: number[];
  /** A stem or pair must appear in this many training items to get a weight. */
  minCount: number;
  /** Weight classes inversely to their size. */
  balanced: boolean;
  /** How much a real feed item counts in the loss, relative to a written one. */
  feedWeight: number;
}

export const TRAIN_DEFAULTS: TrainOptions = { l2Grid: [3e-5, 1e-4, 3e-4, 1e-3], minCount: 2, balanced: false, feedWeight: 1 };

interface Row {
  index: Int32Array;
  value: Float64Array;
  y: number;
  /** How much the item counts in the loss (real feed items may count more than written ones). */
  weight: number;
}

function encode(items: readonly LabelledItem[], lexicon: GateLexicon, vocab: Map<string, number>, feedWeight = 1): Row[] {
  const V = vocab.size;
  const M = V + DENSE.length;
  return items.map((item) => {
    const f = gateFeatures(item.title, item.teaser, lexicon);
    const index: number[] = [];
    const value: number[] = [];
    for (const [name, x] of f.sparse) {
      const i = vocab.get(name);
      if (i !== undefined) {
        index.push(i);
        value.push(x);
      }
    }
    f.dense.forEach((x, i) => {
      if (x !== 0) {
        index.push(V + i);
        value.push(x);
      }
    });
    f.meaning?.forEach((x, j) => {
      index.push(M + j);
      value.push(x);
    });
    return { index: Int32Array.from(index), value: Float64Array.from(value), y: GATE_CLASSES.indexOf(item.label), weight: item.origin.startsWith('data/gate/feeds/') ? feedWeight : 1 };
  });
}

interface Weights {
  w: Float64Array;
  bias: Float64Array;
}

function logits(row: Row, m: Weights): Float64Array {
  const z = Float64Array.from(m.bias);
  for (let j = 0; j < row.index.length; j += 1) {
    const base = row.index[j]! * K;
    const x = row.value[j]!;
    for (let k = 0; k < K; k += 1) z[k]! += x * m.w[base + k]!;
  }
  return z;
}

/** Full-batch Adam on the class-balanced, L2-regularised log loss. */
function fit(rows: Row[], features: number, l2: number, balanced: boolean): Weights {
  const counts = new Array<number>(K).fill(0);
  for (const r of rows) counts[r.y]! += 1;
  const classWeight = counts.map((c) => (c === 0 ? 0 : balanced ? rows.length / (K * c) : 1));
  const total = rows.reduce((s, r) => s + classWeight[r.y]! * r.weight, 0);
  const m: Weights = { w: new Float64Array(features * K), bias: new Float64Array(K) };
  const gw = new Float64Array(features * K);
  const gb = new Float64Array(K);
  const mw = new Float64Array(features * K);
  const vw = new Float64Array(features * K);
  const mb = new Float64Array(K);
  const vb = new Float64Array(K);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let t = 1; t <= ITERATIONS; t += 1) {
    gw.fill(0);
    gb.fill(0);
    for (const r of rows) {
      const p = softmax(logits(r, m));
      const cw = (classWeight[r.y]! * r.weight) / total;
      for (let k = 0; k < K; k += 1) p[k] = (p[k]! - (k === r.y ? 1 : 0)) * cw;
      for (let j = 0; j < r.index.length; j += 1) {
        const base = r.index[j]! * K;
        const x = r.value[j]!;
        for (let k = 0; k < K; k += 1) gw[base + k]! += x * p[k]!;
      }
      for (let k = 0; k < K; k += 1) gb[k]! += p[k]!;
    }
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (let i = 0; i < gw.length; i += 1) {
      const g = gw[i]! + l2 * m.w[i]!;
      mw[i] = b1 * mw[i]! + (1 - b1) * g;
      vw[i] = b2 * vw[i]! + (1 - b2) * g * g;
      m.w[i]! -= (LEARNING_RATE * (mw[i]! / c1)) / (Math.sqrt(vw[i]! / c2) + eps);
    }
    for (let k = 0; k < K; k += 1) {
      const g = gb[k]!;
      mb[k] = b1 * mb[k]! + (1 - b1) * g;
      vb[k] = b2 * vb[k]! + (1 - b2) * g * g;
      m.bias[k]! -= (LEARNING_RATE * (mb[k]! / c1)) / (Math.sqrt(vb[k]! / c2) + eps);
    }
  }
  return m;
}

function logLoss(rows: Row[], m: Weights, temperature: number): number {
  let loss = 0;
  for (const r of rows) loss -= Math.log(Math.max(1e-12, softmax(logits(r, m), temperature)[r.y]!));
  return loss / Math.max(1, rows.length);
}

const score = (p: number) => Math.round(p * 100) / 10;

/** The product's decision for given probabilities (the model's accept threshold, then the gate's ceilings). */
export function gatePasses(p: ArrayLike<number>, threshold: number): boolean {
  return p[0]! >= threshold && score(p[1]!) <= GATE.maxCortisol && score(p[2]!) <= GATE.maxRagebait && score(p[3]!) <= GATE.maxPromotional;
}

/** Accept precision and recall at a threshold. */
function precisionRecall(probabilities: Float64Array[], labels: number[], threshold: number): { precision: number; recall: number } {
  let tp = 0;
  let fp = 0;
  probabilities.forEach((p, i) => {
    if (!gatePasses(p, threshold)) return;
    if (labels[i] === 0) tp += 1;
    else fp += 1;
  });
  const positives = labels.filter((y) => y === 0).length;
  return { precision: tp + fp === 0 ? 0 : tp / (tp + fp), recall: positives === 0 ? 0 : tp / positives };
}

/** What the gate promises: of what it lets through, this share calm… */
export const TARGET_PRECISION = 0.95;
/** …while still letting through this share of the calm stories. */
export const TARGET_RECALL = 0.75;

/**
 * The accept threshold on the dev split: the lowest that reaches both targets (the most calm
 * stories at the promised precision); when none does, the best F0.5 (precision counts twice as
 * much as recall: a distressing story let through costs a reader's trust, a calm one held back
 * costs little).
 */
function chooseThreshold(probabilities: Float64Array[], labels: number[]): { threshold: number; precision: number; recall: number } {
  const candidates: Array<{ threshold: number; precision: number; recall: number; f: number }> = [];
  for (let step = 30; step <= 95; step += 1) {
    const threshold = step / 100;
    const { precision, recall } = precisionRecall(probabilities, labels, threshold);
    candidates.push({ threshold, precision, recall, f: precision + recall === 0 ? 0 : (1.25 * precision * recall) / (0.25 * precision + recall) });
  }
  const best = candidates.find((c) => c.precision >= TARGET_PRECISION && c.recall >= TARGET_RECALL) ?? candidates.reduce((a, b) => (b.f > a.f ? b : a));
  return { threshold: best.threshold, precision: best.precision, recall: best.recall };
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits || 0;

/** Train on a corpus (only its train and dev items are read). */
export function trainModel(corpus: readonly LabelledItem[], settings: Partial<TrainOptions> = {}): { model: ModelFile; report: Record<string, number>; devCurve: string } {
  const options = { ...TRAIN_DEFAULTS, ...settings };
  const train = corpus.filter((i) => i.split === 'train');
  const dev = corpus.filter((i) => i.split === 'dev');
  const valence = valenceLexicon();
  const harm = harmLexicon(train, valence);
  const glove = readVectors();
  const scaled = new Map([...glove.vectors].filter(([word]) => !isStopWord(word)).map(([word, v]) => [word, v.map((x) => x * MEANING_SCALE)]));
  const lexicon: GateLexicon = { harm: new Set(harm), valence, vectors: scaled };

  const vocabulary = (items: readonly LabelledItem[]) => {
    const seen = new Map<string, number>();
    for (const item of items) for (const name of gateFeatures(item.title, item.teaser, lexicon).sparse.keys()) seen.set(name, (seen.get(name) ?? 0) + 1);
    const names = [...seen].filter(([, n]) => n >= options.minCount).map(([name]) => name).sort();
    return new Map(names.map((name, i) => [name, i]));
  };

  const vocab = vocabulary(train);
  const trainRows = encode(train, lexicon, vocab, options.feedWeight);
  const devRows = encode(dev, lexicon, vocab);
  const features = vocab.size + DENSE.length + glove.dimensions;
  let chosen = { l2: options.l2Grid[0]!, loss: Infinity, weights: null as Weights | null };
  for (const l2 of options.l2Grid) {
    const weights = fit(trainRows, features, l2, options.balanced);
    const loss = logLoss(devRows, weights, 1);
    if (loss < chosen.loss) chosen = { l2, loss, weights };
  }
  const weights = chosen.weights!;
  let temperature = 1;
  let bestLoss = Infinity;
  for (let step = 40; step <= 300; step += 5) {
    const loss = logLoss(devRows, weights, step / 100);
    if (loss < bestLoss) [bestLoss, temperature] = [loss, step / 100];
  }
  const devProbabilities = devRows.map((r) => softmax(logits(r, weights), temperature));
  const cut = chooseThreshold(devProbabilities, devRows.map((r) => r.y));

  // The shipped weights: train + dev, same strength; calibration and threshold from the dev run.
  const finalVocab = vocabulary([...train, ...dev]);
  const final = fit(encode([...train, ...dev], lexicon, finalVocab, options.feedWeight), finalVocab.size + DENSE.length + glove.dimensions, chosen.l2, options.balanced);
  const rowOf = (i: number) => Array.from(final.w.subarray(i * K, i * K + K), (v) => round(v));
  const sparse: Record<string, number[]> = {};
  for (const [name, i] of finalVocab) {
    const w = rowOf(i);
    if (w.some((v) => v !== 0)) sparse[name] = w;
  }
  const dense: Record<string, number[]> = {};
  DENSE.forEach((name, i) => (dense[name] = rowOf(finalVocab.size + i)));
  // Fold the meaning weights into each word: what its scaled vector adds to each class score, less
  // what it adds to accept (the softmax is the same when one number is taken from every class; a
  // word's numbers are about 5 apart, so one decimal keeps them to about 1 %).
  const meaningAt = finalVocab.size + DENSE.length;
  const vectors: ModelFile['vectors'] = { words: [], adds: [] };
  for (const [word, v] of scaled) {
    const adds = new Array<number>(K).fill(0);
    v.forEach((x, j) => {
      for (let k = 0; k < K; k += 1) adds[k]! += x * final.w[(meaningAt + j) * K + k]!;
    });
    vectors.words.push(word);
    for (const a of adds) vectors.adds.push(Math.round((a - adds[0]!) * 10) || 0);
  }
  const count = (label: GateClass) => [...train, ...dev].filter((i) => i.label === label).length;
  const model: ModelFile = {
    format: 2,
    classes: [...GATE_CLASSES],
    trained: {
      items: train.length + dev.length,
      train: train.length,
      dev: dev.length,
      accept: count('accept'),
      distress: count('distress'),
      ragebait: count('ragebait'),
      promotional: count('promotional'),
      l2: chosen.l2,
      iterations: ITERATIONS,
      dev_log_loss: round(bestLoss),
      dev_accept_precision: round(cut.precision),
      dev_accept_recall: round(cut.recall),
    },
    temperature,
    threshold: cut.threshold,
    bias: Array.from(final.bias, (v) => round(v)),
    dense,
    sparse,
    lexicon: { harm, valence: Object.fromEntries(valence) },
    vectors,
  };
  const devCurve = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    .map((t) => [t, precisionRecall(devProbabilities, devRows.map((r) => r.y), t)] as const)
    .map(([t, pr]) => `t${t}: P${pr.precision.toFixed(3)} R${pr.recall.toFixed(3)}`)
    .join(' | ');
  return { model, report: { ...model.trained } as Record<string, number>, devCurve };
}

/** The weight file's text: stable key order, one feature per line (diffs stay readable). */
export function modelText(model: ModelFile): string {
  const { sparse, lexicon, dense, vectors, ...head } = model;
  const lines = Object.keys(sparse).sort().map((k) => `    ${JSON.stringify(k)}: ${JSON.stringify(sparse[k])}`);
  const denseLines = Object.keys(dense).map((k) => `    ${JSON.stringify(k)}: ${JSON.stringify(dense[k])}`);
  const valence = Object.keys(lexicon.valence).sort().map((k) => `${JSON.stringify(k)}:${lexicon.valence[k]}`);
  return [
    '{',
    ...Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
    `  "dense": {\n${denseLines.join(',\n')}\n  },`,
    `  "sparse": {\n${lines.join(',\n')}\n  },`,
    `  "lexicon": {\n    "harm": ${JSON.stringify(lexicon.harm)},\n    "valence": {${valence.join(',')}}\n  },`,
    `  "vectors": {\n    "words": ${JSON.stringify(vectors.words)},\n    "adds": ${JSON.stringify(vectors.adds)}\n  }`,
    '}',
    '',
  ].join('\n');
}
