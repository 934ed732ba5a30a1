/**
 * The brief is server-authoritative (SPEC.md Invariants). A client-side replacement is a soft
 * override: the ids the reader replaced away, remembered with the brief's `generated_at`. While the
 * server's stamp is unchanged the override is sent as `exclude`; once the stamp advances the
 * override is dropped and the server's new brief is shown as it is.
 */
import { isValidId, isRecord } from '../../core/domain/guards.ts';

/** The stored override. */
export interface Override {
  generated_at: string;
  exclude: string[];
}

/** Parse a stored override (untrusted storage), or null. */
export function parseOverride(value: unknown): Override | null {
  if (!isRecord(value) || typeof value.generated_at !== 'string' || !Array.isArray(value.exclude)) return null;
  const exclude = value.exclude.filter(isValidId).slice(0, 50);
  return exclude.length ? { generated_at: value.generated_at, exclude } : null;
}

/** The override that still applies to a brief stamped `generatedAt`, or null when it yields. */
export function activeOverride(override: Override | null, generatedAt: string): Override | null {
  if (!override) return null;
  return Date.parse(override.generated_at) === Date.parse(generatedAt) ? override : null;
}

/** Record that `id` was replaced away in the brief stamped `generatedAt`. */
export function addReplaced(override: Override | null, generatedAt: string, id: string): Override {
  const current = activeOverride(override, generatedAt);
  const exclude = current ? current.exclude : [];
  return { generated_at: generatedAt, exclude: exclude.includes(id) ? exclude : [...exclude, id] };
}

/** The ids still excluded today (yesterday's "Not today" choices have lapsed). */
export function todaysExclusions(value: unknown, day: string): string[] {
  if (!isRecord(value) || value.day !== day || !Array.isArray(value.ids)) return [];
  return value.ids.filter(isValidId).slice(0, 100);
}

/** The reader's local calendar day, `YYYY-MM-DD`. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
