/**
 * The brief as the reader sees it: first the brief the static shell carries, filtered on the device
 * before the app's first render (the shell drew its cards, so the app takes them over unchanged
 * unless the reader's Calm Filters, Not today or replacements hide one; on such a device the
 * shell's cards stay hidden until this render, core/pages/own-brief.ts), then `/api/brief` for
 * the reader's prefs. Replacements and "Not today" choices are soft overrides
 * sent as `exclude`; the override yields as soon as the server's `generated_at` advances.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { fetchBrief, fetchReplacement, shellBrief } from '../../lib/api.ts';
import { parseBrief, type Brief, type Card } from '../../lib/cards.ts';
import { sendEvent } from '../../lib/events.ts';
import { precacheBrief } from '../../lib/offline.ts';
import { activeOverride, addReplaced, localDay, parseOverride, todaysExclusions, type Override } from '../../lib/override.ts';
import { passingCards, type Prefs } from '../../lib/prefs.ts';
import { readJson, removeKey, writeJson } from '../../lib/storage.ts';
import { noteRead } from '../../views/account/entry.tsx';

/** What the brief view needs. */
export interface BriefState {
  items: Card[] | null;
  generatedAt: string | null;
  /** True when the server could not be reached and the built brief is shown. */
  offline: boolean;
  replace(card: Card, index: number): Promise<void>;
  notToday(card: Card): void;
}

const notTodayIds = () => todaysExclusions(readJson('not_today'), localDay(new Date()));

/** Brief state for these prefs (`param` is their JSON, the effect key). */
export function useBrief(prefs: Prefs, param: string, say: (text: string, undo?: () => void) => void): BriefState {
  const override = useRef<Override | null>(parseOverride(readJson('override')));
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;

  const hidden = () => new Set([...(override.current?.exclude ?? []), ...notTodayIds()]);
  const visible = (list: Card[]) => {
    const skip = hidden();
    return passingCards(list.filter((c) => !skip.has(c.id)), prefsRef.current, new Date());
  };
  // The shell's brief, read once (a newer brief than the override's drops the override).
  const [shell] = useState<Brief | null>(() => {
    const brief = shellBrief();
    if (brief && override.current && !activeOverride(override.current, brief.generated_at) && Date.parse(brief.generated_at) > Date.parse(override.current.generated_at)) {
      override.current = null;
      removeKey('override');
    }
    return brief;
  });
  const [items, setItems] = useState<Card[] | null>(() => (shell ? visible(shell.items) : null));
  const [generatedAt, setGeneratedAt] = useState<string | null>(shell?.generated_at ?? null);
  const [offline, setOffline] = useState(false);
  const [dayVersion, setDayVersion] = useState(0);

  useEffect(() => {
    let live = true;
    // Filtering only removes cards: the same count is the same list, kept so nothing redraws.
    setItems((current) => {
      const next = current ? visible(current) : current;
      return next && current && next.length === current.length ? current : next;
    });
    const load = async () => {
      let brief = await fetchBrief(param, [...hidden()]);
      if (brief && override.current && !activeOverride(override.current, brief.generated_at)) {
        // The server composed a new brief: the client's replacements yield to it.
        override.current = null;
        removeKey('override');
        brief = await fetchBrief(param, notTodayIds());
      }
      if (!live) return;
      if (!brief) {
        // Offline: keep what is shown, or the last brief this device received.
        setOffline(true);
        const kept = parseBrief(readJson('last_brief'));
        if (kept) setItems((current) => (current && current.length ? current : visible(kept.items)));
        return;
      }
      writeJson('last_brief', brief);
      setOffline(false);
      // The same cards as shown (the usual answer, right after the shell's): keep them, nothing to redraw.
      setItems((current) => (current && JSON.stringify(current) === JSON.stringify(brief.items) ? current : brief.items));
      setGeneratedAt(brief.generated_at);
      precacheBrief(brief.items.map((c) => c.id));
    };
    void load();
    return () => {
      live = false;
    };
  }, [param, dayVersion]);

  const replace = useCallback(
    async (card: Card, index: number) => {
      const shown = [...(items ?? []).map((c) => c.id), ...hidden()];
      const next = await fetchReplacement(param, shown, index === 0);
      if (card.paywalled) sendEvent('paywall_replace', card.id);
      if (next === undefined) {
        say('Tidings could not be reached. Please try again in a moment.');
        return;
      }
      if (next === null) {
        sendEvent('replace_none', card.id);
        say('Nothing else calm is left to swap in right now. This story stays.');
        return;
      }
      sendEvent('replace_used', card.id);
      noteRead(card.id, 'replaced');
      if (generatedAt) {
        override.current = addReplaced(override.current, generatedAt, card.id);
        writeJson('override', override.current);
      }
      setItems((current) => (current ?? []).map((c) => (c.id === card.id ? next : c)));
      say(`Replaced with “${next.title}”.`);
    },
    [items, param, generatedAt, say],
  );

  const notToday = useCallback(
    (card: Card) => {
      const day = localDay(new Date());
      writeJson('not_today', { day, ids: [...notTodayIds(), card.id] });
      sendEvent('not_today', card.id);
      setItems((current) => (current ?? []).filter((c) => c.id !== card.id));
      setDayVersion((v) => v + 1);
      say(`“${card.title}” is hidden for today.`, () => {
        writeJson('not_today', { day, ids: notTodayIds().filter((id) => id !== card.id) });
        setDayVersion((v) => v + 1);
        say(`“${card.title}” is back.`);
      });
    },
    [say],
  );

  return { items, generatedAt, offline, replace, notToday };
}
