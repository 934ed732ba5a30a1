/**
 * Small helpers shared by the account and saved views: moving focus to the view's heading when it
 * opens (the app's own focus move runs before a lazy view has rendered), in-app navigation from a
 * lazy view, readable dates, and the views' stylesheet (injected once, with the first view).
 */
import { useEffect } from 'preact/hooks';
import { formatWhen } from '../../../core/domain/dates.ts';
import { focusViewTitle } from '../../components/View/index.tsx';
import css from './account.css';

let styled = false;

/** Inject the account views' styles once. */
export function useAccountStyles(): void {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}

/**
 * Focus `#view-title` once the view has rendered and whenever `key` changes (screen readers then
 * announce where they are), once the reader has acted (`focusViewTitle`).
 */
export function useFocusTitle(key: unknown = null): void {
  useEffect(focusViewTitle, [key]);
}

/** Navigate inside the app from a lazy view (the app follows `popstate`, as with Back). */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** A click handler for in-app links that keeps modified clicks (new tab) working. */
export const inApp = (href: string) => (e: MouseEvent) => {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(href);
};

/** A date in the app's one format (core/domain/dates.ts: relative within a day, else short), or '' for a bad value. */
export function when(iso: string): string {
  return formatWhen(iso, new Date())?.text ?? '';
}
