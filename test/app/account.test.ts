import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAccount, parseDigest, parseMe } from '../../app/lib/account.ts';
import { EMPTY_PREFS, parsePrefs, type Prefs } from '../../app/lib/prefs.ts';
import {
  addDeviceHistory,
  canonicalPrefs,
  DEVICE_HISTORY_MAX,
  hourLabel,
  isEmptyAccountPrefs,
  mergePrefs,
  parseDeviceHistory,
  prefsForServer,
} from '../../app/views/account/merge.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { createTestContext } from '../helpers/context.ts';

const now = new Date('2026-11-20T12:00:00Z');
const soon = '2026-11-21T00:00:00.000Z';
const later = '2026-11-27T00:00:00.000Z';
const past = '2026-11-19T00:00:00.000Z';
const prefs = (p: Partial<Prefs>): Prefs => ({ ...EMPTY_PREFS, ...p });

test('merging never loosens a boundary: lists united, later pause end kept, stricter ceiling kept', () => {
  const device = prefs({
    mute_topics: ['politics'],
    avoid_terms: ['Election', 'storm'],
    pauses: [{ kind: 'topic', value: 'sport', until: later }, { kind: 'tag', value: 'cities', until: past }],
    max_cortisol: 3,
    max_ragebait: null,
  });
  const account = prefs({
    mute_topics: ['crime', 'politics'],
    avoid_terms: ['election'],
    pauses: [{ kind: 'topic', value: 'sport', until: soon }],
    max_cortisol: 5,
    max_ragebait: 2,
  });
  const merged = mergePrefs(device, account, now);
  assert.equal(merged.mute_topics, ['crime', 'politics']);
  assert.equal(merged.avoid_terms, ['election', 'storm'], 'case-insensitive union keeps one of each term');
  assert.equal(merged.pauses, [{ kind: 'topic', value: 'sport', until: later }], 'the later end wins; expired pauses are dropped');
  assert.is(merged.max_cortisol, 3);
  assert.is(merged.max_ragebait, 2);
});

test('lane selection: the account’s wins, the device’s fills in when the account has none', () => {
  const cases: Array<[string[] | null, string[] | null, string[] | null]> = [
    [['mood:wonder'], ['topic:science'], ['topic:science']],
    [['mood:wonder'], null, ['mood:wonder']],
    [null, null, null],
  ];
  for (const [device, account, expected] of cases) {
    assert.equal(mergePrefs(prefs({ lanes: device }), prefs({ lanes: account }), now).lanes, expected);
  }
});

test('an account without prefs takes the device’s (active pauses only)', () => {
  const device = prefs({ mute_flavors: ['light'], pauses: [{ kind: 'term', value: 'rain', until: past }] });
  assert.equal(mergePrefs(device, null, now), prefs({ mute_flavors: ['light'] }));
});

test('the PUT body omits a default lane selection (the server would store [] as “no lanes”)', () => {
  assert.not.ok('lanes' in prefsForServer(prefs({}), now));
  assert.equal(prefsForServer(prefs({ lanes: [] }), now).lanes, []);
  assert.equal(prefsForServer(prefs({ lanes: ['mood:wonder'] }), now).lanes, ['mood:wonder']);
});

test('prefs sent to the account come back unchanged, so sync settles after one PUT', async () => {
  const ctx = await createTestContext();
  try {
    const { token } = await signInDirectly(ctx.db, 'sync@example.org');
    const cases: Prefs[] = [
      prefs({}),
      prefs({ lanes: ['mood:wonder', 'topic:science'], mute_topics: ['politics'], avoid_terms: ['storm'], max_cortisol: 4 }),
      prefs({ pauses: [{ kind: 'source', value: 'river-news', until: later }], include_flavors: ['wonder'], mute_tags: ['cities'] }),
    ];
    for (const p of cases) {
      const res = await ctx.request('/api/prefs', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(prefsForServer(p, now)),
      });
      assert.is(res.status, 200);
      const stored: unknown = await (await ctx.request('/api/prefs', { headers: { authorization: `Bearer ${token}` } })).json();
      assert.is(canonicalPrefs(parsePrefs(stored), now), canonicalPrefs(p, now), JSON.stringify(stored));
    }
  } finally {
    await ctx.close();
  }
});

