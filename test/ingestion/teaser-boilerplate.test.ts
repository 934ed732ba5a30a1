/**
 * Feed boilerplate is not the story (core/domain/teaser-boilerplate.ts): the teaser loses the
 * paragraphs that only link to other stories ("Related: …"), Hacker News' lone "Comments", Reddit's "submitted by … [link] [N comments]" and the closing calls to read
 * on, and keeps a story's own words that merely look alike. Over the shared real feeds, the lines
 * seen in the wild are gone from every teaser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { teaserText } from '../../core/domain/feed-html.ts';
import { withoutBoilerplate } from '../../core/domain/teaser-boilerplate.ts';
import { parseFeed } from '../../core/pipeline/feed.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

const cases: Array<[string, string]> = [
  ['Comments', ''],
  ['<a href="https://news.ycombinator.com/item?id=31">Comments</a>', ''],
  ['submitted by cakebeerandmorebeer to funny [link] [275 comments]', ''],
  ['My cat learned to open the fridge. submitted by to /u/GallowBoob /r/aww [link] [314 comments]', 'My cat learned to open the fridge.'],
  ['Result = a 4 hour delay. /u/SpikeSiam /r/tifu [link] [1,379 comments]', 'Result = a 4 hour delay.'],
  ['There were several injuries. Continue reading...', 'There were several injuries.'],
  ['Fact check: the address analyzed Continue reading...', 'Fact check: the address analyzed'],
  ['Volunteers planted 400 trees. Continue reading Volunteers plant a wood →', 'Volunteers planted 400 trees.'],
  ['The review is all about sport and … Read More Here →', 'The review is all about sport and …'],
  ["Here's what's included: To read this article in full, please click here", "Here's what's included:"],
  ['<p>Otters are back on the Wend.</p><p>The post Otters return appeared first on River News.</p>', 'Otters are back on the Wend.'],
  ['Radiant floor heating throughou [...]', 'Radiant floor heating throughou…'],
  ['Library opens a reading garden. Read more »', 'Library opens a reading garden.'],
  // Links to other stories: the Guardian's "Related:" paragraph, a blog's "Related Posts:" list.
  [
    '<p>Volunteers rebuilt the footbridge.</p><p> <span>Related: </span><a href="https://example.org/a">Las Vegas shooting followed a depressingly familiar routine</a> </p> <a href="https://example.org/b">Continue reading...</a>',
    'Volunteers rebuilt the footbridge.',
  ],
  ['<p>The orchard reopened.</p><p><strong>Related Posts: </strong><a href="/x">Storm damage</a>, <a href="/y">Flood warning</a></p>', 'The orchard reopened.'],
  ['<p>The orchard reopened.</p><p><strong>See also</strong>: <a href="/x">Storm damage</a></p><p>Cider next week.</p>', 'The orchard reopened. Cider next week.'],
  ['<div>A choir formed.</div><div>Read more: <a href="/z">Strike closes schools</a></div>', 'A choir formed.'],
  ['<P>A choir formed.</P><P><SPAN>Related: </SPAN><A HREF="/z">Strike closes schools</A></P>', 'A choir formed.'],
];

test('boilerplate goes, the story stays', () => {
  for (const [raw, want] of cases) assert.is(teaserText(raw), want, raw);
});

test("a story's own words that look like boilerplate stay", () => {
  for (const text of [
    'Children in Leeds now read more',
    'Comments from readers filled the paper with thanks for the volunteers.',
    'The post office in Millbrook reopened on Monday.',
    'A volunteer appeared first on the scene and read on the radio the list of open shelters.',
    'Readers continue reading the serial every week',
    'Twelve households share one starter.',
  ]) assert.is(withoutBoilerplate(text), text);
});

test("a paragraph with its own words besides the links stays (only a label and links go)", () => {
  for (const [raw, want] of [
    ['<p>Related research from <a href="/r">the Wend trust</a> shows otters returning.</p>', 'Related research from the Wend trust shows otters returning.'],
    ['<p>See also: <a href="/r">the map</a> of the new paths, drawn by pupils.</p>', 'See also: the map of the new paths, drawn by pupils.'],
    ['<p>Related: twelve towns joined.</p>', 'Related: twelve towns joined.'],
  ] as const) assert.is(teaserText(raw), want, raw);
});

const dir = sharedFixtures('feeds', 'README.md');
if (dir) {
  test('no teaser of the shared real feeds keeps a feed boilerplate line', async () => {
    const left: string[] = [];
    let teasers = 0;
    for (const name of readdirSync(dir).filter((f) => !f.endsWith('.md')).sort()) {
      let items;
      try {
        items = (await parseFeed(readFileSync(new URL(name, dir), 'utf8'), 'https://example.org/', { now: new Date('2026-01-01T00:00:00Z') })).items;
      } catch {
        continue; // a file that is not a feed (some are refused on purpose)
      }
      for (const item of items) {
        teasers += 1;
        if (/^comments$|\[link\]\s*\[[\d,]*\s*comments\]|continue reading(?:\.\.\.|…)$|please click here$|read more here →$|appeared first on|\bRelated: /i.test(item.teaser)) left.push(`${name}: ${item.teaser.slice(-80)}`);
      }
    }
    assert.ok(teasers > 1000, `${teasers} teasers read`);
    assert.equal(left, []);
  });
}

test.run();
