/** The sources and tags the reader follows, each with Unfollow. */
import { useEffect, useState } from 'preact/hooks';
import { fetchFollows, type Follow } from '../../lib/account.ts';
import { follow } from '../account/session.ts';
import { inApp } from '../account/ui.ts';
import type { ListProps } from './Lists.tsx';

const hrefOf = (f: Follow) => (f.kind === 'source' ? `/?source=${encodeURIComponent(f.value)}` : `/?tag=${encodeURIComponent(f.value)}`);

/** Following, sources first. */
export function FollowingList({ say }: ListProps) {
  const [items, setItems] = useState<Follow[] | null | undefined>(null);
  useEffect(() => void fetchFollows().then((list) => setItems(list ?? undefined)), []);
  const unfollow = async (f: Follow) => {
    if (!(await follow(f.kind, f.value, false))) return say('That did not work just now. Please try again.');
    setItems((list) => list?.filter((x) => !(x.kind === f.kind && x.value === f.value)));
    say(`You no longer follow ${f.name}.`);
    requestAnimationFrame(() => document.getElementById('following-title')?.focus());
  };
  const sorted = items ? [...items].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'source' ? -1 : 1)) : items;
  return (
    <section aria-labelledby="following-title">
      <h3 id="following-title" tabIndex={-1}>
        Following
      </h3>
      {sorted === null && <p class="quiet">Loading…</p>}
      {sorted === undefined && <p class="quiet">What you follow could not be loaded. Please try again later.</p>}
      {sorted?.length === 0 && <p class="quiet">You follow nothing yet. Open a source or a tag and choose Follow.</p>}
      {sorted && sorted.length > 0 && (
        <ul class="plain" aria-label="Following">
          {sorted.map((f) => (
            <li key={`${f.kind}:${f.value}`}>
              <span>
                <a href={hrefOf(f)} onClick={inApp(hrefOf(f))}>
                  {f.name}
                </a>
                <span class="meta">{f.kind === 'source' ? 'Source' : 'Tag'}</span>
              </span>
              <button type="button" class="button" onClick={() => void unfollow(f)}>
                Unfollow<span class="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
