/**
 * The `/auth/verify` page the e-mailed link opens (CONTRACT.md "Magic link"). A GET never consumes
 * the token: the page shows one button, and only pressing it POSTs the token to
 * `/api/auth/email/verify` (no auto-submit: mail scanners run JavaScript). With JavaScript the small
 * deferred script (`/auth/verify.js`, same origin for the CSP) posts JSON and shows errors in place;
 * without it the plain form post works and redirects. `?error=<code>` (from a failed provider
 * sign-in or link) is explained calmly from a fixed list; unknown codes get the generic message.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isSecretToken, SIGN_IN_ERRORS } from '../core/domain/auth.ts';
import { escapeHtml } from '../core/domain/html.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { query } from './validate.ts';

/** The browser script: intercept the submit, POST JSON, go home or explain. */
export const VERIFY_SCRIPT = `(function () {
  var form = document.getElementById('verify-form');
  var note = document.getElementById('verify-note');
  if (!form || !note) return;
  if (history.replaceState) history.replaceState(null, '', location.pathname);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button');
    if (button) button.disabled = true;
    note.textContent = 'Signing you in…';
    fetch('/api/auth/email/verify', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: form.elements.namedItem('token').value })
    }).then(function (res) {
      if (res.ok) { location.replace('/'); return; }
      return res.json().catch(function () { return null; }).then(function (body) {
        note.textContent = (body && body.error && body.error.message) || 'That did not work. Please ask for a new link.';
        if (button) button.disabled = false;
      });
    }).catch(function () {
      note.textContent = 'We could not reach the service. Please check your connection and try again.';
      if (button) button.disabled = false;
    });
  });
})();
`;

function page(title: string, body: string, serviceName: string, withScript: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(serviceName)}</title>
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<link rel="stylesheet" href="/assets/site.css">
<style>main{font:18px/1.6 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border-radius:.5rem;border:0;background:var(--accent);color:var(--bg);cursor:pointer}button:disabled{opacity:.6}</style>
${withScript ? '<script src="/auth/verify.js" defer></script>' : ''}
</head><body><main>${body}</main></body></html>`;
}

/** A query value as the page reads it: the first of a repeated one. Never refused: a page answers, it does not 422. */
const first = z.union([z.string(), z.array(z.string())]).optional().transform((v) => (Array.isArray(v) ? v[0] : v));
const VERIFY_QUERY = z.object({ error: first, token: first });

/** GET `/auth/verify` (the sign-in button, or a calm explanation of `?error=`) and its script, mounted at `/auth`. */
export function verifyRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/verify', query(VERIFY_QUERY), (c) => {
    const name = deps.config.serviceName;
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const { error, token } = c.req.valid('query');
    if (error !== undefined) {
      const message = (Object.hasOwn(SIGN_IN_ERRORS, error) ? SIGN_IN_ERRORS[error] : undefined) ?? 'The sign-in did not work this time. Please try again.';
      return c.html(page('Sign-in', `<h1>Let’s try that again</h1><p>${escapeHtml(message)}</p><p><a href="/?view=signin">Back to sign-in</a></p>`, name, false));
    }
    if (!isSecretToken(token)) {
      return c.html(page('Sign-in', `<h1>This link looks incomplete</h1><p>Please open the whole link from the e-mail, or ask for a new one.</p><p><a href="/?view=signin">Back to sign-in</a></p>`, name, false));
    }
    return c.html(
      page(
        'Sign in',
        `<h1>Sign in to ${escapeHtml(name)}</h1>
<p>Press the button to finish signing in on this device.</p>
<form id="verify-form" method="post" action="/api/auth/email/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in</button>
</form>
<p id="verify-note" role="status" aria-live="polite"></p>`,
        name,
        true,
      ),
    );
  }).get('/verify.js', verifyScript);
}

/** GET `/auth/verify.js`. */
function verifyScript(c: Context<AppEnv>): Response {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(VERIFY_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
}
