/** What every lazily loaded view receives (LazyView renders them; the views only need the shape). */
import type { LazyView as LazyName } from '../lib/route.ts';

/** Props every lazy view receives. */
export interface LazyViewProps {
  name: LazyName;
  say: (text: string, undo?: () => void) => void;
}
