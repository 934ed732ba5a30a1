/**
 * core/domain/escape.ts: the one `\u` spelling of an escaped character, shared by the log's
 * controls and the reading answers' wide characters; JSON reads every escape back as its character.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeUnits } from '../../core/domain/escape.ts';

const WIDE = /[\u0100-\uffff]/;
const WIDE_ALL = /[\u0100-\uffff]/g;

test('every matched unit becomes \\u and four lower-case hex digits, the rest stays', () => {
  assert.is(escapeUnits('“calm” — café ✓', WIDE, WIDE_ALL), '\\u201ccalm\\u201d \\u2014 café \\u2713');
  // A character outside the BMP is two units, each escaped: JSON reads the pair back as one character.
  assert.is(escapeUnits('🌱', WIDE, WIDE_ALL), '\\ud83c\\udf31');
  assert.is(JSON.parse(`"${escapeUnits('“calm” 🌱 ✓', WIDE, WIDE_ALL)}"`), '“calm” 🌱 ✓');
});

test('a text with nothing to escape is returned as it is', () => {
  const text = 'plain text, é and all';
  assert.is(escapeUnits(text, WIDE, WIDE_ALL), text);
});

test.run();
