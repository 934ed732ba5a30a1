/**
 * `npm run gate:train`: rebuild core/domain/gate-model.json from the corpus in data/gate/
 * (deterministic; see scripts/gate/train.ts for the method). Reads ../shared/fixtures/feeds for the
 * real feed items the corpus labels by reference.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCorpus, ROOT } from './gate/corpus.ts';
import { MODEL_PATH, modelText, trainModel } from './gate/train.ts';

const started = Date.now();
try {
  const corpus = await loadCorpus();
  const { model, report } = trainModel(corpus);
  writeFileSync(MODEL_PATH, modelText(model));
  console.log(`gate:train: ${corpus.length} items (test split held out); wrote ${path.relative(ROOT, MODEL_PATH)}: ${Object.keys(model.sparse).length} sparse features, ${model.lexicon.harm.length} harm stems, in ${Date.now() - started} ms`);
  for (const [k, v] of Object.entries(report)) console.log(`  ${k}: ${v}`);
  console.log(`  temperature: ${model.temperature}, accept threshold: ${model.threshold}`);
} catch (error) {
  console.error(`gate:train: ${(error as Error).message}`);
  process.exitCode = 1;
}
