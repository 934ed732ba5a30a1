/** Highlights: the seven-story brief with its gentle lead as the hero card. */
import { useMemo } from 'preact/hooks';
import type { BriefState } from '../App/useBrief.ts';
import { ArticleCard, type CardActions } from '../ArticleCard/index.tsx';
import { CardSlot } from './slot.tsx';

/** Props: the brief state and the card actions. */
export interface BriefViewProps {
  brief: BriefState;
  actions: CardActions;
}

/** Render the brief (a calm placeholder line, never a spinner wall, until the first answer). */
export function BriefView({ brief, actions }: BriefViewProps) {
  const items = brief.items;
  const cardActions = useMemo(() => ({ ...actions, replace: brief.replace }), [actions, brief.replace]);
  return (
    <section class="brief" aria-labelledby="view-title">
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        Today’s brief
      </h2>
      {brief.offline && <p class="quiet">You are offline: this is the brief as last published.</p>}
      {items === null ? (
        <p class="quiet">Gathering today’s calm stories…</p>
      ) : items.length === 0 ? (
        <p class="quiet">No stories fit your Calm Filters right now. You can loosen them in Calm Filters.</p>
      ) : (
        <ol class="cards" aria-label="Seven stories">
          {items.map((card, index) => (
            <CardSlot key={card.id} id={card.id}>
              <ArticleCard card={card} index={index} hero={index === 0} actions={cardActions} />
            </CardSlot>
          ))}
        </ol>
      )}
    </section>
  );
}
