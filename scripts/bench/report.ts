/**
 * The benchmark report's shape and its pure helpers: every figure is a field holding its value,
 * its target and a `pass` flag, or `{skipped: reason}` when it could not be measured honestly.
 */

/** A target: the value must be at least / at most `limit`. */
export interface Target {
  op: '>=' | '<=';
  limit: number;
}

/** One figure of the report. */
export type Field =
  | { value: number; min?: number; max?: number; unit?: string; target?: string; pass?: boolean; note?: string }
  | { skipped: string; target?: string };

/** A section of the report (`api`, `ingest`, `build`, `pages`) or its notes. */
export type Section = Record<string, Field>;

/** True when `value` meets `target`. */
export function meets(value: number, target: Target): boolean {
  return target.op === '>=' ? value >= target.limit : value <= target.limit;
}

/** Render a target as text (`">= 0.6"`). */
export function targetText(target: Target): string {
  return `${target.op} ${target.limit}`;
}

/** Round to `digits` significant decimals (ratios to 3, rates to 1). */
export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A measured field, checked against its target when it has one. */
export function measured(value: number, options: { target?: Target; unit?: string; note?: string; digits?: number } = {}): Field {
  const field: Field = { value: round(value, options.digits ?? 3) };
  if (options.unit) field.unit = options.unit;
  if (options.target) {
    field.target = targetText(options.target);
    field.pass = meets(value, options.target);
  }
  if (options.note) field.note = options.note;
  return field;
}

/**
 * A ratio measured once per round (issue 19): the median round is the value, checked against
 * `target`, with the lowest and highest round beside it; `note` follows the per-round values.
 */
export function roundsField(values: readonly number[], target: Target, note: string): Field {
  if (values.length === 0) return skipped('no steady round (the floor rate was zero or starved)', target);
  const value = median(values);
  return {
    value: round(value),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    target: targetText(target),
    pass: meets(value, target),
    note: `median of per-round ratios ${values.map((v) => v.toFixed(3)).join('/')}${note ? `; ${note}` : ''}`,
  };
}

/**
 * A ratio of two sides each timed once per round, `a[i]` against `b[i]` (seconds apart, so a slow
 * or fast spell of the machine meets both): `roundsField` of the per-round ratios. Rounds where
 * `b` has no positive rate are left out.
 */
export function pairedRoundsField(a: readonly number[], b: readonly number[], target: Target, note: string): Field {
  const perRound: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const r = ratio(a[i]!, b[i]!);
    if (r !== null) perRound.push(r);
  }
  return roundsField(perRound, target, note);
}

/** A field that could not be measured, and why (never a made-up number). */
export function skipped(reason: string, target?: Target): Field {
  return target ? { skipped: reason, target: targetText(target) } : { skipped: reason };
}

/** `a / b`, or null when `b` is not a positive finite number. */
export function ratio(a: number, b: number): number | null {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : null;
}

/** The fields of the report that missed their target, and those skipped, as `section.field` names. */
export function verdict(sections: Record<string, Section>): { pass: boolean; failed: string[]; skipped: string[] } {
  const failed: string[] = [];
  const skippedNames: string[] = [];
  for (const [section, fields] of Object.entries(sections)) {
    for (const [name, field] of Object.entries(fields)) {
      if ('skipped' in field) skippedNames.push(`${section}.${name}`);
      else if (field.pass === false) failed.push(`${section}.${name}`);
    }
  }
  return { pass: failed.length === 0 && skippedNames.length === 0, failed, skipped: skippedNames };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
