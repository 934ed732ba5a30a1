/** The card's own sentence, outlets and reading time (issue 18, item 2), as pure rules. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardLine, otherOutlets, readingMinutes, toCard, type PoolDoc } from '../../core/domain/card.ts';
import { fullTextWords } from '../../core/domain/full-text.ts';
import { makeArticle } from '../helpers/fixtures.ts';

const facts = (title: string) => ({ title, sourceName: 'River News', topic: 'community', tags: ['kindness'], flavor: 'heartwarming' });

test('stories alike in every label but their title get different lines, each naming what it is about', () => {
  const titles = ['Neighbours open a free tool library', 'Bakery shares its sourdough starter with the town', 'Village choir sings with the care home', 'Students build a solar bus shelter', 'A new reading room opens in the old station', 'Volunteers replant 40,000 seagrass shoots', 'Otters return to the city river'];
  const lines = titles.map((t) => cardLine(facts(t), null));
  assert.is(new Set(lines).size, titles.length, lines.join('\n'));
  assert.is(lines[0], 'A heartwarming community story on kindness: neighbours and free tool library.');
  assert.is(cardLine({ ...facts('Neighbours open a free tool library'), tags: ['kindness', 'neighbours'] }, null), 'A heartwarming community story on kindness and neighbours: neighbours and free tool library.');
});

test('with a cached summary the line is its first sentence', () => {
  assert.is(cardLine(facts('x'), 'The town opened a library with a reading garden. It has 4,000 books.'), 'The town opened a library with a reading garden.');
  const long = `${'word '.repeat(80)}end.`;
  assert.ok(cardLine(facts('x'), long).length <= 220 && cardLine(facts('x'), long).endsWith('…'));
});

test('the card carries the line, the outlets and the reading time; the reading time needs the full text', () => {
  const doc: PoolDoc = { ...makeArticle({ source_id: 'river-news', title: 'Neighbours open a free tool library' }), word_count: 1200, also_reported_by: ['Sky Journal'] };
  const card = toCard(doc, 'River News');
  assert.is(card.line, 'A heartwarming community story on kindness: neighbours and free tool library.');
  assert.equal(card.also_reported_by, ['Sky Journal']);
  assert.is(card.reading_minutes, 5);
  assert.is(readingMinutes(149), null);
  assert.is(readingMinutes(150), 1);
  assert.is(readingMinutes(undefined), null);
  assert.is(readingMinutes('900'), null);
  assert.equal(toCard(makeArticle({ source_id: 'river-news' }), 'River News').also_reported_by, []);
});

test('other outlets: each once, sorted, never the story’s own source or a source without a visible name', () => {
  const names = new Map([['a', 'Alpha'], ['b', 'Beta'], ['own', 'Own']]);
  assert.equal(otherOutlets(['b', 'a', 'own', 'hidden', 'b'], 'own', (id) => names.get(id)), ['Alpha', 'Beta']);
});

test('full-text words: a teaser gives none, a story its count (script and style left out)', () => {
  assert.is(fullTextWords('<p>A short teaser about a library.</p>'), undefined);
  const story = `<script>${'var x = 1; '.repeat(200)}</script>${'<p>One two three four five six seven eight nine ten.</p>'.repeat(20)}`;
  assert.is(fullTextWords(story), 200);
  assert.is(fullTextWords(`${'<p>One two three.</p>'.repeat(49)}`.padEnd(900, ' ')), undefined, '147 words is still a teaser');
});

test("a story line names no bare number and keeps a name's capitals at the title's start", () => {
  assert.is(cardLine(facts('Otters return to the River Wend after 40 years'), null), 'A heartwarming community story on kindness: otters and River Wend.');
  assert.is(cardLine(facts('Harbour Light Gazette: your weekend tide tables'), null), 'A heartwarming community story on kindness: Harbour Light Gazette and weekend tide tables.');
  assert.is(cardLine(facts('Fossil footprints show young dinosaurs walked together in herds'), null), 'A heartwarming community story on kindness: fossil footprints and young dinosaurs.');
});

test.run();
