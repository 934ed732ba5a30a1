/**
 * One story: image (lazy, with dimensions so nothing shifts), source, title linking to its summary
 * page, why line, tag chips, Full story, Replace (brief only), Share, and the boundary actions.
 */
import type { Card } from '../../lib/cards.ts';
import { sendEvent } from '../../lib/events.ts';
import { Menu, type MenuItem } from '../Menu/index.tsx';
import { ShareMenu } from '../ShareMenu/index.tsx';
import { When } from '../When/index.tsx';
import { FollowButton, noteRead, SaveButton } from '../../views/account/entry.tsx';

/** What a reader can do with a card. */
export interface CardActions {
  /** Announce a result in the toast, with an undo when the action can be undone. */
  say: (text: string, undo?: () => void) => void;
  replace?: (card: Card, index: number) => void;
  notToday: (card: Card) => void;
  lessLikeThis: (card: Card) => void;
  pauseSource: (card: Card) => void;
  alwaysHide: (card: Card) => void;
  go: (href: string) => void;
}

/** Props of one card. */
export interface ArticleCardProps {
  card: Card;
  index: number;
  hero?: boolean;
  actions: CardActions;
  /** Follow by the source name (signed in); off in a source's own feed, whose header has Follow. */
  followSource?: boolean;
}

/**
 * Past this many characters a lead's title takes three lines at the lead's size on a wide screen
 * (about 50 characters a line beside its picture at 1280 px): such a lead is marked `long`, and
 * app.css sets its title smaller and its summary to one line, so the lead keeps its height and the
 * seven titles their place on the first screen and a half (issue 18.1).
 */
export const LONG_LEAD_TITLE = 100;

/** A readable name for a tag or topic id. */
export function label(id: string): string {
  const s = id.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The "Not for me" items of a card. */
function boundaryItems(card: Card, actions: CardActions): MenuItem[] {
  const items: MenuItem[] = [
    { key: 'today', label: 'Not today', onSelect: () => actions.notToday(card) },
    { key: 'less', label: 'Less like this', onSelect: () => actions.lessLikeThis(card) },
    { key: 'source', label: `Pause ${card.source_name} for a week`, onSelect: () => actions.pauseSource(card) },
  ];
  if (card.topic) items.push({ key: 'hide', label: `Always hide ${label(card.topic)}`, onSelect: () => actions.alwaysHide(card) });
  return items;
}

/** Render one card. */
export function ArticleCard({ card, index, hero = false, actions, followSource = true }: ArticleCardProps) {
  const titleId = `t-${card.id}`;
  const Heading = hero ? 'h2' : 'h3';
  const internal = (href: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    actions.go(href);
  };
  const fullStory = () => {
    sendEvent('full_story', card.id);
    if (card.paywalled) sendEvent('paywalled_source_open', card.id);
  };
  return (
    <article class={hero ? (card.title.length > LONG_LEAD_TITLE ? 'card hero long' : 'card hero') : 'card'} aria-labelledby={titleId} data-id={card.id}>
      {card.image && (
        <img
          class="card-image"
          src={card.image}
          alt=""
          width={hero ? 960 : 480}
          height={hero ? 540 : 270}
          loading={hero ? 'eager' : 'lazy'}
          fetchpriority={hero ? 'high' : undefined}
          decoding="async"
          referrerpolicy="no-referrer"
        />
      )}
      <div class="card-body">
        <p class="card-source">
          <a href={`/?source=${encodeURIComponent(card.source_id)}`} onClick={internal(`/?source=${encodeURIComponent(card.source_id)}`)}>
            {card.source_name}
          </a>
          {followSource && <FollowButton kind="source" value={card.source_id} name={card.source_name} say={actions.say} small />}
          {/* Each with its separator, so a line that wraps never ends on a "·". */}
          {card.published_at && <span> · <When at={card.published_at} /></span>}
          {card.reading_minutes && <span> · {card.reading_minutes} min read</span>}
          {card.paywalled && <span class="badge">Subscription</span>}
        </p>
        <Heading id={titleId} class="card-title">
          <a href={`/a/${card.id}`} aria-keyshortcuts="o" onClick={() => { sendEvent('open', card.id); noteRead(card.id, 'opened'); }}>
            {card.title}
          </a>
        </Heading>
        {/* The card's one sentence is its line (the summary's first, issue 18.2); the hero also carries the whole summary, shown instead only beside its picture on wide screens (app.css). */}
        {hero && card.summary && <p class="summary">{card.summary}</p>}
        {card.line && <p class="why">{card.line}</p>}
        {card.also_reported_by.length > 0 && (
          <p class="also-reported">
            Also reported by {card.also_reported_by.length} other {card.also_reported_by.length === 1 ? 'outlet' : 'outlets'}
          </p>
        )}
        {card.tags.length > 0 && (
          <ul class="chips" aria-label="Tags">
            {card.tags.map((tag) => (
              <li key={tag}>
                <a href={`/?tag=${encodeURIComponent(tag)}`} onClick={internal(`/?tag=${encodeURIComponent(tag)}`)}>
                  {label(tag)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <div class="actions">
          <a class="button primary" href={card.url} rel="noopener noreferrer" onClick={fullStory}>
            Full story<span class="sr-only"> at {card.source_name}</span>
          </a>
          {actions.replace && (
            <button type="button" class="button" aria-keyshortcuts="r" onClick={() => actions.replace?.(card, index)}>
              Replace<span class="sr-only">: {card.title}</span>
            </button>
          )}
          <SaveButton articleId={card.id} title={card.title} say={actions.say} />
          <ShareMenu card={card} say={actions.say} />
          <Menu name="not-for-me" label={<>Not for me<span class="sr-only">: {card.title}</span></>} items={boundaryItems(card, actions)} />
        </div>
      </div>
    </article>
  );
}