test('an account with no prefs answers {} and is told apart from an account with empty ones', () => {
  assert.ok(isEmptyAccountPrefs({}));
  assert.not.ok(isEmptyAccountPrefs({ mute_topics: [] }));
  assert.not.ok(isEmptyAccountPrefs(null));
});

test('device history: one entry per article, the latest event first, malformed entries dropped, capped at 500', () => {
  let list = addDeviceHistory([], 'a1', 'opened', new Date('2026-11-20T10:00:00Z'));
  list = addDeviceHistory(list, 'b2', 'opened', new Date('2026-11-20T11:00:00Z'));
  list = addDeviceHistory(list, 'a1', 'replaced', now);
  assert.equal(list, [
    { article_id: 'a1', event: 'replaced', at: now.toISOString() },
    { article_id: 'b2', event: 'opened', at: '2026-11-20T11:00:00.000Z' },
  ]);
  assert.equal(addDeviceHistory(list, '../x', 'opened', now), list, 'a malformed id is not recorded');
  const stored = [...list, { article_id: 'c3', event: 'shared', at: soon }, { article_id: 'd4', event: 'opened', at: 'yesterday' }, 'x', null];
  assert.equal(parseDeviceHistory(stored), list);
  assert.equal(parseDeviceHistory({ not: 'a list' }), []);
  let many: ReturnType<typeof parseDeviceHistory> = [];
  for (let i = 0; i < DEVICE_HISTORY_MAX + 20; i += 1) many = addDeviceHistory(many, `id${i}`, 'opened', now);
  assert.is(many.length, DEVICE_HISTORY_MAX);
  assert.is(many[0]?.article_id, `id${DEVICE_HISTORY_MAX + 19}`, 'the newest are kept');
});

test('API answers are validated: unsafe avatars dropped, bad entries skipped, digest hour defaulted', () => {
  assert.is(parseMe({ id: 'u1', email: 'a@b.c', avatar_url: 'javascript:alert(1)' })?.avatar_url, null);
  assert.is(parseMe({ id: 'u1', email: 'a@b.c', avatar_url: 'https://img.example/a.png' })?.avatar_url, 'https://img.example/a.png');
  assert.is(parseMe({ email: 'a@b.c' }), null);
  const account = parseAccount({
    id: 'u1',
    email: 'a@b.c',
    saved_count: 3,
    identities: [{ provider: 'email', issuer: 'email', email: 'a@b.c' }, { provider: 'ldap' }],
    sessions: [{ id: 's1', current: true }, { id: '../bad' }],
  });
  assert.is(account?.identities.length, 1);
  assert.equal(account?.sessions.map((s) => s.id), ['s1']);
  assert.is(account?.saved_count, 3);
  assert.equal(parseDigest({ enabled: true, hour: 25, time_zone: 'Europe/Paris' }), { enabled: true, hour: 7, time_zone: 'Europe/Paris' });
  assert.is(parseDigest({ hour: 7 }), null);
});

test('the app reads the account answers the server writes, field for field (one shape: core/domain/user.ts, digest.ts)', async () => {
  const ctx = await createTestContext();
  try {
    const { token } = await signInDirectly(ctx.db, 'shapes@example.org', new Date(), { avatar_url: 'https://img.example/me.png' });
    const get = async (path: string): Promise<Record<string, unknown>> => (await (await ctx.request(path, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
    const account = await get('/api/account');
    const { created_at: _created, sessions, ...rest } = account;
    const parsed = parseAccount(account);
    assert.ok(parsed, JSON.stringify(account));
    // Everything the server sent is kept but what the views do not read: the user's and the sessions' dates.
    assert.equal({ ...parsed, sessions: parsed.sessions }, { ...rest, sessions: (sessions as Array<Record<string, unknown>>).map(({ expires_at: _expires, ...s }) => s) });
    assert.ok(parsed.sessions.length === 1 && parsed.sessions[0]?.current === true);
    const me = (await get('/api/auth/session')).user as Record<string, unknown>;
    const { created_at: _meCreated, ...meRest } = me;
    assert.equal(parseMe(me), meRest);
    const digest = await get('/api/digest');
    assert.equal(parseDigest(digest), digest);
  } finally {
    await ctx.close();
  }
});

test('hour labels follow the locale’s clock', () => {
  assert.match(hourLabel(7, 'en-GB'), /^0?7:00$/);
  assert.match(hourLabel(19, 'en-US'), /^7:00\sPM$/);
});

test.run();
