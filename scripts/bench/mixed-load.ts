/**
 * The mixed reader load used by the hardening load test (short, in `npm test`) and the soak
 * section of `npm run bench` (50 clients, 60 s, 10,000 articles, from a child process): clients
 * that mix feed, brief, replacement, summary and event requests, a small hot set of articles so
 * events repeat, and the check that the events collection holds exactly one row per distinct
 * (day, visitor, kind, article) sent.
 */
import type { Db } from 'mongodb';

/** What a load run did. `sent` holds `visitor|kind|article` tuples answered 204. */
export interface MixedLoadResult {
  requests: number;
  events: number;
  errors: string[];
  sent: string[];
}

const KINDS = ['open', 'summary_viewed', 'visit', 'full_story', 'replace_used'];

/** Run `clients` concurrent clients against `base` for `durationMs`, over article `ids`. */
export async function runMixedLoad(base: string, ids: readonly string[], clients: number, durationMs: number): Promise<MixedLoadResult> {
  const errors: string[] = [];
  const sent = new Set<string>();
  const counts = { requests: 0, events: 0 };
  const deadline = Date.now() + durationMs;
  const hot = Math.min(60, ids.length);
  const client = async (n: number) => {
    const visitor = `load-visitor-${n}-${'x'.repeat(20)}`;
    let step = 0;
    while (Date.now() < deadline) {
      step += 1;
      const id = ids[(n * 37 + step * 11) % hot]!;
      const roll = step % 6;
      let res: Response;
      try {
        if (roll === 0) res = await fetch(`${base}/api/feed?offset=${(step * 20) % 400}&sort=${step % 2 ? 'latest' : 'ranked'}`);
        else if (roll === 1) res = await fetch(`${base}/api/brief?prefs=${encodeURIComponent(JSON.stringify({ mute_topics: ['culture'] }))}`);
        else if (roll === 2) res = await fetch(`${base}/api/replacement?exclude=${ids.slice(0, 7).join(',')}`);
        else if (roll === 3) res = await fetch(`${base}/api/summary/${id}`);
        else {
          const kind = KINDS[step % KINDS.length]!;
          const articleId = kind === 'visit' ? null : id;
          res = await fetch(`${base}/api/events`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ kind, article_id: articleId, visitor }) });
          if (res.status === 204) sent.add(`${visitor}|${kind}|${articleId}`);
          counts.events += 1;
        }
        await res.arrayBuffer();
        counts.requests += 1;
        if (res.status >= 500 || (res.status >= 400 && res.status !== 404)) errors.push(`${res.url} → ${res.status}`);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return { ...counts, errors, sent: [...sent] };
}

/**
 * Compare the events collection with what was sent: no duplicate rows, and one row per distinct
 * tuple (a run straddling UTC midnight may legitimately hold one row per day).
 */
export async function checkEventRows(db: Db, sent: readonly string[]): Promise<{ rows: number; duplicates: number; exact: boolean }> {
  const rows = await db.collection('events').find({}, { projection: { _id: 0, day: 1, visitor_hash: 1, kind: 1, article_id: 1 } }).toArray();
  const keys = new Set(rows.map((r) => `${r.day}|${r.visitor_hash}|${r.kind}|${r.article_id}`));
  const days = new Set(rows.map((r) => String(r.day)));
  const exact = days.size <= 1 ? rows.length === sent.length : rows.length >= sent.length && rows.length <= sent.length * 2;
  return { rows: rows.length, duplicates: rows.length - keys.size, exact };
}
