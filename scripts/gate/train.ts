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
import { DENSE, gateFeatures, type GateLexicon } from '../../core/domain/gate-features.ts';
import { isStopWord } from '../../core/domain/gate-stems.ts';
import { GATE_CLASSES, softmax, type GateClass, type ModelFile } from '../../core/domain/gate-weights.ts';
import { loadCorpus, ROOT, type LabelledItem } from './corpus.ts';
import { harmLexicon, valenceLexicon } from './lexicon.ts';
import { fit, ITERATIONS, logits, logLoss, type Row, type Weights } from './regression.ts';
import { chooseThreshold, precisionRecall } from './threshold.ts';
import { readVectors } from './vectors.ts';

export const MODEL_PATH = path.join(ROOT, 'core/domain/gate-model.json');
const K = GATE_CLASSES.length;
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