/**
 * The static shell of `/` carries the published brief's cards (app/shell.tsx), drawn before the
 * reader app runs. A reader whose device holds choices that can change those cards (Calm Filters,
 * a "Not today", a replacement) must not see a card they asked never to see, not even for the
 * moment before the app applies their choices. This small inline script, run while the head is
 * parsed, marks such a device with the class `own-brief` on `<html>`; site/assets/app.css keeps the
 * shell's cards hidden there until the app has drawn the reader's own brief (`#app[data-drawn]`).
 * A device with no such choice (and any visit without JavaScript) paints the shell's cards at once.
 *
 * The Content-Security-Policy allows exactly this script by its hash (api/security-headers.ts), so
 * no other inline script runs.
 */
import { createHash } from 'node:crypto';

/**
 * The script's text (storage keys as app/lib/storage.ts writes them: `tidings.<key>`, JSON). Each
 * key is read on its own: one damaged value reads as none, as the app's `readJson` reads it, and
 * does not stop the others being looked at (test/app/own-brief-rule.test.ts).
 */
export const OWN_BRIEF_SCRIPT =
  "try{var r=function(k){try{return JSON.parse(localStorage.getItem('tidings.'+k)||'null')}catch(e){return null}},p=r('prefs'),n=r('not_today');" +
  "if(r('override')||(n&&n.ids&&n.ids.length)||(p&&Object.keys(p).some(function(k){var v=p[k];return Array.isArray(v)?v.length>0:v!=null})))" +
  "document.documentElement.classList.add('own-brief')}catch(e){}";

/** Its CSP source expression (`'sha256-…'`). */
export const OWN_BRIEF_SCRIPT_HASH = `'sha256-${createHash('sha256').update(OWN_BRIEF_SCRIPT).digest('base64')}'`;
