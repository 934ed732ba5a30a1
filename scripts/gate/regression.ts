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

/**
 * Full-batch Adam on the class-balanced, L2-regularised log loss. The pass over the rows is the hot
 * path of `npm run gate:train` and of the test that retrains (5 fits of 400 passes over ~350,000
 * non-zero values): the rows are packed into two flat arrays, the K = 4 class scores are held in
 * locals, and nothing is allocated per row. Every sum still takes the same terms in the same order
 * as `logits` and `softmax` do, so the weights are bit for bit those of the plain loops.
 */
export function fit(rows: Row[], features: number, l2: number, balanced: boolean): Weights {
  if (K !== 4) throw new Error(`fit is written for 4 classes, not ${K}`);
  const counts = new Array<number>(K).fill(0);
  for (const r of rows) counts[r.y]! += 1;
  const classWeight = counts.map((c) => (c === 0 ? 0 : balanced ? rows.length / (K * c) : 1));
  const total = rows.reduce((s, r) => s + classWeight[r.y]! * r.weight, 0);
  const packed = pack(rows, (r) => (classWeight[r.y]! * r.weight) / total);
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
    gradient(packed, m, gw, gb);
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

/** Rows packed for the pass: row n's features are `at[n] … at[n + 1]` of `index` and `value`. */
interface Packed {
  at: Int32Array;
  index: Int32Array;
  value: Float64Array;
  y: Int32Array;
  /** The row's share of the loss (its class weight times its weight, over the total). */
  share: Float64Array;
}

function pack(rows: Row[], share: (r: Row) => number): Packed {
  const at = new Int32Array(rows.length + 1);
  rows.forEach((r, n) => (at[n + 1] = at[n]! + r.index.length));
  const index = new Int32Array(at[rows.length]!);
  const value = new Float64Array(at[rows.length]!);
  rows.forEach((r, n) => {
    index.set(r.index, at[n]);
    value.set(r.value, at[n]);
  });
  return { at, index, value, y: Int32Array.from(rows, (r) => r.y), share: Float64Array.from(rows, share) };
}

/**
 * Adds every row's gradient of the loss to `gw` and `gb`: the scores (bias, then each feature in
 * order, as `logits`), their softmax (as `softmax` with temperature 1: `v / 1` is `v`), minus the
 * one-hot class, times the row's share.
 */
function gradient({ at, index, value, y, share }: Packed, m: Weights, gw: Float64Array, gb: Float64Array): void {
  const { w, bias } = m;
  for (let n = 0; n + 1 < at.length; n += 1) {
    const from = at[n]!;
    const to = at[n + 1]!;
    let z0 = bias[0]!;
    let z1 = bias[1]!;
    let z2 = bias[2]!;
    let z3 = bias[3]!;
    for (let j = from; j < to; j += 1) {
      const base = index[j]! * 4;
      const x = value[j]!;
      z0 += x * w[base]!;
      z1 += x * w[base + 1]!;
      z2 += x * w[base + 2]!;
      z3 += x * w[base + 3]!;
    }
    const max = Math.max(Math.max(Math.max(Math.max(-Infinity, z0), z1), z2), z3);
    let sum = 0;
    sum += z0 = Math.exp(z0 - max);
    sum += z1 = Math.exp(z1 - max);
    sum += z2 = Math.exp(z2 - max);
    sum += z3 = Math.exp(z3 - max);
    const c = share[n]!;
    const k = y[n]!;
    const p0 = (z0 / sum - (k === 0 ? 1 : 0)) * c;
    const p1 = (z1 / sum - (k === 1 ? 1 : 0)) * c;
    const p2 = (z2 / sum - (k === 2 ? 1 : 0)) * c;
    const p3 = (z3 / sum - (k === 3 ? 1 : 0)) * c;
    for (let j = from; j < to; j += 1) {
      const base = index[j]! * 4;
      const x = value[j]!;
      gw[base]! += x * p0;
      gw[base + 1]! += x * p1;
      gw[base + 2]! += x * p2;
      gw[base + 3]! += x * p3;
    }
    gb[0]! += p0;
    gb[1]! += p1;
    gb[2]! += p2;
    gb[3]! += p3;
  }
}

export function logLoss(rows: Row[], m: Weights, temperature: number): number {
  let loss = 0;
  for (const r of rows) loss -= Math.log(Math.max(1e-12, softmax(logits(r, m), temperature)[r.y]!));
  return loss / Math.max(1, rows.length);
}
