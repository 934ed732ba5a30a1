/**
 * Offline summaries written once (docs/reader-app.md "Offline summaries"): the ingest stores one
 * with every accepted story, and a render that meets an article without a current one (stored
 * before this existed, or by an older writer) has it written here and stored back. Renders (the
 * site build, `/a` on demand, the summary endpoint) then read the stored text.
 *
 * The writer is loaded on first use with `import()`: it brings compromise (~450 ms of module load,
 * a ~2 MB lexicon), which a process that only reads stored summaries (the API) never needs.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc, OfflineSummaryDoc } from '../domain/article.ts';
import { currentOffline, hasCachedText, OFFLINE_WRITER_VERSION, summaryInputOf, type SummaryInput, type SummaryTexts } from '../domain/summary.ts';
import { saveOfflineSummaries } from '../store/summaries.ts';

type Writer = (input: SummaryInput) => SummaryTexts;
let loading: Promise<Writer> | null = null;

/** The offline writer, imported on first use (once per process). */
export function offlineWriter(): Promise<Writer> {
  loading ??= import('../domain/offline-summary.ts').then((m) => m.offlineSummary).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** What the writer reads of an article, and what tells whether it needs writing. */
export type Summarisable = Parameters<typeof summaryInputOf>[0] & Pick<ArticleDoc, '_id' | 'source_id' | 'summary'> & { offline_summary?: OfflineSummaryDoc | null };

/** True when the article shows no cached summary and has no offline one by the current writer. */
export const needsOffline = (a: Summarisable): boolean => !hasCachedText(a) && !currentOffline(a);

/** The offline summaries of `articles`, written now by the current writer (nothing is stored). */
export async function writeOfflineSummaries(articles: readonly Summarisable[], nameOf: (sourceId: string) => string, now: Date): Promise<Map<string, OfflineSummaryDoc>> {
  const written = new Map<string, OfflineSummaryDoc>();
  if (articles.length === 0) return written;
  const write = await offlineWriter();
  for (const a of articles) written.set(a._id, { ...write(summaryInputOf(a, nameOf(a.source_id))), writer: OFFLINE_WRITER_VERSION, written_at: now });
  return written;
}

/**
 * `articles` with the offline summary each will show: those that need one (see needsOffline) get
 * it written now and stored back; the others are returned as they are, and the writer is not loaded.
 */
export async function withOfflineSummaries<T extends Summarisable>(db: Db, articles: readonly T[], nameOf: (sourceId: string) => string, now: Date): Promise<T[]> {
  const written = await writeOfflineSummaries(articles.filter(needsOffline), nameOf, now);
  if (written.size === 0) return [...articles];
  await saveOfflineSummaries(db, written);
  return articles.map((a) => {
    const offline = written.get(a._id);
    return offline ? { ...a, offline_summary: offline } : a;
  });
}
