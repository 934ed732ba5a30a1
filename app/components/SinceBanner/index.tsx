/** "N new since your last visit" (`/api/since`), shown once per visit, never as a badge that nags. */
import { useEffect, useState } from 'preact/hooks';
import { fetchSinceCount } from '../../lib/api.ts';
import { readJson, writeJson } from '../../lib/storage.ts';

/** Props: the prefs value and how to open Latest. */
export interface SinceBannerProps {
  param: string;
  openLatest: () => void;
}

/** Render the banner when there is something new. */
export function SinceBanner({ param, openLatest }: SinceBannerProps) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const last = readJson('last_seen');
    writeJson('last_seen', new Date().toISOString());
    if (typeof last !== 'string' || Number.isNaN(Date.parse(last))) return;
    void fetchSinceCount(last, param).then(setCount);
  }, []);
  if (count <= 0) return null;
  return (
    <p class="since" role="status">
      {count === 1 ? '1 new story' : `${count} new stories`} since your last visit.{' '}
      <button type="button" class="link" onClick={openLatest}>
        Show the latest
      </button>
    </p>
  );
}
