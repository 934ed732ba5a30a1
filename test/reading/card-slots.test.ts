/**
 * A feed page's JSON, UTF-8 length and tag read by place (core/readmodel/json.ts `CardSlots`): the same JSON
 * and the same tag as the per-card look-ups give, and a card said anew on a copy (another line at
 * the same place) never reads what was made for the original there.
 */
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toCard } from '../../core/domain/card.ts';
import { CardSlots, cardSlotsOf, cardsTagged, oneByteJson, type JsonText } from '../../core/readmodel/json.ts';
import { makeArticle } from '../helpers/fixtures.ts';

/** A page's text, once its UTF-8 length is checked against the text's own. */
const text = (body: JsonText) => {
  assert.is(body.byteLength, Buffer.byteLength(body.text, 'utf8'), 'the UTF-8 length of the text');
  return body.text;
};
/**
 * Whether V8 keeps `text` one byte a character: its serializer writes such a string with the tag
 * '"' (0x22) right after its header (0xFF and the format version as a varint), a two-byte one with
 * 'c' (0x63), maybe after a padding byte.
 */
const oneByte = (text: string): boolean => {
  const bytes = serialize(text);
  let at = 1;
  while ((bytes[at]! & 0x80) !== 0) at += 1;
  return bytes[at + 1] === 0x22;
};
const cards = ['Otters return to the river', 'A choir sings at the ferry in Malmö', 'Neighbours plant an orchard 🌳'].map((title, i) =>
  toCard({ ...makeArticle({ source_id: 'river-news', title }), _id: `slot-${i}` }, 'River News'),
);

test('read by place, a page is the same bytes and tag as read card by card, first time and after', () => {
  const slots = new CardSlots(8);
  const page = [cards[2]!, cards[0]!, cards[1]!];
  const plain = cardsTagged(page);
  for (let round = 0; round < 2; round += 1) {
    const placed = cardsTagged(page, [5, 1, 3], slots);
    assert.is(text(placed.body), oneByteJson(JSON.stringify(page)), `round ${round}: the bytes`);
    assert.is(placed.tag, plain.tag, `round ${round}: the tag`);
  }
  assert.is(slots.card[5], cards[2], 'the place keeps its card');
});

test('a copy said anew at a place gets its own bytes and tag, before or after the original', () => {
  const copy = { ...cards[0]!, line: 'Another line for the same story.' };
  for (const order of [[cards[0]!, copy], [copy, cards[0]!]]) {
    const slots = new CardSlots(4);
    for (const card of [...order, ...order]) {
      const placed = cardsTagged([card, cards[1]!], [2, 3], slots);
      assert.is(text(placed.body), oneByteJson(JSON.stringify([card, cards[1]!])));
      assert.is(placed.tag, cardsTagged([card, cards[1]!]).tag);
    }
  }
});

test('a place outside the slots, or none, is read card by card', () => {
  const slots = new CardSlots(2);
  const placed = cardsTagged(cards, [0, 7, -1], slots);
  assert.is(text(placed.body), oneByteJson(JSON.stringify(cards)));
  assert.is(placed.tag, cardsTagged(cards).tag);
  assert.equal(slots.card, [cards[0], undefined]);
  assert.is(text(cardsTagged(cards, [0], slots).body), oneByteJson(JSON.stringify(cards)), 'fewer places than cards');
});

test("a list's slots are made once, sized to the list", () => {
  const lists = { ranked: [1, 2, 3] };
  assert.is(cardSlotsOf(lists), cardSlotsOf(lists));
  assert.is(cardSlotsOf(lists).card.length, 3);
  assert.is.not(cardSlotsOf({ ranked: [1, 2, 3] }), cardSlotsOf(lists));
});

test('two pages share a tag exactly when they are the same JSON, however their cards were read', () => {
  // Six cards, two of them equal in content but distinct objects (the same JSON: the same tag).
  const twin = { ...cards[1]! };
  const pool = [...cards, twin, { ...cards[0]!, line: 'Another line.' }, { ...cards[2]!, title: 'Neighbours plant an orchard' }];
  const page = fc.array(fc.nat(pool.length - 1), { maxLength: 8 });
  fc.assert(
    fc.property(page, page, fc.boolean(), (a, b, placed) => {
      const slots = new CardSlots(pool.length);
      const read = (picks: number[]) => cardsTagged(picks.map((i) => pool[i]!), placed ? picks : undefined, placed ? slots : undefined);
      const [ta, tb] = [read(a), read(b)];
      assert.match(ta.tag, /^[A-Za-z0-9_-]{22}$/);
      assert.is(ta.tag === tb.tag, ta.body.text === tb.body.text, `${JSON.stringify(a)} / ${JSON.stringify(b)}`);
    }),
    { numRuns: 3000 },
  );
  assert.is.not(cardsTagged([]).tag, cardsTagged([cards[0]!]).tag, 'an empty page has a tag of its own');
  assert.is.not(cardsTagged([cards[0]!, cards[1]!]).tag, cardsTagged([cards[1]!, cards[0]!]).tag, 'order counts');
});


test('a page is one byte a character: wide characters as \\u escapes, Latin-1 letters kept, the same JSON values', () => {
  const page = cardsTagged(cards).body;
  assert.not.match(page.text, /[^\u0000-\u00ff]/, 'no UTF-16 unit above U+00FF');
  assert.ok(oneByte(page.text), 'kept one byte a character by V8');
  assert.ok(page.text.includes('Malmö'), 'a Latin-1 letter stays as it is');
  assert.ok(page.text.includes('\\ud83c\\udf33'), 'an emoji is its two escapes');
  assert.equal(JSON.parse(page.text), JSON.parse(JSON.stringify(cards)));
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (any, graphemes) => {
      const value = { any, graphemes, quoted: `It’s “${any}” — ${graphemes}…` };
      const json = oneByteJson(JSON.stringify(value));
      assert.not.match(json, /[^\u0000-\u00ff]/);
      assert.ok(oneByte(json));
      assert.equal(JSON.parse(json), value);
    }),
  );
});

test.run();
