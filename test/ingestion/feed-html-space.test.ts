/**
 * Feed text's spaces (core/domain/feed-html.ts `plainText`): text with only plain spaces takes a
 * shorter path than the two regex passes it stands for. These tests compare plainText with those
 * passes for every UTF-16 code unit in several places, and on random mixes of spaces, controls,
 * zero-width and other characters.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainText } from '../../core/domain/feed-html.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

/** The passes `squeezeSpace` stands for. */
const reference = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim();

test('plainText squeezes every code unit as the regex passes do (no markup, no entities)', () => {
  for (let c = 0; c < 0x10000; c += 1) {
    const ch = String.fromCharCode(c);
    if (ch === '<' || ch === '&') continue;
    for (const text of [ch, `a${ch}b`, ` ${ch} `, `a  ${ch}b`, `a${ch}  b`, `${ch}${ch}x${ch}`, `ab ${ch}`, `x   y${ch}`]) {
      assert.is(plainText(text), reference(text), `U+${c.toString(16)} in ${JSON.stringify(text)}`);
    }
  }
});

test('plainText squeezes random mixes of spaces, controls and zero-width characters as the regex passes do', () => {
  const rand = mulberry32(7);
  const pieces = ['a', 'b', 'word', ' ', ' ', '  ', '   ', '\t', '\n', '\r\n', '\u0000', '\u000b', '\u007f', '\u00a0', '\u200b', '\ufeff', '\u3000', '\u2028', 'é', '…', '\ud83d\ude00', '\u180e', '\u0085'];
  for (let i = 0; i < 20000; i += 1) {
    let text = '';
    const n = Math.floor(rand() * 14);
    for (let k = 0; k < n; k += 1) text += pieces[Math.floor(rand() * pieces.length)]!;
    assert.is(plainText(text), reference(text), JSON.stringify(text));
  }
});

test.run();
