/** Pauses by choice (issue 21, item 2): a visible name resolves to its id; an unknown name is refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSources, pauseName, resolvePause, TAXONOMY_CHOICES, type PauseChoices } from '../../app/lib/pause-choices.ts';

const choices: PauseChoices = { ...TAXONOMY_CHOICES, source: [{ id: 'harbour-light-gazette', name: 'Harbour Light Gazette' }] };

test('a name the reader sees, or an id, resolves to the id whatever the case and spacing', () => {
  const cases: Array<[Parameters<typeof resolvePause>[0], string, string]> = [
    ['source', 'Harbour Light Gazette', 'harbour-light-gazette'],
    ['source', '  harbour   light gazette ', 'harbour-light-gazette'],
    ['source', 'harbour-light-gazette', 'harbour-light-gazette'],
    ['topic', 'Science', 'science'],
    ['topic', 'nature & animals', 'nature'],
    ['tag', 'Clean energy', 'clean-energy'],
    ['flavor', 'WONDER', 'wonder'],
  ];
  for (const [kind, typed, id] of cases) {
    const r = resolvePause(kind, typed, choices);
    assert.ok(r.ok, `${kind} ${typed}`);
    if (r.ok) assert.is(r.value, id, `${kind} ${typed}`);
  }
});

test('an unknown or empty value is refused with a message naming it; words are free text', () => {
  const unknown = resolvePause('source', 'Daily Nonsense', choices);
  assert.equal(unknown, { ok: false, message: 'There is no source called “Daily Nonsense”. Pick one from the list.' });
  assert.equal(resolvePause('topic', 'Politics', choices), { ok: false, message: 'There is no topic called “Politics”. Pick one from the list.' });
  assert.equal(resolvePause('tag', '   ', choices), { ok: false, message: 'Pick a tag from the list.' });
  assert.equal(resolvePause('term', '  Election  Night ', choices), { ok: true, value: 'election night', name: '“Election Night”' });
});

test('a stored pause shows its name; /api/sources is read tolerantly', () => {
  assert.is(pauseName({ kind: 'source', value: 'harbour-light-gazette' }, choices), 'Harbour Light Gazette');
  assert.is(pauseName({ kind: 'topic', value: 'culture' }, choices), 'Culture & Arts');
  assert.is(pauseName({ kind: 'source', value: 'gone-away' }, choices), 'gone-away');
  assert.equal(parseSources({ sources: [{ id: 'a', name: 'A' }, { id: 3, name: 'B' }, 'c', { id: 'd' }] }), [{ id: 'a', name: 'A' }]);
  assert.equal(parseSources(null), []);
});

test.run();
