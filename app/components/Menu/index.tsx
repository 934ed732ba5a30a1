/**
 * A menu button (WAI-ARIA APG "menu button"): a button with `aria-haspopup="menu"` opening a list of
 * `menuitem`s. The list is `position: fixed` at the button, so no ancestor's `overflow` clips it
 * (cards clip their image corners), below the button or flipped above it when the viewport has no
 * room below, and kept inside the viewport sideways. Enter, Space or the arrow keys open it with
 * focus on an item; the arrows, Home and End move; Escape closes and returns focus to the button;
 * Tab or a click elsewhere closes it. One menu is open at a time, in the whole app.
 */
import type { ComponentChildren, Ref, RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** One item of a menu. */
export interface MenuItem {
  key: string;
  label: ComponentChildren;
  onSelect: () => void;
}

/** Props: the button's content and the items. */
export interface MenuProps {
  /** A stable name (`data-menu`), for styles and tests. */
  name: string;
  label: ComponentChildren;
  items: readonly MenuItem[];
}

/** Ids handed out to menus. A counter, not `useId`: that numbers ids within one Preact root, and each brief card is a root of its own (BriefView/slot.tsx). */
let menuIds = 0;

/** The close function of the open menu (one at a time). */
let closeOpen: (() => void) | null = null;

/** Margin kept from the viewport's edges, and the gap to the button, in px. */
const EDGE = 8;
const GAP = 4;

/** Where a popup of `size` goes for a button at `at` in a `view`-sized viewport (pure; exported for tests). */
export function placeMenu(at: { top: number; bottom: number; left: number; right: number }, size: { width: number; height: number }, view: { width: number; height: number }): { top: number; left: number; above: boolean } {
  const below = at.bottom + GAP;
  const aboveTop = at.top - GAP - size.height;
  const fitsBelow = below + size.height <= view.height - EDGE;
  const above = !fitsBelow && aboveTop >= EDGE;
  const top = above ? aboveTop : Math.max(EDGE, Math.min(below, view.height - EDGE - size.height));
  let left = at.left;
  if (left + size.width > view.width - EDGE) left = at.right - size.width;
  left = Math.max(EDGE, Math.min(left, view.width - EDGE - size.width));
  return { top, left, above };
}

/** Render a menu button and, while open, its items. Closed, it is a button and one state: the list
 * and everything it needs (placement, focus, the outside-click watch, the one-open slot) live in
 * `MenuList`, made when the menu opens; a brief draws fourteen closed menus at start. */
export function Menu({ name, label, items }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const [id] = useState(() => `menu${++menuIds}`);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };
  return (
    <MenuFrame name={name} id={id} open={open !== false} label={label} button={button} onClick={() => (open ? close(false) : setOpen('first'))} onKeyDown={onButtonKey}>
      {open && <MenuList id={id} items={items} focus={open} button={button} close={close} />}
    </MenuFrame>
  );
}

interface MenuListProps {
  id: string;
  items: readonly MenuItem[];
  /** The item that takes focus when the list opens. */
  focus: 'first' | 'last';
  button: RefObject<HTMLButtonElement | null>;
  close: (refocus: boolean) => void;
}

/** An open menu's items: placed at its button, focused, closed by a click or focus elsewhere, and the one open menu of the app. */
function MenuList({ id, items, focus, button, close }: MenuListProps) {
  const list = useRef<HTMLDivElement>(null);
  const closer = useRef(() => close(false));
  closer.current = () => close(false);
  const menuItems = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useLayoutEffect(() => {
    // One menu is open at a time: this one takes the slot (closing the other), and frees it when
    // it closes or is removed with its card.
    const mine = () => closer.current();
    if (closeOpen) closeOpen();
    closeOpen = mine;
    const place = () => {
      const el = list.current;
      const b = button.current;
      if (!el || !b) return;
      const p = placeMenu(b.getBoundingClientRect(), { width: el.offsetWidth, height: el.offsetHeight }, { width: document.documentElement.clientWidth, height: innerHeight });
      el.style.top = `${p.top}px`;
      el.style.left = `${p.left}px`;
      el.dataset.placement = p.above ? 'above' : 'below';
    };
    place();
    addEventListener('scroll', place, { capture: true, passive: true });
    addEventListener('resize', place);
    const outside = (e: Event) => {
      const t = e.target;
      if (t instanceof Node && (list.current?.contains(t) || button.current?.contains(t))) return;
      close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('focusin', outside, true);
    return () => {
      if (closeOpen === mine) closeOpen = null;
      removeEventListener('scroll', place, { capture: true });
      removeEventListener('resize', place);
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('focusin', outside, true);
    };
  }, []);

  useLayoutEffect(() => {
    const found = menuItems();
    (focus === 'last' ? found[found.length - 1] : found[0])?.focus();
  }, [focus]);

  const onListKey = (e: KeyboardEvent) => {
    const found = menuItems();
    const at = found.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => found[(i + found.length) % found.length]?.focus();
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(found.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={list} class="menu-items" role="menu" id={`${id}-m`} aria-labelledby={`${id}-b`} onKeyDown={onListKey}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            close(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Props of a menu's frame: its name, id (none in the static shell), state, button and the open list. */
export interface MenuFrameProps {
  name: string;
  id?: string;
  open: boolean;
  label: ComponentChildren;
  button?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  children?: ComponentChildren;
}

/** The menu button in its frame (no hooks): what a closed menu draws, in the app and in the static shell (app/shell.tsx). */
export function MenuFrame({ name, id, open, label, button, onClick, onKeyDown, children }: MenuFrameProps) {
  return (
    <div class="menu" data-menu={name}>
      <button
        ref={button}
        type="button"
        class="button menu-button"
        id={id && `${id}-b`}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open && id ? `${id}-m` : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {label}
      </button>
      {children}
    </div>
  );
}
