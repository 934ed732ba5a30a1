/**
 * Publication dates `Date.parse` refuses (core/domain/feed-date.ts through publicationDate): day
 * and month names in other languages, epoch seconds, times without a colon. They are read, not
 * replaced by "now"; what is no date at all still falls back to now.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLooseDate } from '../../core/domain/feed-date.ts';
import { publicationDate } from '../../core/domain/normalize.ts';

const NOW = new Date('2026-11-12T12:00:00Z');

const read: Array<[string, string]> = [
  ['Seg, 24 Set 2018 19:42:40 -0300', '2018-09-24T22:42:40.000Z'], // Portuguese (UOL)
  ['Sáb, 01 Dez 2018 10:00:00 -0300', '2018-12-01T13:00:00.000Z'],
  ['Qua, 03 Out 2018 08:05:00 -0300', '2018-10-03T11:05:00.000Z'],
  ['24 de setembro de 2018 às 19:42', '2018-09-24T19:42:00.000Z'],
  ['mar, 04 ene 2022 10:00:00 +0100', '2022-01-04T09:00:00.000Z'], // Spanish: 'mar' is Tuesday here, January is 'ene'
  ['jeu, 06 mai 2021 22:00 +0200', '2021-05-06T20:00:00.000Z'], // French
  ['mer., 1 févr. 2023 08:00:00 +0100', '2023-02-01T07:00:00.000Z'],
  ['Donnerstag, 16. März 2022 12:00', '2022-03-16T12:00:00.000Z'], // German, no zone: UTC
  ['Di, 03 Dez 2019 07:30:00 +0100', '2019-12-03T06:30:00.000Z'],
  ['gio, 17 ott 2019 14:10:00 +0200', '2019-10-17T12:10:00.000Z'], // Italian
  ['vr, 12 mrt 2021 09:00:00 +0100', '2021-03-12T08:00:00.000Z'], // Dutch
  ['Τρι, 29 Ιούν 2004 12:53:00 GMT', '2004-06-29T12:53:00.000Z'], // Greek
  ['Sat, 16 Dec 2023 02:02:33 PM EST', '2023-12-16T19:02:33.000Z'],
  ['1518478934', '2018-02-12T23:42:14.000Z'], // epoch seconds
  ['1518478934123', '2018-02-12T23:42:14.123Z'], // epoch milliseconds
];

for (const [text, iso] of read) {
  test(`'${text}' is read as ${iso}`, () => {
    assert.is(new Date(parseLooseDate(text)).toISOString(), iso);
    assert.is(publicationDate([text], NOW).toISOString(), iso, 'publicationDate reads it too');
  });
}

test('what is no date stays no date: NaN here, and now from publicationDate', () => {
  for (const text of ['not a date', '', '31 Fev 2018 10:00', '24 Set', '12345', 'Seg, 99 Set 2018', 'Set 2018 25:61', 'x'.repeat(10_000)]) {
    assert.ok(Number.isNaN(parseLooseDate(text)), text.slice(0, 40));
    assert.is(publicationDate([text], NOW).toISOString(), NOW.toISOString(), text.slice(0, 40));
  }
});

test('the first candidate that reads wins; dates before 1995 and in the future are handled as before', () => {
  assert.is(publicationDate(['1518478934', 'Tue, 17 Oct 2017 12:17:00 +0000'], NOW).toISOString(), '2018-02-12T23:42:14.000Z');
  assert.is(publicationDate(['Seg, 24 Set 1990 19:42:40 -0300', 'Tue, 17 Oct 2017 12:17:00 +0000'], NOW).toISOString(), '2017-10-17T12:17:00.000Z', 'before 1995: skipped');
  assert.is(publicationDate(['Seg, 24 Set 2040 19:42:40 -0300'], NOW).toISOString(), NOW.toISOString(), 'the future is clamped to now');
  assert.is(publicationDate(['788918399'], NOW).toISOString(), NOW.toISOString(), 'epoch seconds of 1994 stay out');
});

test('a time without its colon after a two-digit year (RSS 0.92) is read by the loose reader', () => {
  // Date.parse reads this one itself (at midnight), so publicationDate keeps its reading.
  assert.is(new Date(parseLooseDate('03 Apr 02 1500 GMT')).toISOString(), '2002-04-03T15:00:00.000Z');
});

test('dates Date.parse reads are read as before (the loose reader is only the fallback)', () => {
  for (const text of ['Tue, 10 Nov 2026 09:30:00 GMT', '2026-11-08T21:15:00Z', 'mer, 16 nov 2022 00:38:15 +0100']) {
    assert.is(publicationDate([text], NOW).getTime(), Date.parse(text));
  }
});

test.run();
