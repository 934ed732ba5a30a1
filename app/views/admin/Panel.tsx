/**
 * The admin panel (loaded only after `/api/auth/session` said `is_admin`): a section switcher over the
 * dashboard, the feedback inbox, the sources, the candidate queue and the downloads. The section is
 * kept in the address (`?view=admin&section=…`, replaceState) so a reload stays put; switching
 * moves focus to the section's heading.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LazyViewProps } from '../types.ts';
import type { StatsWindow } from '../../../core/domain/stats.ts';
import { Candidates } from './Candidates.tsx';
import { Dashboard } from './Dashboard.tsx';
import { Inbox } from './Inbox.tsx';
import { Sources } from './Sources.tsx';
import css from './admin.css';
import { replaceSearchParam } from '../../lib/replace-param.ts';

const SECTIONS = [
  ['dashboard', 'Dashboard'],
  ['inbox', 'Feedback inbox'],
  ['sources', 'Sources'],
  ['candidates', 'Candidates'],
  ['downloads', 'Downloads'],
] as const;
type Section = (typeof SECTIONS)[number][0];

function sectionFrom(search: string): Section {
  const wanted = new URLSearchParams(search).get('section');
  return SECTIONS.find(([id]) => id === wanted)?.[0] ?? 'dashboard';
}

/** Inject a view's stylesheet once (bundled as text, like the reader's). */
export function useStyles(id: string, text: string): void {
  useEffect(() => {
    if (document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = text;
    document.head.append(style);
  }, []);
}

/** The panel. */
export default function AdminPanel({ say }: Pick<LazyViewProps, 'say'>) {
  useStyles('admin-styles', css);
  const [section, setSection] = useState<Section>(() => sectionFrom(location.search));
  const [days, setDays] = useState<StatsWindow>(30);
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) heading.current?.focus();
    switched.current = true;
  }, [section]);
  const choose = (next: Section) => {
    replaceSearchParam('section', next);
    setSection(next);
  };
  const title = SECTIONS.find(([id]) => id === section)?.[1] ?? '';
  return (
    <div class="admin">
      <nav aria-label="Admin sections">
        <ul class="admin-nav">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <button type="button" class="button" aria-current={section === id ? 'true' : undefined} onClick={() => choose(id)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-title" data-section={section}>
        <h3 id="admin-section-title" ref={heading} tabIndex={-1}>
          {title}
        </h3>
        {section === 'dashboard' && <Dashboard days={days} setDays={setDays} />}
        {section === 'inbox' && <Inbox say={say} />}
        {section === 'sources' && <Sources say={say} />}
        {section === 'candidates' && <Candidates say={say} />}
        {section === 'downloads' && (
          <div class="actions">
            <a class="button" href="/api/admin/export/sources.csv" download="sources.csv">
              Download sources.csv
            </a>
            <a class="button" href="/api/admin/export/sources.opml" download="sources.opml">
              Download sources.opml (every source, with its status)
            </a>
            <a class="button" href={`/api/admin/export/audience.csv?days=${days}`} download="audience.csv">
              Download audience.csv ({days} days)
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
