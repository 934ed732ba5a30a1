/**
 * The shell's inline script (core/pages/own-brief.ts) marks a device whose stored choices can change
 * the published brief, so its cards stay hidden until the app has drawn the reader's own. It is
 * written apart from the app (it runs in the head, before any module), so this proves it never
 * misses what the app hides: for any storage, when the app's first render of the shell's brief
 * (app/components/App/useBrief.ts: prefs, today's "Not today", a replacement override) would drop
 * a card, the script has marked the device. It may mark more (an expired pause, a lane choice):
 * the cost there is only waiting for the app.
 */
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPrefs, passingCards } from '../../app/lib/prefs.ts';
import { localDay, parseOverride, todaysExclusions } from '../../app/lib/override.ts';
import { readJson } from '../../app/lib/storage.ts';
import type { DeviceCard } from '../../core/domain/article.ts';
import { FLAVORS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { OWN_BRIEF_SCRIPT } from '../../core/pages/own-brief.ts';

const now = new Date('2026-11-20T12:00:00Z');
const topics = TOPICS.map((t) => t.id);
const flavors = FLAVORS.map((f) => f.id);
const tags = TAGS.map((t) => t.id);
const words = ['otters', 'river', 'choir', 'bakery', 'telescope', 'garden'];

const brief: DeviceCard[] = Array.from({ length: 7 }, (_, i) => ({
  id: `shellcard${i}`, title: `The ${words[i % words.length]} story ${i}`, url: `https://example.org/${i}`, image: null,
  why: `Because of the ${words[(i * 5 + 1) % words.length]}.`, source_id: `src-${i % 3}`, source_name: `Source ${i % 3}`,
  tags: [tags[i % tags.length]!, tags[(i * 7 + 3) % tags.length]!], topic: topics[i % topics.length]!, flavor: flavors[i % flavors.length]!,
  paywalled: false, cortisol: i % 5, ragebait: i % 4, summary: i % 2 ? `A ${words[(i + 2) % words.length]} summary.` : null,
  line: 'A line.', also_reported_by: [], reading_minutes: null,
}));

/** The device's storage: `tidings.<key>` holding JSON text, or any text at all. */
const storage = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: (k: string) => storage.get(k) ?? null } });

const until = fc.constantFrom('2026-11-19T00:00:00Z', '2026-11-27T00:00:00Z', 'soon', 7);
const prefsArb = fc.oneof(
  fc.record(
    {
      mute_topics: fc.array(fc.oneof(fc.constantFrom(...topics), fc.integer()), { maxLength: 2 }),
      mute_flavors: fc.array(fc.constantFrom(...flavors), { maxLength: 2 }),
      mute_tags: fc.array(fc.constantFrom(...tags), { maxLength: 2 }),
      include_topics: fc.array(fc.constantFrom(...topics), { maxLength: 2 }),
      include_flavors: fc.array(fc.constantFrom(...flavors), { maxLength: 2 }),
      avoid_terms: fc.array(fc.oneof(fc.constantFrom(...words), fc.constant(' '), fc.integer()), { maxLength: 2 }),
      pauses: fc.array(fc.record({ kind: fc.constantFrom('topic', 'flavor', 'tag', 'term', 'source', 'nope'), value: fc.constantFrom(...topics.slice(0, 3), ...flavors.slice(0, 2), ...words, 'src-1'), until }), { maxLength: 2 }),
      max_cortisol: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 11 }), fc.constant('3')),
      max_ragebait: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 11 })),
      lanes: fc.oneof(fc.constant(null), fc.array(fc.constantFrom('mood:wonder', 'topic:science'), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(null, 5, 'prefs', [], {}),
);
const ids = fc.array(fc.oneof(fc.constantFrom(...brief.map((c) => c.id)), fc.constant('not an id!')), { maxLength: 3 });
const notTodayArb = fc.oneof(fc.constant(null), fc.record({ day: fc.constantFrom(localDay(now), '2026-11-19', 7), ids }), fc.constant('garbage'));
const overrideArb = fc.oneof(fc.constant(null), fc.record({ generated_at: fc.constantFrom('2026-11-20T06:00:00.000Z', 'never'), exclude: ids }), fc.constant([]));
/** A stored value: its JSON, or (rarely) text that is not JSON, as a damaged storage can hold. */
const stored = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: arb.map((v) => (v === null ? null : JSON.stringify(v))) }, { weight: 1, arbitrary: fc.constant('{not json') });

/** True when the script marks the device, with `storage` as its localStorage. */
function scriptMarks(): boolean {
  let marked = false;
  const document = { documentElement: { classList: { add: (name: string) => void (marked = marked || name === 'own-brief') } } };
  runInNewContext(OWN_BRIEF_SCRIPT, { localStorage: { getItem: (k: string) => storage.get(k) ?? null }, document, JSON, Object, Array });
  return marked;
}

/** True when the app's first render shows fewer cards than the shell (useBrief's `visible` on the shell's brief). */
function appHidesSome(): boolean {
  const hidden = new Set([...(parseOverride(readJson('override'))?.exclude ?? []), ...todaysExclusions(readJson('not_today'), localDay(now))]);
  return passingCards(brief.filter((c) => !hidden.has(c.id)), loadPrefs(now), now).length < brief.length;
}

test('the script marks every device whose choices would hide a card of the shell', () => {
  let hiding = 0;
  fc.assert(
    fc.property(stored(prefsArb), stored(notTodayArb), stored(overrideArb), (prefs, notToday, override) => {
      storage.clear();
      for (const [key, value] of [['prefs', prefs], ['not_today', notToday], ['override', override]] as const) if (value !== null) storage.set(`tidings.${key}`, value);
      if (!appHidesSome()) return true;
      hiding += 1;
      return scriptMarks();
    }),
    { numRuns: 600 },
  );
  assert.ok(hiding > 50, `the property met devices that hide cards (${hiding})`);
});

test('a device with no stored choice, or only damaged ones, paints the shell at once', () => {
  storage.clear();
  assert.not.ok(scriptMarks());
  for (const key of ['prefs', 'not_today', 'override']) storage.set(`tidings.${key}`, '{not json');
  assert.not.ok(scriptMarks(), 'unreadable storage');
  assert.not.ok(appHidesSome(), 'the app reads it as no choice too');
});

test.run();
