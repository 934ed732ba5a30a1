/**
 * The calm gate's trained model, measured: figures on the corpus's test split and on the
 * independent holdout set (never trained or tuned on), and `npm run gate:train` reproducing the
 * committed weights from the train and dev splits alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCorpus, readWritten, ROOT, splitOf, type LabelledItem } from '../../scripts/gate/corpus.ts';
import { evaluate } from '../../scripts/gate/evaluate.ts';
import { MODEL_PATH, modelText, trainModel } from '../../scripts/gate/train.ts';
import { gateFeatures } from '../../core/domain/gate-features.ts';
import { stemOf } from '../../core/domain/gate-stems.ts';
import { classScores, gateView } from '../../core/domain/gate-model.ts';
import { shippedModel, softmax } from '../../core/domain/gate-weights.ts';
import { classifierInputs } from './snapshot-inputs.ts';

let corpus: LabelledItem[];
test.before(async () => {
  corpus = await loadCorpus();
});

test('the corpus holds at least 2,000 labelled items of every kind, split train / dev / test by a stable hash', () => {
  assert.ok(corpus.length >= 2000, `${corpus.length} items`);
  for (const label of ['accept', 'distress', 'ragebait', 'promotional'] as const) assert.ok(corpus.filter((i) => i.label === label).length >= 300, label);
  assert.ok(corpus.some((i) => i.origin.startsWith('data/gate/feeds/')), 'real feed items by reference');
  const share = (split: string) => corpus.filter((i) => i.split === split).length / corpus.length;
  assert.ok(share('test') > 0.1 && share('test') < 0.2 && share('dev') > 0.1 && share('dev') < 0.2);
  assert.is(splitOf('Otters return to the River Wend'), splitOf('  otters RETURN to the river wend! '));
});

test('test split (harder than real traffic by design): accept precision >= 0.95 and recall >= 0.75, every reason mostly rejected', () => {
  const m = evaluate(corpus.filter((i) => i.split === 'test'));
  console.log(`test split: ${m.items} items, accept precision ${m.acceptPrecision.toFixed(3)}, recall ${m.acceptRecall.toFixed(3)}`);
  assert.ok(m.acceptPrecision >= 0.95, `precision ${m.acceptPrecision}`);
  assert.ok(m.acceptRecall >= 0.75, `recall ${m.acceptRecall}`);
  for (const reason of ['distress', 'ragebait', 'promotional'] as const) assert.ok(m.rejectRecall[reason] >= 0.85, `${reason} ${m.rejectRecall[reason]}`);
});

test('independent holdout (written apart from the corpus, never trained or tuned on): precision >= 0.95, recall >= 0.75', () => {
  const m = evaluate(readWritten(path.join(ROOT, 'data/gate/extra/holdout-fresh.jsonl')));
  console.log(`holdout: ${m.items} items, accept precision ${m.acceptPrecision.toFixed(3)}, recall ${m.acceptRecall.toFixed(3)}`);
  assert.ok(m.acceptPrecision >= 0.95, `precision ${m.acceptPrecision}`);
  assert.ok(m.acceptRecall >= 0.75, `recall ${m.acceptRecall}`);
});

test('training is deterministic, never reads the test split, and reproduces the committed weights', () => {
  const withoutTest = corpus.filter((i) => i.split !== 'test');
  const { model } = trainModel(withoutTest);
  assert.ok(modelText(model) === readFileSync(MODEL_PATH, 'utf8'), 'npm run gate:train gives the committed core/domain/gate-model.json (retrain and commit it after changing the corpus or the features)');
});

test('inference straight into the weights gives exactly the probabilities of the named features (the training path)', () => {
  const model = shippedModel();
  const inputs = [...corpus.map((i) => ({ title: i.title, teaser: i.teaser })), ...classifierInputs()];
  for (const { title, teaser } of inputs) {
    const named = softmax(classScores(gateFeatures(title, teaser.slice(0, 600), model.lexicon), model), model.temperature);
    const p = gateView(title, teaser, model).probabilities;
    assert.equal([p.accept, p.distress, p.ragebait, p.promotional], Array.from(named), title);
  }
});

test('a word the corpus never shows still counts by its meaning (its GloVe vector, folded into the shipped weights)', () => {
  const model = shippedModel();
  // The same model without one word's vector (rows and scratch shared: only the vectors differ).
  const without = (word: string) => ({ ...model, lexicon: { ...model.lexicon, vectors: new Map([...model.lexicon.vectors].filter(([w]) => w !== word)) } });
  const known = (word: string) => model.unigrams.has(stemOf(word)) || model.lexicon.harm.has(stemOf(word)) || model.lexicon.valence.has(stemOf(word));
  const headline = (word: string) => `A morning of ${word} in the town square`;
  for (const word of ['shrapnel', 'machete', 'sniper']) {
    assert.not.ok(known(word), `${word} is not in the corpus's words or the lexicons`);
    const view = gateView(headline(word), '', model);
    assert.is(view.reason, 'distress', word);
    assert.ok(view.cues.includes(word), `${word} is named as a cue: ${view.cues.join(', ')}`);
    const blind = gateView(headline(word), '', without(word));
    assert.ok(blind.accept, `${word}: without its vector the headline passes (accept ${blind.probabilities.accept.toFixed(2)})`);
  }
  for (const word of ['marmalade', 'violinist', 'pancakes']) {
    assert.not.ok(known(word), `${word} is not in the corpus's words or the lexicons`);
    assert.ok(gateView(headline(word), '', model).accept, word);
  }
});

test('a bad corpus line stops loading with its file and line', () => {
  const file = path.join(ROOT, 'test/ingestion/fixtures/gate-bad.jsonl');
  assert.throws(() => readWritten(file), /gate-bad\.jsonl:2: .*reason/);
});

test.run();
