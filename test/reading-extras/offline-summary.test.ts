/**
 * Offline summaries that read like writing (issue 18, item 3), over real teasers: the 74 shared
 * feeds (../shared/fixtures/feeds) and the demo feeds. Every summary is built of whole sentences
 * (none ends on a verb, a bare number or a little word), repeats no 8 consecutive words of its
 * teaser, never restates its title, differs from the others of a brief, is the same every time, and
 * no section of it (summary, what happened, why it matters, why it belongs) restates another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import nlp from 'compromise';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offlineSummary } from '../../core/domain/offline-summary.ts';
import { retell } from '../../core/domain/retell.ts';
import { copiesFrom, countSentences, type SummaryInput } from '../../core/domain/summary.ts';
import { FLAVORS, TOPICS } from '../../core/domain/taxonomy.ts';
import { pickedBecause, storyLine } from '../../core/domain/words.ts';
import { parseFeed } from '../../core/pipeline/feed.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

const DEMO = new URL('../../core/demo/feeds/', import.meta.url);

async function itemsOf(dir: URL): Promise<Array<{ title: string; teaser: string }>> {
  const out: Array<{ title: string; teaser: string }> = [];
  for (const name of readdirSync(dir).filter((f) => !f.endsWith('.md')).sort()) {
    try {
      const { items } = await parseFeed(readFileSync(new URL(name, dir), 'utf8'), 'https://example.org/', { now: new Date('2026-01-01T00:00:00Z'), paywalled: false, maxItems: 6 });
      for (const it of items) out.push({ title: it.title, teaser: it.teaser });
    } catch {
      // A fixture that is not a feed (some of the shared ones are refused on purpose).
    }
  }
  return out;
}

const input = (item: { title: string; teaser: string }): SummaryInput => ({
  title: item.title,
  teaser: item.teaser,
  sourceName: 'Harbour Light',
  topic: 'environment',
  tags: ['wildlife'],
  flavor: 'constructive',
  // As the offline classifier stores it for an accepted story.
  why: storyLine('constructive', 'environment'),
  cortisol: 1,
  ragebait: 0,
});

/** The sentences of a text (a terminator followed by a space). */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** The sentences of a text of three words or more, lower-cased without their final stop. */
const longSentences = (text: string): string[] => sentencesOf(text.toLowerCase()).map((s) => s.replace(/[.!?]$/, '')).filter((s) => s.split(' ').length >= 3);

/** True when one text restates the other: a sentence of one inside the other, or five words in a row in common. */
function restates(a: string, b: string): boolean {
  return copiesFrom(a, b, 5) || longSentences(a).some((s) => b.toLowerCase().includes(s)) || longSentences(b).some((s) => a.toLowerCase().includes(s));
}

function checkItems(label: string, items: Array<{ title: string; teaser: string }>): void {
  test(`${label}: each retold sentence ends on a noun, not a verb, a bare number or a little word`, () => {
    let told = 0;
    for (const item of items) {
      for (const t of retell(item.teaser, item.title)) {
        told += 1;
        const last = nlp(t.sentence).terms().last();
        assert.not.ok(last.has('#Verb'), `ends on a verb: ${t.sentence}`);
        assert.not.match(t.sentence, /(\b(and|or|of|the|a|an|to|in|on|with|for|by)|(^|\s)\d[\d,.]*)\.$/i, t.sentence);
        assert.match(t.sentence, /^([\p{Lu}\p{N}]|\p{Ll}+\p{Lu})/u, `a capital or a name's own case: ${t.sentence}`);
      }
    }
    assert.ok(told >= 5, `${told} sentences retold`);
  });

  test(`${label}: no summary repeats 8 teaser words, restates the title or dangles a number`, () => {
    for (const item of items) {
      const out = offlineSummary(input(item));
      for (const text of [out.summary, out.what_happened]) assert.not.ok(copiesFrom(text, item.teaser, 8), `copies the teaser: ${text}`);
      assert.not.ok(copiesFrom(out.summary, item.title, 5) || copiesFrom(out.what_happened, item.title, 5), `restates the title: ${out.summary}`);
      assert.not.match(out.summary, /\b(and|or)\s+\d[\d,.]*\./, out.summary);
      const n = countSentences(out.summary);
      assert.ok(n >= 2 && n <= 4, `${n} sentences: ${out.summary}`);
    }
  });

  test(`${label}: no section of the offline page restates another (issue 18, item 3)`, () => {
    for (const item of items) {
      const out = offlineSummary(input(item));
      const sections = [out.summary, out.what_happened, out.why_matters, out.why_belongs];
      sections.forEach((a, i) => sections.slice(i + 1).forEach((b) => assert.not.ok(restates(a, b), `${item.title}:\n  ${a}\n  ${b}`)));
    }
  });
}

