/** A mood, topic, tag, source or Latest feed, twenty stories at a time. */
import { useEffect, useState } from 'preact/hooks';
import { fetchFeed } from '../../lib/api.ts';
import { emptyFeedText, isKnownFeed } from '../../lib/lanes.ts';
import type { Card } from '../../lib/cards.ts';
import { feedParams, type FeedQuery } from '../../lib/route.ts';
import { ArticleCard, type CardActions } from '../ArticleCard/index.tsx';
import { FollowButton } from '../../views/account/entry.tsx';
import { useSession } from '../../views/account/session.ts';

/** Props: which feed, its title, the prefs value (and whether it filters anything) and the ids hidden today. */
export interface FeedViewProps {
  feed: FeedQuery;
  title: string;
  param: string;
  filtering: boolean;
  hiddenIds: string[];
  actions: CardActions;
}

const PAGE = 20;

/** Render a feed with a "Show more" button (paging by offset). */
export function FeedView({ feed, title, param, filtering, hiddenIds, actions }: FeedViewProps) {
  const [items, setItems] = useState<Card[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const { session, followKey } = useSession();
  const following = feed.kind === 'following';
  // The Following lane reloads when what the reader follows changes (a card's Follow, Undo).
  const key = `${feed.kind}:${feed.value}:${param}:${hiddenIds.join(',')}:${following ? followKey : ''}`;

  const known = isKnownFeed(feed);
  useEffect(() => {
    // A mood, topic or tag the taxonomy does not have holds no story: nothing to ask (the server refuses an unknown mood).
    if (!known) return;
    const abort = new AbortController();
    setFailed(false);
    setItems(null);
    void fetchFeed(feedParams(feed), param, 0, hiddenIds, abort.signal).then((page) => {
      if (abort.signal.aborted) return;
      setFailed(page === null);
      setItems(page ?? []);
      setMore((page?.length ?? 0) >= PAGE);
    });
    return () => abort.abort();
  }, [key]);

  const loadMore = async () => {
    const page = await fetchFeed(feedParams(feed), param, items?.length ?? 0, hiddenIds);
    if (!page) return actions.say('Tidings could not be reached. Please try again in a moment.');
    setItems((current) => {
      const seen = new Set((current ?? []).map((c) => c.id));
      return [...(current ?? []), ...page.filter((c) => !seen.has(c.id))];
    });
    setMore(page.length >= PAGE);
    actions.say(`${page.length} more stories loaded.`);
  };

  const heading = !known ? `No such ${feed.kind}` : feed.kind === 'source' && items?.[0] ? `From ${items[0].source_name}` : title;
  return (
    <section class="feed" aria-labelledby="view-title" data-feed={`${feed.kind}:${feed.value}`}>
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        {heading}
      </h2>
      {known && (feed.kind === 'source' || feed.kind === 'tag') && <FollowButton kind={feed.kind} value={feed.value} name={feed.kind === 'source' ? (items?.[0]?.source_name ?? 'this source') : title} say={actions.say} />}
      {!known ? (
        <p class="quiet">{emptyFeedText(feed, filtering)}</p>
      ) : items === null ? (
        <p class="quiet">Gathering stories…</p>
      ) : failed ? (
        <p class="quiet">This feed needs a connection. The brief is still here under Highlights.</p>
      ) : items.length === 0 ? (
        <p class="quiet">
          {!following || followKey
            ? emptyFeedText(feed, filtering)
            : session.status === 'signed-in'
              ? 'You follow no source or tag yet. Choose Follow by a story’s source name, or on a source’s or a tag’s page, and their stories gather here.'
              : 'Sign in to follow sources and tags: their stories gather here.'}
        </p>
      ) : (
        <ul class="cards">
          {items
            .filter((c) => !hiddenIds.includes(c.id))
            .map((card, index) => (
              <li key={card.id}>
                <ArticleCard card={card} index={index} actions={actions} followSource={feed.kind !== 'source'} />
              </li>
            ))}
        </ul>
      )}
      {known && more && (
        <button type="button" class="button more" onClick={loadMore}>
          Show more stories
        </button>
      )}
    </section>
  );
}
