/**
 * The calm gate's labelled corpus (data/gate/, rubric in data/gate/RUBRIC.md): items the team
 * wrote (`written/*.jsonl`) and real feed items labelled by reference (`feeds/*.jsonl`: a fixture
 * file in ../shared/fixtures/feeds/ and an item id; the text is read from the fixture at training
 * time and never copied). Every line is validated; a bad line stops the run with its file and line.
 * Items are split train / dev / test by a stable hash of the normalised title.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseFeed } from '../../core/pipeline/feed.ts';
import type { GateClass } from '../../core/domain/gate-weights.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CORPUS_DIR = path.join(ROOT, 'data/gate');
export const FIXTURE_FEEDS = path.resolve(ROOT, '../shared/fixtures/feeds');

export type Split = 'train' | 'dev' | 'test';

export interface LabelledItem {
  title: string;
  teaser: string;
  /** `accept`, or the reject reason. */
  label: GateClass;
  note: string | null;
  /** Where it came from: `written/<file>:<line>` or `feeds/<file>:<line>`. */
  origin: string;
  split: Split;
}

const label = z
  .object({
    label: z.enum(['accept', 'reject']),
    reason: z.enum(['distress', 'ragebait', 'promotional']).nullable(),
    note: z.string().max(400).optional(),
  })
  .refine((v) => (v.label === 'accept') === (v.reason === null), { message: 'an accepted item has reason null; a rejected one has a reason' });

const writtenLine = z.intersection(
  z.object({ title: z.string().trim().min(3).max(300), teaser: z.string().max(600), locale: z.enum(['en-GB', 'en-US']).optional() }),
  label,
);
const feedLine = z.intersection(z.object({ file: z.string().regex(/^[\w.-]+$/), item: z.string().min(1) }), label);

/** The split of a title: a stable hash of its normalised words (70 % train, 15 % dev, 15 % test). */
export function splitOf(title: string): Split {
  const key = title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const n = createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
  return n < 0.7 ? 'train' : n < 0.85 ? 'dev' : 'test';
}

function readLines(file: string): Array<[number, unknown]> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => line.trim() !== '')
    .map(([n, line]) => {
      try {
        return [n, JSON.parse(line) as unknown];
      } catch (error) {
        throw new Error(`${path.relative(ROOT, file)}:${n}: not JSON (${(error as Error).message})`);
      }
    });
}

function classOf(v: { label: 'accept' | 'reject'; reason: GateClass | null }): GateClass {
  return v.label === 'accept' ? 'accept' : v.reason!;
}

/** Items of a JSONL file written in our own words (the corpus's `written/` files or an extra evaluation set). */
export function readWritten(file: string): LabelledItem[] {
  const name = path.relative(ROOT, file);
  return readLines(file).map(([n, value]) => {
    const parsed = writtenLine.safeParse(value);
    if (!parsed.success) throw new Error(`${name}:${n}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}`);
    const v = parsed.data;
    return { title: v.title, teaser: v.teaser, label: classOf(v), note: v.note ?? null, origin: `${name}:${n}`, split: splitOf(v.title) };
  });
}

/** The id an item is referenced by: its guid, else its link, else its title. */
export function itemRef(item: { guid: string | null; url: string; title: string }): string {
  return item.guid ?? item.url ?? item.title;
}

const parsedFixtures = new Map<string, Map<string, { title: string; teaser: string }>>();

async function fixtureItems(file: string): Promise<Map<string, { title: string; teaser: string }>> {
  let items = parsedFixtures.get(file);
  if (!items) {
    const full = path.join(FIXTURE_FEEDS, file);
    if (!existsSync(full)) throw new Error(`fixture feed ${file} not found in ${FIXTURE_FEEDS} (the corpus reads ../shared beside the repository)`);
    const { items: parsed } = await parseFeed(readFileSync(full, 'utf8'), 'https://example.com/', { now: new Date('2026-11-25T00:00:00Z'), maxItems: 1000 });
    items = new Map(parsed.map((i) => [itemRef(i), { title: i.title, teaser: i.teaser }]));
    parsedFixtures.set(file, items);
  }
  return items;
}

/** Items of a reference file: each resolved against its fixture feed. */
export async function readReferences(file: string): Promise<LabelledItem[]> {
  const name = path.relative(ROOT, file);
  const out: LabelledItem[] = [];
  for (const [n, value] of readLines(file)) {
    const parsed = feedLine.safeParse(value);
    if (!parsed.success) throw new Error(`${name}:${n}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}`);
    const v = parsed.data;
    const item = (await fixtureItems(v.file)).get(v.item);
    if (!item) throw new Error(`${name}:${n}: no item "${v.item}" in ${v.file}`);
    out.push({ title: item.title, teaser: item.teaser, label: classOf(v), note: v.note ?? null, origin: `${name}:${n}`, split: splitOf(item.title) });
  }
  return out;
}

const jsonl = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().map((f) => path.join(dir, f)) : []);

/** The whole corpus, in a fixed order (files by name, lines in order); a title seen twice is kept once (the first). */
export async function loadCorpus(dir = CORPUS_DIR): Promise<LabelledItem[]> {
  const items = [...jsonl(path.join(dir, 'written')).flatMap(readWritten)];
  for (const file of jsonl(path.join(dir, 'feeds'))) items.push(...(await readReferences(file)));
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
