/**
 * The reader's "Admin" link, shown only when the signed-in reader's `/api/auth/session` says
 * `is_admin` (the account session state, asked once per page by the reader). It loads with the
 * reader, so it stays tiny and holds no admin code; the admin view checks again on its own.
 */
import { useSession } from '../account/session.ts';

/** " · Admin" after the footer links, for admins only. */
export function AdminLink({ go }: { go: (href: string) => void }) {
  const { session } = useSession();
  if (session.status !== 'signed-in' || !session.me.is_admin) return null;
  return (
    <>
      {' · '}
      <a
        href="/?view=admin"
        onClick={(e: MouseEvent) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          go('/?view=admin');
        }}
      >
        Admin
      </a>
    </>
  );
}
