/**
 * The reader's "Admin" link, shown only when `GET /api/auth/me` says `is_admin` (loads with the
 * reader, so it stays tiny and holds no admin code). The same check gates the admin view.
 */
import { useEffect, useState } from 'preact/hooks';

let asked: Promise<boolean> | null = null;

/** Whether `/api/auth/me` names an admin (false for anonymous, failures and anything malformed); asked once per page. */
export function fetchIsAdmin(fresh = false): Promise<boolean> {
  if (asked && !fresh) return asked;
  asked = fetch('/api/auth/me', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (res) => {
      if (!res.ok) return false;
      const body: unknown = await res.json();
      return typeof body === 'object' && body !== null && 'is_admin' in body && body.is_admin === true;
    })
    .catch(() => false);
  return asked;
}

/** " · Admin" after the footer links, for admins only. */
export function AdminLink({ go }: { go: (href: string) => void }) {
  const [admin, setAdmin] = useState(false);
  useEffect(() => void fetchIsAdmin().then(setAdmin), []);
  if (!admin) return null;
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
