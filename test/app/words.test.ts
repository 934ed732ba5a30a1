/**
 * Words and dates (issue 21, item 6): every generated card line and explanation over every flavor ×
 * topic has the right article before vowels and a verb in its "because" clause; the offline
 * classifier's card line is that sentence; one date format, relative within a day.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { formatWhen, intlForms, ownForms } from '../../core/domain/dates.ts';
import { offlineSummary } from '../../core/domain/offline-summary.ts';
import { FLAVORS, TOPICS } from '../../core/domain/taxonomy.ts';
import { indefiniteArticle, pickedBecause, storyLine } from '../../core/domain/words.ts';

/** Every "a"/"an" followed by a word that wants the other one. */
function articleSlips(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(a|an|A|An)\s+([\p{L}-]+)/gu)) {
    const [, art = '', word = ''] = m;
    if (art.toLowerCase() !== indefiniteArticle(word)) out.push(m[0]);
  }
  return out;
}

const VERBS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'shows', 'brings', 'makes', 'passed']);
/** Each "because" clause names its subject and a finite verb within its first two words. */
const becauseHasVerb = (text: string): boolean =>
  [...text.matchAll(/\bbecause\s+(\S+)\s+(\S+)/g)].every((m) => VERBS.has(m[1] ?? '') || VERBS.has(m[2] ?? ''));

test('the article agrees with the next word', () => {
  const cases: Array<[string, 'a' | 'an']> = [['inspiring', 'an'], ['wonder-filled', 'a'], ['hour', 'an'], ['useful', 'a'], ['honest', 'an'], ['one-off', 'a'], ['eagle', 'an'], ['light-hearted', 'a']];
  for (const [word, art] of cases) assert.is(indefiniteArticle(word), art, word);
});

test('every card line and explanation over every flavor × topic is grammatical', () => {
  let checked = 0;
  for (const flavor of FLAVORS) {
    for (const topic of TOPICS) {
      const line = storyLine(flavor.id, topic.id);
      const because = pickedBecause(flavor.id, topic.id);
      const summary = offlineSummary({ title: 'Otters return to the river', teaser: 'A family of otters was seen.', sourceName: 'River News', topic: topic.id, tags: ['wildlife'], flavor: flavor.id, why: line, cortisol: 1, ragebait: 0 });
      for (const text of [line, because, summary.summary, summary.why_belongs]) {
        assert.equal(articleSlips(text), [], text);
        assert.ok(becauseHasVerb(text), `a verb after "because": ${text}`);
        assert.not.match(text, /\ba wonder (story|science)/i, text);
        checked += 1;
      }
      assert.match(summary.summary, /We picked it because it is an? [a-z-]+ story about /);
      assert.ok(line.endsWith(`: ${flavor.description}.`), line);
    }
  }
  assert.is(checked, FLAVORS.length * TOPICS.length * 4);
  assert.is(storyLine('inspiring', 'learning'), 'An inspiring learning story: achievements and milestones.');
  assert.is(pickedBecause('wonder', 'science'), 'We picked it because it is a wonder-filled story about science: discoveries and awe.');
  // A topic reads as the object of "about" in prose: no bare "environment", no ampersand.
  assert.is(pickedBecause('heartwarming', 'environment'), 'We picked it because it is a heartwarming story about the environment: people being kind to people.');
  for (const topic of TOPICS) assert.not.match(pickedBecause('wonder', topic.id), /about environment|&/, topic.id);
});

test('the offline classifier writes that card line for an accepted story', () => {
  const c = classifyOffline({ title: 'Students win the regional robotics prize', teaser: 'The school team celebrated a milestone after months of practice.', topicHint: null });
  if (c.accept) assert.is(c.why, storyLine(c.flavor, c.topic));
  assert.equal(articleSlips(c.why), []);
});

test('one date format: relative within a day, then a short date; the full date for the title', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const at = (iso: string, n: Date | null = now) => formatWhen(iso, n, 'UTC')?.text;
  assert.is(at('2026-11-20T11:59:40Z'), 'just now');
  assert.is(at('2026-11-20T11:55:00Z'), '5 minutes ago');
  assert.is(at('2026-11-20T11:59:00Z'), '1 minute ago');
  assert.is(at('2026-11-20T09:00:00Z'), '3 hours ago');
  assert.is(at('2026-11-20T14:30:00Z'), 'in 2 hours');
  assert.is(at('2026-11-19T11:00:00Z'), '19 Nov');
  assert.is(at('2025-12-31T11:00:00Z'), '31 Dec 2025');
  assert.is(at('2026-11-20T11:00:00Z', null), '20 Nov 2026', 'no relative form without a now');
  const w = formatWhen('2026-11-20T08:05:00Z', now, 'UTC');
  assert.equal(w, { text: '3 hours ago', full: 'Friday, 20 November 2026 at 08:05', iso: '2026-11-20T08:05:00.000Z' });
  assert.is(formatWhen('not a date', now), null);
});

test('each time zone is formatted in its own zone, however the calls interleave', () => {
  const late = '2026-11-30T23:30:00Z';
  for (let round = 0; round < 2; round++) {
    assert.is(formatWhen(late, null, 'UTC')?.text, '30 Nov 2026');
    assert.is(formatWhen(late, null, 'Pacific/Auckland')?.text, '1 Dec 2026');
    assert.is(formatWhen(late, null, 'America/Los_Angeles')?.full, 'Monday, 30 November 2026 at 15:30');
    assert.is(formatWhen(late, new Date('2027-01-02T00:00:00Z'), 'UTC')?.text, '30 Nov 2026');
    assert.is(formatWhen(late, new Date('2026-12-02T00:00:00Z'), 'UTC')?.text, '30 Nov');
  }
  assert.throws(() => formatWhen(late, null, 'Not/AZone'), RangeError);
});

test('dates written from their fields read exactly as Intl writes them, in UTC and in the local zone', () => {
  let t = Date.UTC(1999, 11, 31, 23, 59);
  for (let i = 0; i < 400; i++) {
    const d = new Date(t);
    for (const zone of ['UTC', undefined]) assert.equal(ownForms(d, zone), intlForms(d, zone), `${d.toISOString()} in ${zone ?? 'the local zone'}`);
    t += 7_919 * 60_000 * 13; // about 71 days and an odd number of minutes: every month, weekday and hour come round
  }
  assert.is(ownForms(new Date(Date.UTC(2026, 0, 1)), 'Europe/Paris'), null, 'another zone goes to Intl');
  assert.is(ownForms(new Date('0900-06-01T00:00:00Z'), 'UTC'), null, 'so does a year outside 1000-9999');
});

test.run();
