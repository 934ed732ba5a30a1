/** `puzzles`: create today's and tomorrow's puzzles (UTC) ahead of time; existing ones are left untouched. */
import { addDays, utcDay } from '../core/domain/days.ts';
import { WORD_GAMES } from '../core/domain/puzzle.ts';
import { ensureWordPuzzle, ensureWordSearch } from '../core/puzzles/daily.ts';
import type { JobDefinition } from './context.ts';

export const puzzlesJob: JobDefinition = {
  name: 'puzzles',
  // Hourly, so a missed run (worker down at midnight) is caught up within the hour; runs are cheap no-ops once stored.
  every: '1 hour',
  async run(ctx) {
    const now = ctx.now();
    const today = utcDay(now);
    const days = [today, addDays(today, 1)];
    let created = 0;
    let existing = 0;
    const steps = days.length * (WORD_GAMES.length + 1);
    for (const day of days) {
      for (const game of WORD_GAMES) {
        const result = await ensureWordPuzzle(ctx.db, day, game, now);
        if (result.created) created += 1;
        else existing += 1;
        ctx.progress(created + existing, steps, `${day} ${game}`);
      }
      const search = await ensureWordSearch(ctx.db, day, { model: ctx.model, log: ctx.log, now });
      if (search.created) created += 1;
      else existing += 1;
      ctx.progress(created + existing, steps, `${day} wordsearch`);
    }
    return { today, created, existing };
  },
};
