/**
 * Preact elements to an HTML string, at build time: the static shell of `/` carries the reader
 * app's own markup (its brief cards, app/shell.tsx), so the first paint needs no JavaScript and the
 * app takes it over without a change (docs/reader-app.md "The shell and the app share the cards").
 *
 * Function components are called with their props; they must not use hooks. A component that
 * does (a menu, a Save button) is given in `swaps` with what it draws for an anonymous reader
 * before any interaction (a swap's result is rendered as is, so a swap may call the component it
 * replaces). Event handlers, `key` and `ref` are left out; every text and attribute is escaped.
 */
import { Fragment, type ComponentChildren, type VNode } from 'preact';
import { escapeHtml } from '../domain/html.ts';

/** Stand-ins for components with hooks, by component. */
export type Swaps = ReadonlyMap<unknown, (props: Record<string, unknown>) => ComponentChildren>;

/** One swap, typed by the component's props (the props it receives are the element's own). */
export function swap<P>(component: (props: P) => unknown, draw: (props: P) => ComponentChildren): [unknown, (props: Record<string, unknown>) => ComponentChildren] {
  return [component, draw as unknown as (props: Record<string, unknown>) => ComponentChildren];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const SKIPPED = new Set(['children', 'key', 'ref', 'dangerouslySetInnerHTML']);
const NAMES: Record<string, string> = { className: 'class', htmlFor: 'for' };

function isVNode(node: unknown): node is VNode<Record<string, unknown>> {
  return typeof node === 'object' && node !== null && 'type' in node && 'props' in node;
}

/** One attribute as the browser would hold it after Preact set the prop (`''` when it sets none). */
function attribute(name: string, value: unknown): string {
  if (SKIPPED.has(name) || typeof value === 'function' || value === null || value === undefined) return '';
  const attr = NAMES[name] ?? (name.includes('-') ? name : name.toLowerCase());
  // aria-* and data-* keep "true" / "false"; other booleans are present or absent.
  if (typeof value === 'boolean' && !/^(aria|data)-/.test(attr)) return value ? ` ${attr}` : '';
  return ` ${attr}="${escapeHtml(String(value))}"`;
}

/** Render elements (and the components that make them) to HTML. */
export function renderHtml(node: ComponentChildren, swaps: Swaps = new Map()): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return escapeHtml(String(node));
  if (Array.isArray(node)) return node.map((child: ComponentChildren) => renderHtml(child, swaps)).join('');
  if (!isVNode(node)) return '';
  const { type, props } = node;
  if (type === Fragment) return renderHtml(props.children as ComponentChildren, swaps);
  if (typeof type === 'function') {
    const swap = swaps.get(type);
    if (swap) return renderHtml(swap(props), swaps);
    if (type.prototype && typeof type.prototype.render === 'function') throw new Error(`renderHtml: class component ${type.name}`);
    return renderHtml((type as (p: Record<string, unknown>) => ComponentChildren)(props), swaps);
  }
  if (typeof type !== 'string') return '';
  const attrs = Object.entries(props).map(([name, value]) => attribute(name, value)).join('');
  if (VOID.has(type)) return `<${type}${attrs}>`;
  return `<${type}${attrs}>${renderHtml(props.children as ComponentChildren, swaps)}</${type}>`;
}
