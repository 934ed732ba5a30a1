/**
 * The optimised ingestion functions give exactly the results of the straightforward ones: the
 * snapshots in fixtures/*.snapshot.json were taken before the optimisation, from the generated
 * inputs of snapshot-inputs.ts. `UPDATE_SNAPSHOTS=1` rewrites them (only after a deliberate change
 * of behaviour).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { planDuplicates } from '../../core/domain/dedupe.ts';
import { plainText, teaserText } from '../../core/domain/feed-html.ts';
import { canonicalUrl, isPaywalledUrl } from '../../core/domain/links.ts';
import { normalizeItems } from '../../core/domain/normalize.ts';
import { classifierInputs, dedupeInputs, feedItemInputs, htmlInputs, LINK_BASES, linkInputs } from './snapshot-inputs.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}.snapshot.json`, import.meta.url);

function matchesSnapshot(name: string, actual: unknown): void {
  if (process.env.UPDATE_SNAPSHOTS === '1') writeFileSync(fixture(name), `${JSON.stringify(actual, null, 0)}\n`);
  const expected: unknown = JSON.parse(readFileSync(fixture(name), 'utf8'));
  assert.equal(JSON.parse(JSON.stringify(actual)), expected);
}

test('classifyOffline gives the snapshot classification for every labelled and generated title and teaser', () => {
  const inputs = classifierInputs();
  assert.ok(inputs.length >= 1000);
  matchesSnapshot('classifier', inputs.map((input) => classifyOffline(input)));
});

test('planDuplicates gives the snapshot plan (same duplicates, same canonicals, same order)', () => {
  const { existing, incoming } = dedupeInputs();
  const plan = planDuplicates(existing, incoming);
  assert.ok(plan.duplicateOf.size > 50 && plan.replaced.size > 5, `${plan.duplicateOf.size} duplicates, ${plan.replaced.size} replaced`);
  matchesSnapshot('dedupe', { duplicateOf: [...plan.duplicateOf], replaced: [...plan.replaced] });
});

test('plainText and teaserText give the snapshot text for hostile feed HTML', () => {
  matchesSnapshot('normalize', htmlInputs().map((html) => [plainText(html), teaserText(html)]));
});

test('canonicalUrl, isPaywalledUrl and normalizeItems give the snapshot links and items for hostile links and feed items', () => {
  // Taken before links were parsed once per item (canonical link, image, paywall host).
  const links = linkInputs().map((link) => LINK_BASES.map((base) => {
    const canonical = canonicalUrl(link, base);
    return [canonical, isPaywalledUrl(canonical ?? link)];
  }));
  const feeds = feedItemInputs().map(({ items, options }) => normalizeItems(items, options));
  const items = feeds.flat();
  assert.ok(items.length > 500 && items.some((i) => i.image) && items.some((i) => i.paywalled), `${items.length} items`);
  matchesSnapshot('normalize-items', { links, feeds });
});

test.run();
