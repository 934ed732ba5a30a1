/**
 * Preact elements to an HTML string, at build time: the static shell of `/` carries the reader
 * app's own markup (its brief cards, app/shell.tsx), so the first paint needs no JavaScript and the
 * app takes it over without a change (docs/reader-app.md "The shell and the app share the cards").
 *
 * preact-render-to-string does the rendering (Preact's own serializer: escaping, attribute names,
 * booleans and void elements exactly as Preact treats them, hooks run with their first state and
 * effects skipped). What is ours: components whose first draw depends on the browser (a menu, a
 * Save button that asks who is signed in, a date relative to now) are given in `swaps` with what
 * they draw for an anonymous reader before any interaction. A swap's result is rendered as is, so
 * a swap may call the component it replaces. The tree is drawn by `draw` while the swaps are in
 * force (through Preact's `options.vnode` hook, restored afterwards), so a swapped component is
 * replaced wherever it is created, at the top or deep inside another component.
 */
import { options, type ComponentChildren, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/** What a swapped component draws instead, by props. */
type Draw = (props: Record<string, unknown>) => ComponentChildren;

/** Stand-ins for components, by component. */
export type Swaps = ReadonlyMap<unknown, Draw>;

/** One swap, typed by the component's props (the props it receives are the element's own). */
export function swap<P>(component: (props: P) => unknown, draw: (props: P) => ComponentChildren): [unknown, Draw] {
  return [component, draw as unknown as Draw];
}

/** Render what `draw` returns (and the components it makes) to HTML, with `swaps` in force. */
export function renderHtml<P>(draw: () => VNode<P>, swaps: Swaps = new Map()): string {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const stand = swaps.get(vnode.type);
    if (stand) (vnode as { type: unknown }).type = stand;
    previous?.(vnode);
  };
  try {
    return renderToString(draw());
  } finally {
    options.vnode = previous;
  }
}
