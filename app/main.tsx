/**
 * The reader app's entry (`/app/reader.js`, a module script on the static shell): injects the
 * app's styles, renders into `#app`, records the day's visit and registers the service worker.
 */
import { render } from 'preact';
import { App } from './components/App/index.tsx';
import { recordVisit } from './lib/events.ts';
import { registerServiceWorker } from './lib/offline.ts';
import css from './styles.css';

const root = document.getElementById('app');
if (root) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  document.documentElement.classList.add('js');
  render(<App />, root);
  recordVisit(new Date());
  registerServiceWorker();
}
