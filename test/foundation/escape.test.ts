/**
 * core/domain/escape.ts: the one `\u` spelling of an escaped character, shared by the log's
 * controls and the reading answers' wide characters; JSON reads every escape back as its character.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unitEscaper } from '../../core/domain/escape.ts';

const escapeWide = unitEscaper(/[\u0100-\uffff]/);

test('every matched unit becomes \\u and four lower-case hex digits, the rest stays', () => {
  assert.is(escapeWide('“calm” — café ✓'), '\\u201ccalm\\u201d \\u2014 café \\u2713');
  // A character outside the BMP is two units, each escaped: JSON reads the pair back as one character.
  assert.is(escapeWide('🌱'), '\\ud83c\\udf31');
  assert.is(JSON.parse(`"${escapeWide('“calm” 🌱 ✓')}"`), '“calm” 🌱 ✓');
});

test('a text with nothing to escape is returned as it is', () => {
  const text = 'plain text, é and all';
  assert.is(escapeWide(text), text);
});

test('the escaper is the same whether its pattern came global or not, and keeps no state between texts', () => {
  const fromGlobal = unitEscaper(/[\u0100-\uffff]/g);
  for (const text of ['“a”', 'plain', '— b —', '“a”']) assert.is(fromGlobal(text), escapeWide(text), text);
});

test.run();
