/**
 * The reader app's entry (`/app/reader.js`, a module script on the static shell): renders into
 * `#app` over what the shell already drew (app/shell.tsx: Preact keeps the elements that match),
 * marks it `data-drawn` after the first render and `data-live` once the app answers clicks,
 * records the day's visit and registers the service worker. Its styles are `/assets/app.css`,
 * linked by the shell, so the first paint is styled.
 *
 * The work is split into tasks of its own: evaluating the modules, the first render, each brief
 * card's takeover (BriefView/slot.tsx), then the visit's beacon. The shell is already painted and
 * readable, and a phone's main thread is then blocked in shorter stretches (Lighthouse's total
 * blocking time counts what each task runs over 50 ms; one task doing all of it was the home
 * page's longest).
 */
import { render } from 'preact';
import { App } from './components/App/index.tsx';
import { cardsSettled, collectShellCards } from './components/BriefView/slot.tsx';
import { recordVisit } from './lib/events.ts';
import { registerServiceWorker } from './lib/offline.ts';
import { noteAction } from './lib/route.ts';

const root = document.getElementById('app');
if (root) {
  document.documentElement.classList.add('js');
  // The reader's first click or key: from then on a view that opens takes focus (lib/route.ts).
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, noteAction, { capture: true, once: true });
  setTimeout(() => {
    collectShellCards(root);
    render(<App />, root);
    // Drawn: the list holds this reader's brief (on a device with its own choices, app.css shows it
    // from here on). Live once every brief card answers clicks (each is taken over in a task of its own).
    root.dataset.drawn = 'true';
    void cardsSettled().then(() => {
      root.dataset.live = 'true';
    });
    setTimeout(() => recordVisit(new Date()), 0);
    registerServiceWorker();
  }, 0);
}
