import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeConfig, loadConfig } from '../../core/platform/config.ts';
import { ConfigError } from '../../core/platform/errors.ts';
import { createMemoryLogger } from '../../core/platform/log.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'tidings-config-'));

test('with no environment, development defaults apply and a session secret is generated once into .data', () => {
  const dir = tmp();
  const config = loadConfig({}, dir);
  assert.is(config.port, 8080);
  assert.is(config.publicBaseUrl, 'http://localhost:8080');
  assert.is(config.mongodbUri, null);
  assert.is(config.serviceName, 'Tidings');
  assert.is(config.smtpUrl, null);
  assert.is(config.openai, null);
  assert.is(config.oidc, null);
  assert.is(config.fetchAllowPrivate, false);
  const stored = readFileSync(path.join(dir, '.data', 'session-secret'), 'utf8').trim();
  assert.is(config.sessionSecret, stored);
  assert.is(loadConfig({}, dir).sessionSecret, stored, 'the secret is kept across starts');
});

test('admin e-mails are normalised: trimmed and lower-cased', () => {
  const config = loadConfig({ SERVICE_ADMIN_EMAILS: ' Ada@Example.org , bob@example.org,', SESSION_SECRET: 'x'.repeat(32) }, tmp());
  assert.equal(config.adminEmails, ['ada@example.org', 'bob@example.org']);
  assert.is(config.adminNotifyEmail, 'ada@example.org');
});

const BAD: Array<[string, Record<string, string>, string]> = [
  ['PORT', { PORT: 'eighty' }, 'PORT'],
  ['PORT out of range', { PORT: '70000' }, 'PORT'],
  ['MONGODB_URI scheme', { MONGODB_URI: 'http://db.example.org' }, 'MONGODB_URI'],
  ['SMTP_URL scheme', { SMTP_URL: 'mailto:x@y' }, 'SMTP_URL'],
  ['FETCH_ALLOW_PRIVATE', { FETCH_ALLOW_PRIVATE: 'maybe' }, 'FETCH_ALLOW_PRIVATE'],
  ['NODE_ENV', { NODE_ENV: 'staging' }, 'NODE_ENV'],
  ['production without SESSION_SECRET', { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://tidings.example' }, 'SESSION_SECRET'],
  ['production without PUBLIC_BASE_URL', { NODE_ENV: 'production', SESSION_SECRET: 'y'.repeat(40) }, 'PUBLIC_BASE_URL'],
  ['short SESSION_SECRET', { SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
  ['bad admin e-mail', { SERVICE_ADMIN_EMAILS: 'not-an-address' }, 'SERVICE_ADMIN_EMAILS'],
  ['OIDC issuer without client', { OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
  ['TRUST_PROXY_HOPS', { TRUST_PROXY_HOPS: 'all' }, 'TRUST_PROXY_HOPS'],
  ['TIDINGS_EMBEDDED_SAVE_SECONDS zero', { TIDINGS_EMBEDDED_SAVE_SECONDS: '0' }, 'TIDINGS_EMBEDDED_SAVE_SECONDS'],
  ['TIDINGS_EMBEDDED_SAVE_SECONDS words', { TIDINGS_EMBEDDED_SAVE_SECONDS: 'often' }, 'TIDINGS_EMBEDDED_SAVE_SECONDS'],
  ['TIDINGS_STATIC_CACHE_MB negative', { TIDINGS_STATIC_CACHE_MB: '-1' }, 'TIDINGS_STATIC_CACHE_MB'],
  ['TIDINGS_STATIC_CACHE_MB words', { TIDINGS_STATIC_CACHE_MB: 'lots' }, 'TIDINGS_STATIC_CACHE_MB'],
  ['TIDINGS_STATIC_CACHE_MB too large', { TIDINGS_STATIC_CACHE_MB: '70000' }, 'TIDINGS_STATIC_CACHE_MB'],
];

test('TIDINGS_STATIC_CACHE_MB: 64 MiB by default, whole mebibytes, 0 allowed', () => {
  assert.is(loadConfig({}, tmp()).staticCacheBytes, 64 * 1024 * 1024);
  assert.is(loadConfig({ TIDINGS_STATIC_CACHE_MB: '2' }, tmp()).staticCacheBytes, 2 * 1024 * 1024);
  assert.is(loadConfig({ TIDINGS_STATIC_CACHE_MB: '0' }, tmp()).staticCacheBytes, 0);
});

for (const [name, env, variable] of BAD) {
  test(`bad configuration fails with one line naming the variable: ${name}`, () => {
    try {
      loadConfig(env, tmp());
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, ConfigError);
      const e = error as ConfigError;
      assert.is(e.variable, variable);
      assert.ok(e.message.startsWith(`${variable}: `));
      assert.not.match(e.message, /\n/);
    }
  });
}

test('secrets are redacted when the configuration is described for the log', () => {
  const config = loadConfig(
    {
      SESSION_SECRET: 'super-secret-value-super-secret-value',
      MONGODB_URI: 'mongodb://admin:hunter2@db.example.org:27017/tidings',
      SMTP_URL: 'smtp://mailer:pa55word@smtp.example.org:587',
      OPENAI_API_KEY: 'sk-live-abcdef',
    },
    tmp(),
  );
  const text = JSON.stringify(describeConfig(config));
  for (const secret of ['super-secret-value', 'hunter2', 'pa55word', 'sk-live-abcdef']) {
    assert.not.ok(text.includes(secret), `${secret} leaked`);
  }
  assert.ok(text.includes('db.example.org'));
});

test('the logger redacts secret-named fields and URL credentials', () => {
  const log = createMemoryLogger();
  log.info('connecting to mongodb://root:pw123@host/db', { token: 'abc123', api_key: 'k', path: '/api/feed' });
  const line = log.lines.join('\n');
  assert.not.ok(line.includes('pw123'));
  assert.not.ok(line.includes('abc123'));
  assert.ok(line.includes('path=/api/feed'));
});

test('URL credentials are redacted whatever stands before the scheme, and hostile log text is read once', () => {
  const log = createMemoryLogger();
  log.warn(`glued${'x'.repeat(60)}mongodb+srv://admin:hunter2@db.example.org/x and https://a:b@c.example and ftp://plain.example/@x`);
  const line = log.lines.join('\n');
  assert.not.ok(line.includes('hunter2'));
  assert.not.ok(line.includes('a:b@'));
  assert.ok(line.includes('mongodb+srv://***@db.example.org/x'));
  assert.ok(line.includes('ftp://plain.example/@x'), 'an @ after the host is not a credential');
  // Half a million letters glued before one `://`: the scheme was read again from every letter.
  const hostile = `${'a'.repeat(500_000)}://u:p@h`;
  log.warn('x', { value: hostile });
  assert.not.ok(log.lines.at(-1)!.includes('u:p@'));
});

test.run();
