import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  composeDigest,
  dueDay,
  localDayAndHour,
  retryDelayMs,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from '../../core/domain/digest.ts';

const SECRET = 's'.repeat(40);

test('an unsubscribe token verifies for its user and fails when any part is changed', () => {
  const token = unsubscribeToken('user-42', SECRET);
  assert.is(verifyUnsubscribeToken(token, SECRET), 'user-42');
  assert.is(verifyUnsubscribeToken(token.replace('user-42', 'user-43'), SECRET), null);
  assert.is(verifyUnsubscribeToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, SECRET), null);
  assert.is(verifyUnsubscribeToken(token, 't'.repeat(40)), null, 'another secret');
  for (const bad of ['', '.', 'user-42', 'user-42.', '.abc', 'a b.c', 42, null, 'x'.repeat(500)]) {
    assert.is(verifyUnsubscribeToken(bad, SECRET), null, `rejects ${String(bad).slice(0, 20)}`);
  }
});

test("the reader's local day and hour follow their time zone", () => {
  const now = new Date('2026-11-22T06:30:00Z');
  assert.equal(localDayAndHour(now, 'UTC'), { day: '2026-11-22', hour: 6 });
  assert.equal(localDayAndHour(now, 'America/Los_Angeles'), { day: '2026-11-21', hour: 22 });
  assert.equal(localDayAndHour(now, 'Asia/Tokyo'), { day: '2026-11-22', hour: 15 });
});

test('a digest is due once the local hour has come, for that local day; never when disabled', () => {
  const sub = { enabled: true, hour: 7, time_zone: 'Europe/Paris' };
  assert.is(dueDay(sub, new Date('2026-11-22T05:59:00Z')), null, '06:59 in Paris');
  assert.is(dueDay(sub, new Date('2026-11-22T06:00:00Z')), '2026-11-22', '07:00 in Paris');
  assert.is(dueDay(sub, new Date('2026-11-22T22:30:00Z')), '2026-11-22', 'later the same day');
  assert.is(dueDay({ ...sub, enabled: false }, new Date('2026-11-22T08:00:00Z')), null);
});

test('retries back off from 5 minutes and are capped at 2 hours', () => {
  assert.is(retryDelayMs(1), 5 * 60_000);
  assert.is(retryDelayMs(2), 10 * 60_000);
  assert.is(retryDelayMs(30), 2 * 60 * 60_000);
});

test('the digest mail carries both headers with the exact values, plain /a links and escaped text', () => {
  const message = composeDigest({
    serviceName: 'Tidings',
    baseUrl: 'https://tidings.example',
    mailFrom: 'Tidings <hello@tidings.example>',
    day: '2026-11-22',
    unsubscribeUrl: 'https://tidings.example/api/digest/unsubscribe?token=abc.def',
    items: [
      { id: 'a1', title: 'Otters <script>alert(1)</script> return', summary: 'Calm & well.', source_name: 'River News', url: 'https://river.example/otters' },
    ],
  });
  assert.is(message.headers['List-Unsubscribe'], '<https://tidings.example/api/digest/unsubscribe?token=abc.def>, <mailto:hello@tidings.example?subject=unsubscribe>');
  assert.is(message.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  assert.ok(message.text.includes('https://tidings.example/a/a1'));
  assert.ok(message.html.includes('href="https://tidings.example/a/a1"'));
  assert.not.ok(message.html.includes('<script>'));
  assert.ok(message.html.includes('&lt;script&gt;'));
  assert.not.match(message.html, /<img/i, 'no tracking pixel');
});

test.run();