test("why it belongs never says again the summary's reason, whatever the flavor and topic; a why line of its own stays", () => {
  const teaser = 'Volunteers restored the old orchard over three summers. The town now holds a harvest fair there every autumn.';
  for (const flavor of FLAVORS.map((f) => f.id)) {
    for (const topic of TOPICS.map((t) => t.id)) {
      const out = offlineSummary({ ...input({ title: 'An orchard comes back', teaser }), flavor, topic, why: storyLine(flavor, topic) });
      // "We picked it because it is a heartwarming story about the environment: people being kind to people."
      const reason = pickedBecause(flavor, topic).split(': ').at(-1)!.replace(/\.$/, '');
      assert.ok(out.summary.includes(reason), `${flavor}/${topic}: the summary gives the reason`);
      assert.not.ok(out.why_belongs.includes(reason), `${flavor}/${topic}: ${out.why_belongs}`);
      assert.match(out.why_belongs, /^It passed our calm gate with stress at 1 and outrage at 0 out of 10\.$/);
    }
  }
  const own = offlineSummary({ ...input({ title: 'An orchard comes back', teaser }), why: 'A town gives its lost orchard a second life' });
  assert.is(own.why_belongs, 'A town gives its lost orchard a second life. It passed our calm gate with stress at 1 and outrage at 0 out of 10.');
});

const demo = await itemsOf(DEMO);
checkItems('the demo feeds', demo);

test("the demo brief's stories get summaries that differ, first sentences included, every time", () => {
  const summaries = demo.map((item) => offlineSummary(input(item)).summary);
  assert.is(new Set(summaries).size, summaries.length, 'distinct summaries');
  assert.is(new Set(summaries.map((s) => sentencesOf(s)[0])).size, summaries.length, 'distinct first sentences');
  assert.equal(demo.map((item) => offlineSummary(input(item)).summary), summaries, 'deterministic');
});

test('the demo teasers are retold, not listed: who did what', () => {
  const puffins = demo.find((d) => d.title.startsWith('Puffins return'));
  assert.ok(puffins, 'the puffins story is in the demo feeds');
  assert.equal(retell(puffins.teaser, puffins.title).map((t) => t.sentence), ['Wardens have counted eleven burrows.']);
  // One article-like word in seventeen, the rest pronouns and adverbs: still English (it was read as another language).
  const postman = demo.find((d) => d.title.startsWith('Retired postman'));
  assert.ok(postman, 'the postman story is in the demo feeds');
  assert.equal(retell(postman.teaser, postman.title).map((t) => t.sentence), ['Twelve households share one very lively starter.']);
  const retold = demo.filter((d) => retell(d.teaser, d.title).length > 0).length;
  assert.ok(retold * 2 >= demo.length, `${retold} of ${demo.length} demo teasers retold`);
});

test('a teaser in another language, or only markup and numbers, is not retold', () => {
  assert.equal(retell('Der Streamingdienst Twitch hat auf seiner Hausmesse neue Funktionen für Kanalbetreiber vorgestellt.', 'Twitch'), []);
  assert.equal(retell('1,500 — 2,000 [...] 40', 'Numbers'), []);
  assert.equal(retell('', 'Nothing'), []);
});

test('an adjective left out takes its adverb with it: never "the very deals"', () => {
  assert.equal(retell('Drought is one of the most important causes of severe yield loss.', 'Soybeans').map((t) => t.sentence), ['Drought is one of the causes of severe yield loss.']);
  assert.equal(retell('Twelve households now share one very lively starter in the village.', 'Sourdough').map((t) => t.sentence), ['Twelve households share one starter in the village.']);
});

test('a negated verb is never retold without its "not"', () => {
  assert.equal(retell('By January, existing Flash ads will no longer serve on the Google Display Network.', 'Flash'), []);
});

const shared = sharedFixtures('feeds', 'README.md');
if (shared) checkItems('the shared real feeds', await itemsOf(shared));

test.run();
