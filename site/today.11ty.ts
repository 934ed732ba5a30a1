/** `/today`: the stored brief as a shareable, indexable page (see _includes/today-page.ts). */
import type { SiteData } from '../core/pages/site-data.ts';
import { renderTodayPage, type TodayData } from './_includes/today-page.ts';

export const data = { permalink: '/today/index.html' };

export function render({ site, today }: { site: SiteData; today: TodayData }): string {
  return renderTodayPage(today, site);
}
