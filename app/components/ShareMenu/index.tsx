/** The share menu: copy the Tidings link, copy the publisher link, or the device's own share sheet. */
import type { Card } from '../../lib/cards.ts';
import { sendEvent } from '../../lib/events.ts';
import { Menu, type MenuItem } from '../Menu/index.tsx';

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

/** The share menu of a card (a menu button: see Menu). */
export function ShareMenu({ card, say }: ShareMenuProps) {
  // Read when used, not when drawn: the static shell draws this menu at build time (app/shell.tsx).
  const own = () => `${location.origin}/a/${card.id}`;
  const copyOwn = async () => {
    const ownLink = own();
    sendEvent('share_svc', card.id);
    say((await copy(ownLink)) ? 'Tidings link copied.' : `Copy this link: ${ownLink}`);
  };
  const copySource = async () => {
    sendEvent('copy_source', card.id);
    say((await copy(card.url)) ? 'Publisher link copied.' : `Copy this link: ${card.url}`);
  };
  const native = async () => {
    try {
      await navigator.share({ title: card.title, url: own() });
      sendEvent('native_share', card.id);
    } catch {
      // The reader closed the share sheet.
    }
  };
  const items: MenuItem[] = [
    { key: 'own', label: 'Copy Tidings link', onSelect: () => void copyOwn() },
    { key: 'source', label: 'Copy publisher link', onSelect: () => void copySource() },
  ];
  if (typeof navigator.share === 'function') items.push({ key: 'native', label: 'Share…', onSelect: () => void native() });
  return <Menu name="share" label={<>Share<span class="sr-only">: {card.title}</span></>} items={items} />;
}
