/** The card's own sentence, outlets and reading time (issue 18, item 2), as pure rules. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardLine, distinctCardLines, otherOutlets, readingMinutes, toCard, toPoolArticle, type PoolDoc } from '../../core/domain/card.ts';
import { EMPTY_DEVICE_PREFS, passingCards } from '../../core/domain/device-prefs.ts';
import { withinBoundaries } from '../../core/domain/filter.ts';
import { offlineTexts } from '../../core/domain/offline-texts.ts';
import { activeBoundaries, parsePrefs } from '../../core/domain/prefs.ts';
import { OFFLINE_WRITER_VERSION, summaryInputOf } from '../../core/domain/summary.ts';
import { fullTextWords } from '../../core/domain/full-text.ts';
import { parseReadingQuery, toFilter } from '../../core/readmodel/params.ts';
import { replacementFor } from '../../core/readmodel/queries.ts';
import { buildSnapshot } from '../../core/readmodel/snapshot.ts';
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

test("without a cached summary the line is the teaser as we retold it at ingest (as the offline summary opens), unless it restates the title", () => {
  const retold = [{ sentence: 'Forty neighbours lend drills, ladders and sewing machines from a corner shop.', clause: null }, { sentence: 'It opens on Saturdays.', clause: null }];
  const offline = { retold, writer: OFFLINE_WRITER_VERSION, written_at: new Date() };
  const doc: PoolDoc = { ...makeArticle({ source_id: 'river-news', title: 'Neighbours open a free tool library' }), offline_summary: offline };
  assert.is(toCard(doc, 'River News').line, 'Forty neighbours lend drills, ladders and sewing machines from a corner shop.');
  // Its page's offline summary opens with the same sentence, so the card keeps its line once a visit caches that summary.
  assert.ok(offlineTexts({ ...summaryInputOf(doc, 'River News'), teaser: 'Volunteers run it.' }, retold).summary.startsWith(toCard(doc, 'River News').line));
  // A cached summary still comes first; a retelling by an older writer, or one that restates the title, gives way to the story's line.
  assert.is(toCard({ ...doc, summary: { summary: 'A model wrote this. Then more.' } }, 'River News').line, 'A model wrote this.');
  assert.is(toCard({ ...doc, offline_summary: { ...offline, writer: OFFLINE_WRITER_VERSION - 1 } }, 'River News').line, 'A heartwarming community story on kindness: neighbours and free tool library.');
  assert.is(cardLine(facts('Neighbours open a free tool library'), null, [{ sentence: 'Neighbours open a free tool library in town.', clause: null }]), 'A heartwarming community story on kindness: neighbours and free tool library.');
});

test('cards shown together never say one sentence twice: a later card with the same retold sentence shows its own built line', () => {
  const offline = { retold: [{ sentence: 'Read the latest good news from our newsroom.', clause: null }], writer: OFFLINE_WRITER_VERSION, written_at: new Date() };
  const cards = ['Neighbours open a free tool library', 'Village choir sings with the care home'].map((title) => toCard({ ...makeArticle({ source_id: 'river-news', title }), offline_summary: offline }, 'River News'));
  assert.is(cards[0]?.line, cards[1]?.line, 'both retold alike');
  const shown = distinctCardLines([...cards]);
  assert.equal(shown.map((c) => c.line), ['Read the latest good news from our newsroom.', 'A heartwarming community story on kindness: village choir and care home.']);
  assert.equal(Object.keys(shown[1] ?? {}), Object.keys(cards[1] ?? {}), 'the same fields in the same order');
});

test('a replacement never says a line a card on screen says: it joins them as one answer’s cards', () => {
  const now = new Date();
  const offline = { retold: [{ sentence: 'Read the latest good news from our newsroom.', clause: null }], writer: OFFLINE_WRITER_VERSION, written_at: now };
  const [shown, next] = ['Neighbours open a free tool library', 'Village choir sings with the care home'].map((title, i) => ({
    ...makeArticle({ source_id: 'river-news', title, published_at: new Date(now.getTime() - (i + 1) * 3_600_000) }),
    offline_summary: offline,
  }));
  if (!shown || !next) throw new Error('two stories');
  const snapshot = buildSnapshot({ sources: [{ _id: 'river-news', name: 'River News' }], articles: [shown, next] }, 1, null, now.getTime());
  const replacing = (exclude: string) => replacementFor(snapshot, toFilter(parseReadingQuery(new URLSearchParams(exclude), now), now, null), false);
  const alone = replacing('exclude=none');
  const beside = replacing(`exclude=${shown._id}`);
  assert.is(beside?.id, next._id);
  assert.is(snapshot.byId.get(shown._id)?.card.line, 'Read the latest good news from our newsroom.');
  assert.is(beside?.line, 'A heartwarming community story on kindness: village choir and care home.', 'its own built line beside the card that says the retold one');
  assert.is(alone?.line, 'Read the latest good news from our newsroom.', 'nothing on screen says it: the retold line');
});

test('an avoid-term in the line hides the story, on the server and in the browser alike', () => {
  const offline = { retold: [{ sentence: 'The ferry crew carried a lost sheepdog home.', clause: null }], writer: OFFLINE_WRITER_VERSION, written_at: new Date() };
  const doc: PoolDoc = { ...makeArticle({ source_id: 'river-news', title: 'A lost dog finds her way home', why: 'A heartwarming story.' }), offline_summary: offline };
  const pool = toPoolArticle(doc, 'River News', () => 0);
  const boundaries = activeBoundaries(parsePrefs({ avoid_terms: ['ferry'] }), new Date());
  assert.not.ok(withinBoundaries(pool, boundaries), 'the server hides it');
  assert.equal(passingCards([{ ...pool.card, summary: null }], { ...EMPTY_DEVICE_PREFS, avoid_terms: ['ferry'] }, new Date()), [], 'the browser hides it');
  assert.ok(withinBoundaries(pool, activeBoundaries(parsePrefs({ avoid_terms: ['bus'] }), new Date())));
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
