/**
 * The markup passes of feed HTML (core/domain/markup-scan.ts) give what the regular expressions
 * they replace gave, on random mixes of markup pieces, and read hostile items of the fetcher's
 * 2 MB limit (nothing ever closing) in one pass: the regular expressions restarted at every `<`
 * and read to the end, so one such item held an ingest for minutes (and this file past its
 * runner's time-out).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainText, teaserText } from '../../core/domain/feed-html.ts';
import { fullTextWords } from '../../core/domain/full-text.ts';
import { imagesInHtml } from '../../core/domain/feed-images.ts';
import { decodeEntities } from '../../core/domain/feed-html.ts';
import { elementsNamed, replaceBetween, replaceElements, replaceLetterTags, singleLine, tagsToSpace } from '../../core/domain/markup-scan.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

const PIECES = [
  '<', '>', '</', '<b>', '</b>', '<a href="x">', '</a>', '<p', 'p>', '<!--', '-->', '--', '<![CDATA[', ']]>', ']]',
  '<script>', '</script>', '</script >', '<SCRIPT type="x">', '</Script>', '<style>', '</style>', '<scripts>', '<script',
  '<noscript>', '</noscript>', '<iframe src=x>', '</iframe>', '<template>', '</template>', '<1>', '< b>', '</ 1>', '<_x>',
  'word', ' ', 'é', '&lt;', '&amp;', '\n', '\t', '\r', '\f', '\u00a0', '\u200b', '&nbsp;', '&#10;',
];

/** White space squeezed as `singleLine` squeezes it: runs made one space, the ends trimmed. */
const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();

function randomTexts(seed: number, count: number): string[] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, () => {
    let text = '';
    for (let k = Math.floor(rand() * 16); k > 0; k -= 1) text += PIECES[Math.floor(rand() * PIECES.length)]!;
    return text;
  });
}

test('each pass gives what its regular expression gave', () => {
  const hidden = elementsNamed(['script', 'style', 'noscript', 'iframe', 'template']);
  const scripts = elementsNamed(['script', 'style']);
  for (const text of randomTexts(11, 40_000)) {
    const at = JSON.stringify(text);
    // Tags become word breaks: the same text as the regular expression's once white space is squeezed.
    assert.is(squeezed(tagsToSpace(text)), squeezed(text.replace(/<[^>]*>/g, ' ')), `tags ${at}`);
    assert.is(replaceLetterTags(text, ' '), text.replace(/<\/?[a-z][^>]*>/gi, ' '), `letter tags ${at}`);
    assert.is(replaceBetween(text, '<!--', '-->', () => ' '), text.replace(/<!--[\s\S]*?-->/g, ' '), `comments ${at}`);
    assert.is(replaceBetween(text, '<![CDATA[', ']]>', (inner) => inner), text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'), `cdata ${at}`);
    assert.is(replaceElements(text, hidden, ' '), text.replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' '), `elements ${at}`);
    assert.is(replaceElements(text, scripts, ' '), text.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' '), `scripts ${at}`);
  }
});

/**
 * plainText as it was written before `tagsToSpace`: every tag a space (the regular expression),
 * then the same passes, and the squeeze with its two replacements. `tagsToSpace` leaves out the
 * spaces this squeeze would have merged, and nothing else.
 */
function plainTextBefore(html: string): string {
  let text = html;
  if (text.includes('<')) {
    text = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
    text = text.replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' ');
    text = text.replace(/<!--[\s\S]*?-->/g, ' ');
    text = text.replace(/<[^>]*>/g, ' ');
  }
  text = decodeEntities(text).replace(/<\/?[a-z][^>]*>/gi, ' ');
  text = decodeEntities(text);
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

test('plain text, word counts and single lines read tags as word breaks, as before', () => {
  for (const text of randomTexts(12, 40_000)) {
    const at = JSON.stringify(text);
    assert.is(plainText(text), plainTextBefore(text), `plain text ${at}`);
    assert.is(singleLine(text), text.replace(/<[^>]*>/g, ' ').replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim(), `single line ${at}`);
  }
  // A tag between two words still parts them; runs of tags and the white space beside them make one space.
  assert.is(tagsToSpace('that.</p><p><img src="x"> &amp; more'), 'that. &amp; more');
  assert.is(tagsToSpace('<b>one</b><i>two</i>'), 'one two');
  assert.is(tagsToSpace('a <br>\nb'), 'a \nb');
  assert.is(fullTextWords(`<p>${'word<b>word</b>'.repeat(200)}</p>`), 400);
});

test('element names must be plain lower-case words (they become a pattern)', () => {
  assert.throws(() => elementsNamed(['script|.*']), /lower-case letters/);
});

test('the images inside item HTML are found as the regular expression found them', () => {
  const pieces = ['<img src="a.jpg">', '<IMG SRC=\'b.png\' width="800" height=450>', '<img', '>', '<imgs src="c.jpg">', '<img\nsrc="d.gif">', 'text', '<img alt=">" src="e.jpg">', '<p>'];
  const rand = mulberry32(5);
  for (let i = 0; i < 20_000; i += 1) {
    let html = '';
    for (let k = Math.floor(rand() * 8); k > 0; k -= 1) html += pieces[Math.floor(rand() * pieces.length)]!;
    const expected = [...html.matchAll(/<img\b[^>]*>/gi)].flatMap((m) => {
      const src = /\ssrc\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1];
      return src ? [src] : [];
    });
    assert.equal(imagesInHtml(html).map((c) => c.url), expected, JSON.stringify(html));
  }
});

test('hostile items of 2 MB that never close their markup are read in one pass', () => {
  const size = 2 * 1024 * 1024;
  const hostile = [
    '<'.repeat(size),
    '<a'.repeat(size / 2),
    '<script'.repeat(size / 7),
    '<!--'.repeat(size / 4),
    '<![CDATA['.repeat(Math.floor(size / 9)),
    '&lt;b'.repeat(Math.floor(size / 5)),
    // Related-links paragraphs that never close (core/domain/teaser-boilerplate.ts).
    '<p>Related: <a href="x">y</a>'.repeat(Math.floor(size / 30)),
    `${'<p '.repeat(size / 3)}</a> related`,
  ];
  for (const html of hostile) {
    // Every one of these is markup that never closes: what is left is the text as written, squeezed.
    const plain = plainText(html);
    assert.ok(plain.length > 0 && plain.length <= html.length, `plainText of ${JSON.stringify(html.slice(0, 12))}…`);
    assert.ok(teaserText(html).length <= 600);
    assert.is(typeof (fullTextWords(html) ?? 0), 'number');
    // A model's answer is read the same way (`singleLine`).
    assert.ok(singleLine(html).length > 0);
  }
  // The images inside item HTML (core/domain/feed-images.ts): tags that never close, and a source
  // that never ends.
  assert.equal(imagesInHtml('<img'.repeat(size / 4)), []);
  assert.equal(imagesInHtml(`<img src="${'x'.repeat(size)}>`), []);
  assert.equal(imagesInHtml(`<img src="a.jpg" width="80"><img${' src="x'.repeat(size / 7)}`).map((i) => i.url), ['a.jpg']);
  // A closed tag after a megabyte of unclosed ones is still found.
  assert.is(tagsToSpace(`${'<'.repeat(size)}x`), `${'<'.repeat(size)}x`);
  assert.is(replaceLetterTags(`${'<'.repeat(size)}<b>x`, ' '), `${'<'.repeat(size)} x`);
});

test.run();
