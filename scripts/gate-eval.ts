/**
 * `npm run gate:eval [-- file.jsonl …]`: the calm gate's figures through the product's own path
 * (classifyOffline, then gateDecision) on the corpus's test split, and on any extra labelled file
 * given (same fields as data/gate/written/*.jsonl): confusion matrix, accept precision and recall,
 * reject recall per reason and the 20 worst errors. `--all` also reports the train and dev splits.
 */
import path from 'node:path';
import { loadCorpus, readWritten, ROOT } from './gate/corpus.ts';
import { evaluate, formatMetrics } from './gate/evaluate.ts';

const args = process.argv.slice(2);
try {
  const corpus = await loadCorpus();
  const splits = args.includes('--all') ? (['train', 'dev', 'test'] as const) : (['test'] as const);
  for (const split of splits) {
    console.log(formatMetrics(`corpus ${split} split`, evaluate(corpus.filter((i) => i.split === split))));
    console.log('');
  }
  for (const file of args.filter((a) => !a.startsWith('--'))) {
    const full = path.resolve(process.cwd(), file);
    console.log(formatMetrics(path.relative(ROOT, full), evaluate(readWritten(full))));
    console.log('');
  }
} catch (error) {
  console.error(`gate:eval: ${(error as Error).message}`);
  process.exitCode = 1;
}
