/**
 * `/a/<id>` rendered on demand, for an article accepted since the last static build (static files
 * are tried first, so this runs only when `dist/` has no page for the id). Same template as the
 * build. Unknown, rejected, duplicate, hidden-source and malformed ids get the calm 404 page.
 */
import type { Context } from 'hono';
import { isValidId } from '../../core/domain/ids.ts';
import { withOtherOutlets } from '../../core/store/pool.ts';
import { findPublicArticle, loadSiteSources } from '../../core/store/site.ts';
import { renderArticlePage } from '../../core/pages/article-page.ts';
import { withOfflineSummaries } from '../../core/pipeline/offline-summaries.ts';
import { siteData, type SiteData } from '../../core/pages/site-data.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** A page handler as `pageRoutes()` in api/app.ts registers it. */
export type PageHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** The server-rendered pages of the site, by route pattern. */
export function articlePageRoutes(deps: AppDeps): Array<[string, PageHandler]> {
  // Asset versions are read once per process: the running build's assets are the deployed ones.
  let site: Promise<SiteData> | null = null;
  const getSite = () => (site ??= siteData(deps.config).catch((error: unknown) => {
    site = null;
    throw error;
  }));

  const articlePage: PageHandler = async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) return c.notFound();
    const found = await findPublicArticle(deps.db, id);
    if (!found) return c.notFound();
    // Named like the static page: the other visible outlets among the story's near-duplicates.
    const visible = new Map((await loadSiteSources(deps.db)).filter((s) => s.content_visible === true).map((s) => [s._id, String(s.name ?? s._id)] as const));
    const sourceName = typeof found.source.name === 'string' ? found.source.name : found.source._id;
    // The retelling stored with the article; one missing or by an older writer is done once, here.
    const [summarised = found.article] = await withOfflineSummaries(deps.db, [found.article], deps.now(), deps.log);
    const [article = summarised] = await withOtherOutlets(deps.db, [summarised], (id) => visible.get(id));
    const html = renderArticlePage(article, sourceName, await getSite());
    // Short: the next build publishes the static page, which then takes over.
    c.header('Cache-Control', 'public, max-age=60');
    return c.html(html, 200);
  };

  return [
    ['/a/:id', articlePage],
    ['/a/:id/', articlePage],
  ];
}
