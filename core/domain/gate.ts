/**
 * The calm gate (CONTRACT.md "Scores and taxonomy"): whether an article is accepted, why not, and
 * whether it is gentle enough to lead the brief or replace a hero card.
 */
import type { Classification } from './article.ts';

/** Default gate thresholds (inclusive ceilings). */
export const GATE = { maxCortisol: 4, maxRagebait: 3, maxPromotional: 4 } as const;
/** Gentle thresholds (inclusive ceilings). */
export const GENTLE = { maxCortisol: 2, maxRagebait: 1 } as const;

/** Words that make a story unfit to lead, however calm its scores (grief, medical, violence). */
export const GENTLE_EXCLUDED_TERMS: readonly string[] = [
  // grief
  'died', 'dies', 'death', 'dead', 'funeral', 'grief', 'grieving', 'mourn', 'mourning', 'memorial', 'obituary', 'passed away', 'bereaved', 'widow',
  // medical
  'cancer', 'tumour', 'tumor', 'disease', 'diagnosis', 'diagnosed', 'surgery', 'hospital', 'patient', 'patients', 'illness', 'virus', 'pandemic', 'chemotherapy', 'transplant', 'dementia', 'stroke', 'overdose',
  // violence
  'war', 'attack', 'killed', 'kill', 'shooting', 'murder', 'violence', 'violent', 'bomb', 'assault', 'weapon', 'gun', 'stabbing', 'abuse', 'massacre', 'terror',
];

export const gentleExcluded = new RegExp(`\\b(?:${GENTLE_EXCLUDED_TERMS.map((t) => t.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/** The gate's reason for each of the offline model's reject reasons. */
const REASON_OF = { distress: 'cortisol', ragebait: 'ragebait', promotional: 'promotional' } as const;

/**
 * The gate decision: accepted, or the reason it was rejected. A language model's acceptance that
 * the offline model overruled is `offline_veto`; a classifier that names its own reason (the offline
 * model) is taken at its word; then the score ceilings; then `model` for a plain "no".
 */
export function gateDecision(c: Pick<Classification, 'accept' | 'cortisol' | 'ragebait' | 'promotional' | 'reason' | 'vetoed'>): {
  accepted: boolean;
  reason: string | null;
} {
  if (c.vetoed) return { accepted: false, reason: 'offline_veto' };
  if (!c.accept && c.reason) return { accepted: false, reason: REASON_OF[c.reason] };
  if (c.cortisol > GATE.maxCortisol) return { accepted: false, reason: 'cortisol' };
  if (c.ragebait > GATE.maxRagebait) return { accepted: false, reason: 'ragebait' };
  if (c.promotional > GATE.maxPromotional) return { accepted: false, reason: 'promotional' };
  if (!c.accept) return { accepted: false, reason: 'model' };
  return { accepted: true, reason: null };
}

/** True when a text mentions grief, medical or violence terms. */
export function hasHeavyTerms(text: string): boolean {
  return gentleExcluded.test(text);
}

/** Gentle: very low cortisol and ragebait, and no grief, medical or violence terms in title or summary. */
export function isGentle(a: { cortisol: number; ragebait: number; title: string; summary?: string | null; why?: string | null }): boolean {
  if (a.cortisol > GENTLE.maxCortisol || a.ragebait > GENTLE.maxRagebait) return false;
  return !hasHeavyTerms(`${a.title}\n${a.summary ?? ''}`);
}
