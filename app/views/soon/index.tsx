/** Placeholder for views other capabilities will mount here (games, account, saved, admin). */
import type { LazyViewProps } from '../../components/LazyView/index.tsx';

const TITLES: Record<string, string> = { games: 'Games', account: 'Your account', saved: 'Saved stories', admin: 'Admin' };

/** A calm "not here yet" view. */
export default function Soon({ name }: LazyViewProps) {
  return (
    <section aria-labelledby="view-title">
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        {TITLES[name] ?? 'Coming soon'}
      </h2>
      <p class="quiet">This part of Tidings is on its way.</p>
      <p>
        <a href="/">Back to the brief</a>
      </p>
    </section>
  );
}
