/**
 * Offline summaries retold once (docs/reader-app.md "Offline summaries are written once"): the
 * ingest stores the teaser's retelling with every accepted story, and a render that meets an
 * article without a current one (stored before this existed, or by an older writer) has it retold
 * here and stored back. Renders (the site build, `/a` on demand, the summary endpoint) compose the
 * summary and notes from the stored sentences (core/domain/offline-texts.ts).
 *
 * The writer is loaded on first use with `import()`: it brings compromise (~450 ms of module load,
 * a ~2 MB lexicon), which a process that only reads stored retellings (the API) never needs.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc, OfflineSummaryDoc } from '../domain/article.ts';
import { currentOffline, hasCachedText, OFFLINE_WRITER_VERSION } from '../domain/summary.ts';
import { describeError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import { saveOfflineSummaries } from '../store/summaries.ts';

type Retell = (input: { teaser: string; title: string }) => OfflineSummaryDoc['retold'];
let loading: Promise<Retell> | null = null;

/** The retelling, imported on first use (once per process). */
function retelling(): Promise<Retell> {
  loading ??= import('../domain/offline-summary.ts').then((m) => m.retellTeaser).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** What the retelling reads of an article, and what tells whether it needs one. */
export type Summarisable = Pick<ArticleDoc, '_id' | 'title' | 'summary'> & { teaser?: string | null; offline_summary?: OfflineSummaryDoc | null };

/** True when the article shows no cached summary and has no retelling by the current writer. */
const needsOffline = (a: Summarisable): boolean => !hasCachedText(a) && !currentOffline(a);

/**
 * The retellings of `articles`, done now by the current writer (nothing is stored). A teaser the
 * writer fails on is left out and logged: its story is still stored or rendered (with the why line
 * standing in for the summary), and retold again on its next render.
 */
export async function writeOfflineSummaries(articles: readonly Summarisable[], now: Date, log?: Pick<Logger, 'warn'>): Promise<Map<string, OfflineSummaryDoc>> {
  const written = new Map<string, OfflineSummaryDoc>();
  if (articles.length === 0) return written;
  const retell = await retelling();
  for (const a of articles) {
    try {
      written.set(a._id, { retold: retell({ teaser: a.teaser ?? '', title: a.title }), writer: OFFLINE_WRITER_VERSION, written_at: now });
    } catch (error) {
      log?.warn('could not retell a teaser', { article: a._id, error: describeError(error) });
    }
  }
  return written;
}

/**
 * `articles` with the retelling each will show: those that need one (see needsOffline) get it
 * done now and stored back; the others are returned as they are, and the writer is not loaded.
 */
export async function withOfflineSummaries<T extends Summarisable>(db: Db, articles: readonly T[], now: Date, log?: Pick<Logger, 'warn'>): Promise<T[]> {
  const written = await writeOfflineSummaries(articles.filter(needsOffline), now, log);
  if (written.size === 0) return [...articles];
  await saveOfflineSummaries(db, written);
  return articles.map((a) => {
    const offline = written.get(a._id);
    return offline ? { ...a, offline_summary: offline } : a;
  });
}
