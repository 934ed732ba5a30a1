/**
 * The reader app's entry (`/app/reader.js`, a module script on the static shell): renders into
 * `#app` over the brief cards the shell already drew (app/shell.tsx: Preact keeps the elements that
 * match), marks it `data-live` once the app answers clicks, records the day's visit and registers
 * the service worker. Its styles are `/assets/app.css`, linked by the shell, so the first paint is
 * styled.
 */
import { render } from 'preact';
import { App } from './components/App/index.tsx';
import { recordVisit } from './lib/events.ts';
import { registerServiceWorker } from './lib/offline.ts';

const root = document.getElementById('app');
if (root) {
  document.documentElement.classList.add('js');
  render(<App />, root);
  root.dataset.live = 'true';
  recordVisit(new Date());
  registerServiceWorker();
}
