/**
 * The configuration, parsed once from the environment (CONTRACT.md "Configuration"). Nothing else
 * in the code base reads `process.env`. Bad input throws a ConfigError whose message is one line
 * naming the variable; entry points print it and exit 1.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isOn } from '../domain/guards.ts';
import { ConfigError } from './errors.ts';
import { redactUrl, type LogLevel } from './log.ts';

/** Everything the processes need to know, typed. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  publicBaseUrl: string;
  /** Unset means: start the embedded MongoDB-compatible server. */
  mongodbUri: string | null;
  serviceName: string;
  adminEmails: string[];
  sessionSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  adminNotifyEmail: string | null;
  openai: { apiKey: string; baseUrl: string | null; model: string } | null;
  oidc: { issuer: string; clientId: string; clientSecret: string | null; name: string } | null;
  fetchAllowPrivate: boolean;
  /** How many reverse proxies in front of the API append to X-Forwarded-For (0: use the socket peer). */
  trustProxyHops: number;
  logLevel: LogLevel;
  /** Where development state lives (generated secret, outbox). */
  dataDir: string;
  /** Where the Eleventy build is published. */
  distDir: string;
  /**
   * Embedded mode only: how often (seconds) the database is saved to `dataDir` when something
   * changed; it is also saved at shutdown (docs/embedded.md).
   */
  embeddedSaveSeconds: number;
  /**
   * Bytes the API's in-memory index of `distDir` may hold (every coding of every file counted;
   * api/static-files.ts); files beyond it are served from disk. `TIDINGS_STATIC_CACHE_MB`, 0-65536.
   */
  staticCacheBytes: number;
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | null {
  const value = env[name];
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function parseBool(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name);
  if (value === null) return fallback;
  if (isOn(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(name, `expected true or false, got "${value}"`);
}

function parseUrl(env: Env, name: string, protocols: string[]): string | null {
  const value = read(env, name);
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `not a valid URL: "${redactUrl(value)}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL, got "${url.protocol}"`);
  }
  return value;
}

function parseHops(env: Env): number {
  const value = read(env, 'TRUST_PROXY_HOPS') ?? '0';
  if (!/^\d$/.test(value)) throw new ConfigError('TRUST_PROXY_HOPS', `expected a number of proxies 0-9, got "${value}"`);
  return Number(value);
}

function parseSaveSeconds(env: Env): number {
  const value = read(env, 'TIDINGS_EMBEDDED_SAVE_SECONDS') ?? '30';
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 3600) {
    throw new ConfigError('TIDINGS_EMBEDDED_SAVE_SECONDS', `expected a number of seconds 1-3600, got "${value}"`);
  }
  return Number(value);
}

/** `TIDINGS_STATIC_CACHE_MB`: whole mebibytes, 0 (nothing held) to 65536; 64 by default. */
function parseStaticCache(env: Env): number {
  const value = read(env, 'TIDINGS_STATIC_CACHE_MB') ?? '64';
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_536) {
    throw new ConfigError('TIDINGS_STATIC_CACHE_MB', `expected a number of megabytes 0-65536, got "${value}"`);
  }
  return Number(value) * 1024 * 1024;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@localhost$/;

