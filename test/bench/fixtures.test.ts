/**
 * The benchmark's generated data: the same bytes on every run, feeds that our own parser reads in
 * full (RSS and Atom), and pool articles that are all public (accepted, canonical, unique ids).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFeed } from '../../core/pipeline/feed.ts';
import { makeArticles, makeFeeds, makeSources } from '../../scripts/bench/fixtures.ts';

const now = new Date('2026-11-20T12:00:00Z');

test('generated feeds are deterministic', () => {
  assert.equal(makeFeeds(3, 5, now).map((f) => f.xml), makeFeeds(3, 5, now).map((f) => f.xml));
});

test('every generated item survives our parser and normaliser, RSS and Atom alike', async () => {
  const feeds = makeFeeds(5, 12, now); // feed 4 is Atom
  for (const f of feeds) {
    const parsed = await parseFeed(f.xml, 'https://example.org/', { now });
    assert.is(parsed.items.length, 12, f.name);
    assert.ok(parsed.items.every((i) => !i.url.includes('utm_')), 'tracking parameters are stripped');
  }
});

test('pool articles are public, unique and spread over the sources', () => {
  const sources = makeSources(4, now);
  const articles = makeArticles(200, sources, now);
  assert.is(new Set(articles.map((a) => a._id)).size, 200);
  assert.ok(articles.every((a) => a.accepted && a.duplicate_of === null));
  assert.is(new Set(articles.map((a) => a.source_id)).size, 4);
  assert.not.equal(makeArticles(1, sources, now, 200)[0]?._id, articles[0]?._id);
});

test.run();
