/**
 * The reader's session state and the components that draw from it (app/views/account/session.ts):
 * a component reads the state when it renders and subscribes in an effect, which runs after the
 * paint. A change landing in between (the follows arriving while a card mounts) must still reach
 * it: a CI run of 28 Nov 2026 showed a brief card without its Follow button for ten seconds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { currentSession, sessionVersion, setSession, watchSession } from '../../app/views/account/session.ts';

test('a change between a render and its subscription is delivered at once; later ones as they come; none after unsubscribing', () => {
  const rendered = sessionVersion();
  setSession({ status: 'signed-out' }); // lands before the subscription
  let calls = 0;
  const stop = watchSession(rendered, () => (calls += 1));
  assert.is(calls, 1, 'the missed change is delivered when the component subscribes');
  setSession({ status: 'offline' });
  assert.is(calls, 2);
  stop();
  setSession({ status: 'signed-out' });
  assert.is(calls, 2, 'nothing after unsubscribing');
  assert.equal(currentSession(), { status: 'signed-out' });
});

test('a subscription made with the current version is not called until something changes', () => {
  let calls = 0;
  const stop = watchSession(sessionVersion(), () => (calls += 1));
  assert.is(calls, 0);
  setSession({ status: 'signed-out' });
  assert.is(calls, 1);
  stop();
});

test.run();
