import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { gateDecision } from '../../core/domain/gate.ts';
import { isFlavor, isTag, isTopic } from '../../core/domain/taxonomy.ts';
import { ADVERTISING, CALM, DISTRESSING, OUTRAGE_BAIT } from './headlines.ts';

const accepted = (title: string) => gateDecision(classifyOffline({ title, teaser: '' })).accepted;

test('the labelled set holds at least 200 headlines', () => {
  assert.ok(CALM.length + DISTRESSING.length + OUTRAGE_BAIT.length + ADVERTISING.length >= 200);
});

test('the offline classifier accepts with precision >= 0.9 and recall >= 0.6 on the labelled set', () => {
  const rejects = [...DISTRESSING, ...OUTRAGE_BAIT, ...ADVERTISING];
  const truePositives = CALM.filter(accepted).length;
  const falsePositives = rejects.filter(accepted);
  const precision = truePositives / (truePositives + falsePositives.length);
  const recall = truePositives / CALM.length;
  console.log(`offline classifier: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (${truePositives}/${CALM.length} calm accepted, ${falsePositives.length}/${rejects.length} rejects let through)`);
  if (process.env.SHOW_MISSES) {
    console.log('let through:', falsePositives);
    console.log('missed calm:', CALM.filter((t) => !accepted(t)));
  }
  assert.ok(precision >= 0.9, `precision ${precision}`);
  assert.ok(recall >= 0.6, `recall ${recall}`);
});

test('each reject category is caught by its own score', () => {
  const reason = (t: string) => gateDecision(classifyOffline({ title: t, teaser: '' })).reason;
  const share = (list: readonly string[], r: string) => list.filter((t) => reason(t) === r).length / list.length;
  assert.ok(share(DISTRESSING, 'cortisol') >= 0.8, 'distress → cortisol');
  assert.ok(share(OUTRAGE_BAIT, 'ragebait') >= 0.6, 'outrage → ragebait');
  assert.ok(share(ADVERTISING, 'promotional') >= 0.8, 'adverts → promotional');
});

test('every offline classification is complete and inside the vocabulary', () => {
  for (const title of [...CALM, ...DISTRESSING].slice(0, 80)) {
    const c = classifyOffline({ title, teaser: 'A short teaser about the story.' });
    assert.ok(isTopic(c.topic) && isFlavor(c.flavor), title);
    assert.ok(c.tags.length >= 1 && c.tags.length <= 4 && c.tags.every(isTag), title);
    for (const s of [c.cortisol, c.ragebait, c.promotional]) assert.ok(s >= 0 && s <= 10);
    assert.ok(c.why.length > 0);
  }
});

test.run();
