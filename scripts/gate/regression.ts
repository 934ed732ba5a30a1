/**
 * The calm gate's optimiser: a multinomial logistic regression over sparse rows (feature index and
 * value pairs), fitted by full-batch Adam on the L2-regularised, optionally class-balanced log
 * loss. Deterministic: no randomness, rows in the given order. scripts/gate/train.ts encodes the
 * corpus into rows and chooses the strength, temperature and threshold.
 */
import { GATE_CLASSES, softmax } from '../../core/domain/gate-weights.ts';

const K = GATE_CLASSES.length;
export const ITERATIONS = 400;
const LEARNING_RATE = 0.05;

/** One encoded item: its non-zero features, its class and how much it counts in the loss. */
export interface Row {
  index: Int32Array;
  value: Float64Array;
  y: number;
  /** How much the item counts in the loss (real feed items may count more than written ones). */
  weight: number;
}

/** Weights by feature (K a feature, flat) and the K biases. */
export interface Weights {
  w: Float64Array;
  bias: Float64Array;
}

export function logits(row: Row, m: Weights): Float64Array {
  const z = Float64Array.from(m.bias);
  for (let j = 0; j < row.index.length; j += 1) {
    const base = row.index[j]! * K;
    const x = row.value[j]!;
    for (let k = 0; k < K; k += 1) z[k]! += x * m.w[base + k]!;
  }
  return z;
}

/** Full-batch Adam on the class-balanced, L2-regularised log loss. */
export function fit(rows: Row[], features: number, l2: number, balanced: boolean): Weights {
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

export function logLoss(rows: Row[], m: Weights, temperature: number): number {
  let loss = 0;
  for (const r of rows) loss -= Math.log(Math.max(1e-12, softmax(logits(r, m), temperature)[r.y]!));
  return loss / Math.max(1, rows.length);
}
