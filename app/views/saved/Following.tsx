/** The sources and tags the reader follows, each with Unfollow. */
import { useEffect, useState } from 'preact/hooks';
import { fetchFollows, type Follow } from '../../lib/account.ts';
import { follow } from '../account/session.ts';
import { inApp } from '../account/ui.ts';
import type { ListProps } from './Lists.tsx';
import { LibrarySection, refocus } from './Section.tsx';

const hrefOf = (f: Follow) => (f.kind === 'source' ? `/?source=${encodeURIComponent(f.value)}` : `/?tag=${encodeURIComponent(f.value)}`);

/** Following, sources first. */
export function FollowingList({ say }: ListProps) {
  const [items, setItems] = useState<Follow[] | null | undefined>(null);
  useEffect(() => void fetchFollows().then((list) => setItems(list ?? undefined)), []);
  const unfollow = async (f: Follow) => {
    if (!(await follow(f.kind, f.value, false))) return say('That did not work just now. Please try again.');
    setItems((list) => list?.filter((x) => !(x.kind === f.kind && x.value === f.value)));
    say(`You no longer follow ${f.name}.`);
    refocus('following');
  };
  const sorted = items ? [...items].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'source' ? -1 : 1)) : items;
  return (
    <LibrarySection
      list="following"
      items={sorted}
      item={(f) => (
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
      )}
    />
  );
}
