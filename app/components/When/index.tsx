/** A date as Tidings shows it everywhere (core/domain/dates.ts): short text, the full date in the title. */
import { formatWhen } from '../../../core/domain/dates.ts';

/** Props: the moment (ISO string or Date). */
export interface WhenProps {
  at: string | Date | null | undefined;
}

/** Render `<time datetime title>`, or nothing for a missing or invalid date. */
export function When({ at }: WhenProps) {
  const w = at ? formatWhen(at, new Date()) : null;
  if (!w) return null;
  return (
    <time dateTime={w.iso} title={w.full}>
      {w.text}
    </time>
  );
}