/** Normalise an e-mail address for comparison: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Read (or create once) the development session secret kept in the data directory. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Parse the environment into a Config. `cwd` anchors the data and dist directories.
 * Throws ConfigError (one line naming the variable) on bad input.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnvRaw = read(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError('NODE_ENV', `expected development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const production = nodeEnv === 'production';

  const portRaw = read(env, 'PORT') ?? '8080';
  if (!/^\d+$/.test(portRaw) || Number(portRaw) > 65535) {
    throw new ConfigError('PORT', `expected a port number 0-65535, got "${portRaw}"`);
  }
  const port = Number(portRaw);

  const publicBaseUrlRaw = parseUrl(env, 'PUBLIC_BASE_URL', ['http:', 'https:']);
  if (production && !publicBaseUrlRaw) throw new ConfigError('PUBLIC_BASE_URL', 'required when NODE_ENV=production');
  const publicBaseUrl = (publicBaseUrlRaw ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const mongodbUri = parseUrl(env, 'MONGODB_URI', ['mongodb:', 'mongodb+srv:']);

  const adminEmails = (read(env, 'SERVICE_ADMIN_EMAILS') ?? '')
    .split(',')
    .map(normalizeEmail)
    .filter((e) => e !== '');
  for (const email of adminEmails) {
    if (!EMAIL.test(email)) throw new ConfigError('SERVICE_ADMIN_EMAILS', `not an e-mail address: "${email}"`);
  }

  const dataDir = path.resolve(cwd, read(env, 'TIDINGS_DATA_DIR') ?? '.data');
  const distDir = path.resolve(cwd, read(env, 'TIDINGS_DIST_DIR') ?? 'dist');

  let sessionSecret = read(env, 'SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters');
  }
  if (sessionSecret === null) {
    if (production) throw new ConfigError('SESSION_SECRET', 'required when NODE_ENV=production');
    sessionSecret = devSecret(dataDir);
  }

  const smtpUrl = parseUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = read(env, 'MAIL_FROM') ?? `${read(env, 'SERVICE_NAME') ?? 'Tidings'} <hello@localhost>`;
  const adminNotifyRaw = read(env, 'ADMIN_NOTIFY_EMAIL');
  if (adminNotifyRaw !== null && !EMAIL.test(adminNotifyRaw)) {
    throw new ConfigError('ADMIN_NOTIFY_EMAIL', `not an e-mail address: "${adminNotifyRaw}"`);
  }

  const apiKey = read(env, 'OPENAI_API_KEY');
  const openai = apiKey
    ? {
        apiKey,
        baseUrl: parseUrl(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
        model: read(env, 'OPENAI_MODEL') ?? 'gpt-4o-mini',
      }
    : null;

  const issuer = parseUrl(env, 'OIDC_ISSUER', ['http:', 'https:']);
  const clientId = read(env, 'OIDC_CLIENT_ID');
  if (issuer && !clientId) throw new ConfigError('OIDC_CLIENT_ID', 'required when OIDC_ISSUER is set');
  const oidc = issuer && clientId
    ? { issuer, clientId, clientSecret: read(env, 'OIDC_CLIENT_SECRET'), name: read(env, 'OIDC_NAME') ?? 'your provider' }
    : null;

  const logLevel = (read(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info')) as LogLevel;
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected debug, info, warn or error, got "${logLevel}"`);
  }

  return {
    nodeEnv,
    port,
    publicBaseUrl,
    mongodbUri,
    serviceName: read(env, 'SERVICE_NAME') ?? 'Tidings',
    adminEmails,
    sessionSecret,
    smtpUrl,
    mailFrom,
    adminNotifyEmail: adminNotifyRaw ? normalizeEmail(adminNotifyRaw) : (adminEmails[0] ?? null),
    openai,
    oidc,
    fetchAllowPrivate: parseBool(env, 'FETCH_ALLOW_PRIVATE', false),
    trustProxyHops: parseHops(env),
    logLevel,
    dataDir,
    distDir,
    embeddedSaveSeconds: parseSaveSeconds(env),
    staticCacheBytes: parseStaticCache(env),
  };
}

/** The config as a loggable record: secrets redacted, credentials stripped from URLs. */
export function describeConfig(config: Config): Record<string, string> {
  return {
    NODE_ENV: config.nodeEnv,
    PORT: String(config.port),
    PUBLIC_BASE_URL: config.publicBaseUrl,
    MONGODB_URI: config.mongodbUri ? redactUrl(config.mongodbUri) : `(embedded, saved in ${config.dataDir})`,
    SMTP_URL: config.smtpUrl ? redactUrl(config.smtpUrl) : '(outbox in .data/outbox)',
    OPENAI: config.openai ? `${config.openai.model} at ${config.openai.baseUrl ?? 'api.openai.com'}` : '(offline classifier)',
    OIDC: config.oidc ? config.oidc.issuer : '(off)',
    SESSION_SECRET: '[redacted]',
  };
}
