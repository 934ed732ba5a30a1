/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the accounts tests and the
 * auth-abuse suite, with a browser-less walk through its login and consent pages (fetch, cookies
 * carried by hand). `tamper.aud` / `tamper.claims` re-sign the token endpoint's ID token with
 * another audience or any changed claims (nonce, iss, exp), with the provider's own key, so the
 * client's claim checks are what is attacked (the provider itself never issues a wrong token).
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Claims of one test account (the login name typed on the provider's page is its id). */
export interface PeerAccount {
  email?: string;
  email_verified?: unknown;
  picture?: string;
}

/** A running provider. */
export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, PeerAccount>;
  tamper: { aud: string | null; claims: Record<string, unknown> | null };
  close(): Promise<void>;
}

function resign(idToken: string, key: KeyObject, changes: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const claims = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>), ...changes };
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(body).sign(key).toString('base64url');
  return `${body}.${signature}`;
}

/** Start the provider; `redirectUri` is our callback. */
export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const peer: OidcPeer = {
    issuer,
    clientId: 'tidings-test',
    clientSecret: 'a-client-secret-for-the-loopback-provider',
    accounts: new Map(),
    tamper: { aud: null, claims: null },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: peer.clientId,
        client_secret: peer.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['loopback-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['picture'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(peer.accounts.get(id) ?? {}) }),
    }),
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | null;
    if ((peer.tamper.aud || peer.tamper.claims) && ctx.path === '/token' && body && typeof body.id_token === 'string') {
      ctx.body = { ...body, id_token: resign(body.id_token, privateKey, { ...(peer.tamper.aud ? { aud: peer.tamper.aud } : {}), ...(peer.tamper.claims ?? {}) }) };
    }
  });
  server.on('request', provider.callback());
  return peer;
}

/** Cookies carried by hand across the provider's redirects. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].filter(([, v]) => v !== '').map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walk from the provider's authorization URL through login (as `login`) and consent to the
 * redirect back to us; returns that callback URL.
 */
export async function walkProvider(authorizationUrl: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(stopAt)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`unexpected provider page ${res.status} at ${url}: ${html.slice(0, 200)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    jar.take(posted);
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider flow did not come back');
}
