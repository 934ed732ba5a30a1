/** A date as Tidings shows it everywhere (core/domain/dates.ts): short text, the full date in the title. */
import { formatWhen } from '../../../core/domain/dates.ts';

/** Props: the moment (ISO string or Date), and `now` (null: a plain date, as static pages show it). */
export interface WhenProps {
  at: string | Date | null | undefined;
  now?: Date | null;
}

/** Render `<time datetime title>`, or nothing for a missing or invalid date. */
export function When({ at, now = new Date() }: WhenProps) {
  const w = at ? formatWhen(at, now) : null;
  if (!w) return null;
  return (
    <time dateTime={w.iso} title={w.full}>
      {w.text}
    </time>
  );
}
