/**
 * The reader app's entry (`/app/reader.js`, a module script on the static shell): renders into
 * `#app`, records the day's visit and registers the service worker. Its styles are
 * `/assets/app.css`, linked by the shell (site/index.11ty.ts), so the first paint is styled.
 */
import { render } from 'preact';
import { App } from './components/App/index.tsx';
import { recordVisit } from './lib/events.ts';
import { registerServiceWorker } from './lib/offline.ts';

const root = document.getElementById('app');
if (root) {
  document.documentElement.classList.add('js');
  render(<App />, root);
  recordVisit(new Date());
  registerServiceWorker();
}
