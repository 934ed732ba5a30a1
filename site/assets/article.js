// The /a page's island (loaded as a deferred module; the page reads fine without it): while the
// page shows a summary the API has not cached yet (data-provisional: the offline one), asks
// /api/summary/<id>, which writes and caches it, and swaps in a different text (a model's) when one
// comes back, touching nothing when it is the same (no layout shift); reveals the copy-link
// button, and sends the page's two analytics events. Dependency-free on purpose.
const story = document.querySelector('[data-article-id]');
const id = story && story.getAttribute('data-article-id');

function visitor() {
  // The reader app's device token (app/lib/events.ts: localStorage `tidings.visitor`, JSON string).
  try {
    const stored = JSON.parse(localStorage.getItem('tidings.visitor') || 'null');
    if (typeof stored === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem('tidings.visitor', JSON.stringify(token));
    return token;
  } catch {
    return null;
  }
}

function send(kind) {
  const token = visitor();
  if (!token || !id) return;
  const body = JSON.stringify({ kind, article_id: id, visitor: token });
  try {
    if (navigator.sendBeacon && navigator.sendBeacon('/api/events', new Blob([body], { type: 'text/plain' }))) return;
    fetch('/api/events', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
  } catch {
    // analytics never gets in the reader's way
  }
}

function fill(data) {
  const summary = story.querySelector('[data-summary]');
  if (summary && typeof data.summary === 'string') {
    // A different text than the offline one shown is a model's: the "needs a model" note goes.
    if (summary.textContent !== data.summary) {
      summary.textContent = data.summary;
      const note = story.querySelector('[data-offline-note]');
      if (note) note.remove();
    }
    summary.removeAttribute('data-provisional');
  }
  const notes = story.querySelector('[data-notes]');
  const parts = [['What happened', data.what_happened], ['Why it matters', data.why_matters], ['Why it belongs here', data.why_belongs]];
  const shown = notes ? Array.from(notes.querySelectorAll('dd'), (dd) => dd.textContent) : [];
  if (notes && parts.every(([, v]) => typeof v === 'string' && v) && parts.some(([, v], i) => shown[i] !== v)) {
    const dl = document.createElement('dl');
    dl.className = 'notes';
    for (const [label, value] of parts) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    }
    notes.replaceChildren(dl);
  }
}

async function poll() {
  // About two minutes in all, backing off from 2 s to 15 s between tries.
  for (let attempt = 0, wait = 2000; attempt < 14; attempt += 1, wait = Math.min(wait * 1.5, 15000)) {
    try {
      const res = await fetch(`/api/summary/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
      if (res.status === 404) return;
      if (res.ok) {
        const data = await res.json();
        if (data && data.status === 'ready') return fill(data);
      }
    } catch {
      // offline for a moment: try again
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

if (story && id) {
  if (story.querySelector('[data-provisional]')) poll();
  const copy = story.querySelector('[data-copy]');
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener('click', () => {
      navigator.clipboard.writeText(copy.getAttribute('data-copy')).then(
        () => { copy.textContent = 'Link copied'; },
        () => { copy.textContent = 'Copy failed'; },
      );
    });
  }
  const source = story.querySelector('[data-source-link]');
  if (source) source.addEventListener('click', () => send('source_click'));
  send('summary_viewed');
}
