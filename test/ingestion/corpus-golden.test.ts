/**
 * The offline classifier and the calm gate give, on every real and written text we hold, exactly
 * what they gave before the ingest-speed work of issue 19 (one shared word scan, no regex per
 * word): the labelled corpus (data/gate/, written and feed-referenced items, and data/gate/extra)
 * and every item of the shared fixture feeds. The golden (fixtures/corpus.snapshot.json, one line
 * per text) holds each classification's topic, tags, flavor and cues, the gate's decision, the
 * model's raw class probabilities and a digest of the whole classification, so a change in the last bit of a score shows. `UPDATE_SNAPSHOTS=1` rewrites it
 * (only after a deliberate change of behaviour, such as a retrained model).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { gateDecision } from '../../core/domain/gate.ts';
import { gateView } from '../../core/domain/gate-model.ts';
import { parseFeed } from '../../core/pipeline/feed.ts';
import { CORPUS_DIR, loadCorpus, readWritten } from '../../scripts/gate/corpus.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

const GOLDEN = new URL('./fixtures/corpus.snapshot.json', import.meta.url);
const NOW = new Date('2026-11-20T12:00:00Z');

/** Every text of the shared feeds that parseFeed reads (a feed it refuses adds none). */
async function feedTexts(dir: URL): Promise<Array<{ title: string; teaser: string }>> {
  const out: Array<{ title: string; teaser: string }> = [];
  for (const file of readdirSync(dir).filter((f) => f !== 'README.md' && f !== 'manifest.json').sort()) {
    try {
      const feed = await parseFeed(readFileSync(new URL(file, dir), 'utf8'), 'https://fixtures.example/', { now: NOW });
      for (const item of feed.items) out.push({ title: item.title, teaser: item.teaser });
    } catch {
      // Not a feed parseFeed reads (a gzip body, an HTML page): the fixture tests cover those.
    }
  }
  return out;
}

const dir = sharedFixtures('feeds', 'README.md');
if (dir) {
  test('every corpus and shared-feed text gets its golden classification, gate decision and class probabilities', async () => {
    const extra = readdirSync(path.join(CORPUS_DIR, 'extra')).filter((f) => f.endsWith('.jsonl')).sort().flatMap((f) => readWritten(path.join(CORPUS_DIR, 'extra', f)));
    const texts = [...(await loadCorpus()), ...extra, ...(await feedTexts(dir))].map(({ title, teaser }) => ({ title, teaser }));
    assert.ok(texts.length > 3000, `${texts.length} texts`);
    const lines = texts.map((input) => {
      const c = classifyOffline(input);
      const p = gateView(input.title, input.teaser).probabilities;
      // The fields a reader sees, then a digest of the whole classification (its `why` and `offline` copy).
      const digest = createHash('sha256').update(JSON.stringify(c)).digest('base64url').slice(0, 12);
      return JSON.stringify([c.topic, c.tags, c.flavor, gateDecision(c).reason, c.offline?.cues, [p.accept, p.distress, p.ragebait, p.promotional], digest]);
    });
    if (process.env.UPDATE_SNAPSHOTS === '1') writeFileSync(GOLDEN, `${lines.join('\n')}\n`);
    const golden = readFileSync(GOLDEN, 'utf8').trimEnd().split('\n');
    assert.is(lines.length, golden.length);
    const differ = lines.flatMap((line, i) => (line === golden[i] ? [] : [i]));
    assert.equal(differ.slice(0, 5).map((i) => [golden[i], lines[i]]), [], `${differ.length} of ${lines.length} texts differ`);
  });
}

test.run();
