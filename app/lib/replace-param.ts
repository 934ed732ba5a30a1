/**
 * A view's own switch (admin section, game) kept in the address without a new history entry. Apart
 * from route.ts, which loads with the reader: only lazy views use this, so it stays out of the
 * reader's chunks (a module shared by the reader and a lazy view becomes a chunk of its own).
 */
/** Set one query parameter of the current address in place (a section or game switch: no new history entry). */
export function replaceSearchParam(name: string, value: string): void {
  const url = new URL(location.href);
  url.searchParams.set(name, value);
  history.replaceState(history.state, '', url.pathname + url.search);
}
