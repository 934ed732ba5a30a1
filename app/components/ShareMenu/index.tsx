/** The share menu: copy the Tidings link, copy the publisher link, or the device's own share sheet. */
import type { Card } from '../../lib/cards.ts';
import { sendEvent } from '../../lib/events.ts';

/** Props: the card and how to announce the result. */
export interface ShareMenuProps {
  card: Card;
  say: (text: string) => void;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A disclosure (`details`) menu: keyboard and screen-reader friendly without extra script. */
export function ShareMenu({ card, say }: ShareMenuProps) {
  const ownLink = `${location.origin}/a/${card.id}`;
  const copyOwn = async () => {
    sendEvent('share_svc', card.id);
    say((await copy(ownLink)) ? 'Tidings link copied.' : `Copy this link: ${ownLink}`);
  };
  const copySource = async () => {
    sendEvent('copy_source', card.id);
    say((await copy(card.url)) ? 'Publisher link copied.' : `Copy this link: ${card.url}`);
  };
  const native = async () => {
    try {
      await navigator.share({ title: card.title, url: ownLink });
      sendEvent('native_share', card.id);
    } catch {
      // The reader closed the share sheet.
    }
  };
  return (
    <details class="menu">
      <summary>
        Share<span class="sr-only">: {card.title}</span>
      </summary>
      <div class="menu-items">
        <button type="button" onClick={copyOwn}>Copy Tidings link</button>
        <button type="button" onClick={copySource}>Copy publisher link</button>
        {typeof navigator.share === 'function' && (
          <button type="button" onClick={native}>Share…</button>
        )}
      </div>
    </details>
  );
}
