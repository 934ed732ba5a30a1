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
import { plainText, teaserText } from '../../core/domain/normalize.ts';
import { classifierInputs, dedupeInputs, htmlInputs } from './snapshot-inputs.ts';

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

test.run();
