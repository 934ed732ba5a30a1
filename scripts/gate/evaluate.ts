/**
 * Measuring the calm gate on labelled items through the product's own path: `classifyOffline`
 * then `gateDecision`, exactly as ingestion decides. Accept precision and recall, reject recall per
 * reason, the confusion matrix and the worst errors (most confident wrong decisions).
 */
import type { Classification } from '../../core/domain/article.ts';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { gateDecision } from '../../core/domain/gate.ts';
import { GATE_CLASSES, type GateClass } from '../../core/domain/gate-weights.ts';
import type { LabelledItem } from './corpus.ts';

/** What the gate decided, in the corpus's terms: accept, or the reason it gives. */
export type Decided = 'accept' | 'distress' | 'ragebait' | 'promotional' | 'other';

const REASON: Record<string, Decided> = { cortisol: 'distress', ragebait: 'ragebait', promotional: 'promotional' };

export interface GateError {
  item: LabelledItem;
  decided: Decided;
  /** How sure the model was of its wrong answer (its probability of the decided side). */
  confidence: number;
  cues: string[];
}

export interface GateMetrics {
  items: number;
  /** confusion[label][decided] */
  confusion: Record<GateClass, Record<Decided, number>>;
  acceptPrecision: number;
  acceptRecall: number;
  /** Share of each reason's items that were rejected (for any reason). */
  rejectRecall: Record<Exclude<GateClass, 'accept'>, number>;
  /** Share of each reason's items rejected with that very reason. */
  reasonAccuracy: Record<Exclude<GateClass, 'accept'>, number>;
  errors: GateError[];
}

/** The gate's decision on one item, with the classification behind it. */
export function decide(item: Pick<LabelledItem, 'title' | 'teaser'>): { decided: Decided; classification: Classification } {
  const classification = classifyOffline({ title: item.title, teaser: item.teaser });
  const gate = gateDecision(classification);
  return { decided: gate.accepted ? 'accept' : (REASON[gate.reason ?? ''] ?? 'other'), classification };
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function evaluate(items: readonly LabelledItem[]): GateMetrics {
  const decided: Decided[] = ['accept', 'distress', 'ragebait', 'promotional', 'other'];
  const confusion = Object.fromEntries(GATE_CLASSES.map((c) => [c, Object.fromEntries(decided.map((d) => [d, 0]))])) as GateMetrics['confusion'];
  const errors: GateError[] = [];
  for (const item of items) {
    const { decided: d, classification: c } = decide(item);
    confusion[item.label][d] += 1;
    const wrong = (item.label === 'accept') !== (d === 'accept');
    if (wrong) {
      const pAccept = c.offline?.p_accept ?? (c.accept ? 1 : 0);
      errors.push({ item, decided: d, confidence: d === 'accept' ? pAccept : 1 - pAccept, cues: c.offline?.cues ?? [] });
    }
  }
  const accepted = GATE_CLASSES.reduce((s, c) => s + confusion[c].accept, 0);
  const actual = Object.values(confusion.accept).reduce((s, n) => s + n, 0);
  const rejectRecall = {} as GateMetrics['rejectRecall'];
  const reasonAccuracy = {} as GateMetrics['reasonAccuracy'];
  for (const reason of ['distress', 'ragebait', 'promotional'] as const) {
    const row = confusion[reason];
    const n = Object.values(row).reduce((s, v) => s + v, 0);
    rejectRecall[reason] = ratio(n - row.accept, n);
    reasonAccuracy[reason] = ratio(row[reason], n);
  }
  errors.sort((a, b) => b.confidence - a.confidence || (a.item.origin < b.item.origin ? -1 : 1));
  return { items: items.length, confusion, acceptPrecision: ratio(confusion.accept.accept, accepted), acceptRecall: ratio(confusion.accept.accept, actual), rejectRecall, reasonAccuracy, errors };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

/** The report `npm run gate:eval` prints. */
export function formatMetrics(name: string, m: GateMetrics, worst = 20): string {
  const decided: Decided[] = ['accept', 'distress', 'ragebait', 'promotional', 'other'];
  const lines = [
    `== ${name}: ${m.items} items`,
    `accept precision ${m.acceptPrecision.toFixed(3)}, accept recall ${m.acceptRecall.toFixed(3)}`,
    `reject recall: ${(['distress', 'ragebait', 'promotional'] as const).map((r) => `${r} ${pct(m.rejectRecall[r])} (with that reason ${pct(m.reasonAccuracy[r])})`).join(', ')}`,
    '',
    'confusion (rows: label, columns: the gate\'s decision; "other" is a rejection for the model\'s own reason)',
    `${'label'.padEnd(12)}${decided.map((d) => d.padStart(12)).join('')}`,
    ...GATE_CLASSES.map((c) => `${c.padEnd(12)}${decided.map((d) => String(m.confusion[c][d]).padStart(12)).join('')}`),
    '',
    `${Math.min(worst, m.errors.length)} worst errors (most confident first):`,
    ...m.errors.slice(0, worst).map((e) => `  [${e.item.label} → ${e.decided} ${e.confidence.toFixed(2)}] ${e.item.title}${e.cues.length ? `  (cues: ${e.cues.join(', ')})` : ''}  ${e.item.origin}`),
  ];
  return lines.join('\n');
}
