/**
 * Without SMTP_URL, magic-link mails go to the outbox (CONTRACT.md); the link is also logged in
 * development, but never in production, where a log must not hold a working sign-in link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext } from '../helpers/context.ts';

async function startSignIn(env: Record<string, string>) {
  const ctx = await createTestContext({ env });
  const res = await ctx.request('/api/auth/email/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reader@example.org' }),
  });
  assert.is(res.status, 200);
  // The mail is sent in the background; once every send the app started has settled, it is written.
  assert.is(await ctx.mailSettled(), 1, 'one mail sent');
  const outbox = path.join(ctx.config.dataDir, 'outbox');
  const files = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
  const mail = files[0] ? readFileSync(path.join(outbox, files[0]), 'utf8') : '';
  const logged = ctx.log.lines.join('\n');
  await ctx.close();
  return { mail, logged };
}

test('in development the mail lands in the outbox and the link is logged', async () => {
  const { mail, logged } = await startSignIn({ LOG_LEVEL: 'info' });
  assert.match(mail, /auth\/verify\?token=/);
  assert.match(logged, /auth\/verify\?token=/);
});

test('in production the link is never logged', async () => {
  const { mail, logged } = await startSignIn({ LOG_LEVEL: 'info', NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://tidings.example' });
  assert.match(mail, /auth\/verify\?token=/);
  assert.not.match(logged, /verify\?token=/);
});

test.run();
