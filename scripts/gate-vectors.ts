/** `npm run gate:vectors [-- <glove json>]`: rebuild data/gate/vectors/ (see scripts/gate/vectors.ts). */
import path from 'node:path';
import { ROOT } from './gate/corpus.ts';
import { gloveSource, VECTORS_DIR, writeVectors } from './gate/vectors.ts';

try {
  const source = gloveSource(process.argv[2]);
  const { words } = writeVectors(source);
  console.log(`gate:vectors: ${words} words from ${source} into ${path.relative(ROOT, VECTORS_DIR)}/`);
} catch (error) {
  console.error(`gate:vectors: ${(error as Error).message}`);
  process.exitCode = 1;
}
