import { MongoClient } from 'mongodb';
import { createLogger } from '../core/platform/log.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import { briefAnswerOf, feedAnswerOf } from '../core/readmodel/reading.ts';
import { CLIENT_OPTIONS } from '../core/store/db.ts';
import { startEmbeddedServer } from '../core/store/embedded.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { readingQueryOf } from '../api/reading-query.ts';
import { replyTo } from '../api/answers.ts';
import { makeSources } from './bench/fixtures.ts';
import { POOL_SOURCES, seedBenchPool } from './bench/seed.ts';
import { coldPrefsParam } from './bench/cold-prefs.ts';
import { BRIEF_COLD_PATH, FEED_COLD_PATH } from './bench/api.ts';
const kind = process.argv[2] === 'feed' ? 'feed' : 'brief';
const log = createLogger('warn', () => undefined);
const embedded = await startEmbeddedServer();
const client = await new MongoClient(embedded.uri, CLIENT_OPTIONS).connect();
const db = client.db('zz');
const now = new Date();
await ensureSchema(db, log);
await seedBenchPool(db, makeSources(POOL_SOURCES, now), now);
const model = readModelFor(db, log);
await model.refresh();
const snap = model.current()!;
let n = 0;
const N = 20000;
const nowFn = () => new Date();
for (let round = 0; round < 10; round++) {
  const list: string[] = []; for (let i = 0; i < N; i++) list.push(`http://127.0.0.1:1${kind === 'brief' ? BRIEF_COLD_PATH : FEED_COLD_PATH}${coldPrefsParam(n++)}`);
  const t0 = performance.now();
  for (const u of list) {
    const q = readingQueryOf(u, u.slice(u.indexOf('?') + 1))!;
    const ans = kind === 'brief' ? briefAnswerOf(snap, q, nowFn()) : feedAnswerOf(snap, q, nowFn, null);
    replyTo(ans, undefined, undefined, 'node');
  }
  console.log(kind, ((performance.now() - t0) / N * 1000).toFixed(2), 'µs');
}
await client.close();
process.exit(0);
