/**
 * The calm gate's accept threshold: what the product decides for given class probabilities (the
 * model's threshold, then the gate's score ceilings), and the threshold chosen on the dev split
 * against the promised precision and recall.
 */
import { GATE } from '../../core/domain/gate.ts';

const score = (p: number) => Math.round(p * 100) / 10;

/** The product's decision for given probabilities (the model's accept threshold, then the gate's ceilings). */
export function gatePasses(p: ArrayLike<number>, threshold: number): boolean {
  return p[0]! >= threshold && score(p[1]!) <= GATE.maxCortisol && score(p[2]!) <= GATE.maxRagebait && score(p[3]!) <= GATE.maxPromotional;
}

/** Accept precision and recall at a threshold. */
export function precisionRecall(probabilities: Float64Array[], labels: number[], threshold: number): { precision: number; recall: number } {
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
export function chooseThreshold(probabilities: Float64Array[], labels: number[]): { threshold: number; precision: number; recall: number } {
  const candidates: Array<{ threshold: number; precision: number; recall: number; f: number }> = [];
  for (let step = 30; step <= 95; step += 1) {
    const threshold = step / 100;
    const { precision, recall } = precisionRecall(probabilities, labels, threshold);
    candidates.push({ threshold, precision, recall, f: precision + recall === 0 ? 0 : (1.25 * precision * recall) / (0.25 * precision + recall) });
  }
  const best = candidates.find((c) => c.precision >= TARGET_PRECISION && c.recall >= TARGET_RECALL) ?? candidates.reduce((a, b) => (b.f > a.f ? b : a));
  return { threshold: best.threshold, precision: best.precision, recall: best.recall };
}
