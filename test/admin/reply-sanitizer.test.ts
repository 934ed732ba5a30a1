import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPLY_RAW_MAX_CHARS, replyPlainText, sanitizeReply, sanitizeReplyHtml } from '../../core/domain/reply.ts';

// Reply rules 3–8 and 14 (SPEC.md) and the CONTRACT.md details, one row per rule.
const CASES: Array<[string, string, string]> = [
  ['allowed tags are kept', '<p><strong>a</strong> <em>b</em><br></p><ul><li>c</li></ul><ol><li>d</li></ol>', '<p><strong>a</strong> <em>b</em><br /></p><ul><li>c</li></ul><ol><li>d</li></ol>'],
  ['b becomes strong', '<b>bold</b>', '<strong>bold</strong>'],
  ['i becomes em', '<i>it</i>', '<em>it</em>'],
  ['div becomes p', '<div>para</div>', '<p>para</p>'],
  ['font size 1 becomes a 13px span', '<font size="1">s</font>', '<span style="font-size:13px">s</span>'],
  ['font size 2 becomes a 13px span', '<font size="2">s</font>', '<span style="font-size:13px">s</span>'],
  ['font size 3 becomes a 15px span', '<font size="3">s</font>', '<span style="font-size:15px">s</span>'],
  ['font size 4 becomes an 18px span', '<font size="4">s</font>', '<span style="font-size:18px">s</span>'],
  ['font size 7 becomes a 22px span', '<font size="7" color="red" face="x">s</font>', '<span style="font-size:22px">s</span>'],
  ['font without a usable size is unwrapped', '<font size="+1">a</font><font>b</font>', 'ab'],
  ['each allowed span size is kept', '<span style="font-size: 13px">a</span><span style="font-size:15px">b</span><span style="font-size:18px">c</span><span style="font-size:22px">d</span>',
    '<span style="font-size:13px">a</span><span style="font-size:15px">b</span><span style="font-size:18px">c</span><span style="font-size:22px">d</span>'],
  ['a 14px span loses the style and is unwrapped', '<span style="font-size:14px">x</span>', 'x'],
  ['a coloured span loses the style and is unwrapped', '<span style="color:red">x</span>', 'x'],
  ['a sized and coloured span keeps only the size', '<span style="color:red;font-size:18px;background:url(x)">x</span>', '<span style="font-size:18px">x</span>'],
  ['font sizes match exactly', '<span style="font-size:113px">a</span><span style="font-size:13pt">b</span>', 'ab'],
  ['a bare span is unwrapped, siblings keep their closing tags', '<span>a</span><p>b</p>', 'a<p>b</p>'],
  ['links are reduced to their escaped text', '<a href="javascript:alert(1)">click &lt;me&gt;</a>', 'click &lt;me&gt;'],
  ['images are dropped', 'x<img src="https://t.example/p.gif" onerror="alert(1)">y', 'xy'],
  ['other styles and attributes are dropped', '<p style="color:red" onclick="x()" class="c">p</p>', '<p>p</p>'],
  ['other tags are dropped, their text kept and escaped', '<h1>Title</h1><table><tr><td>&lt;cell&gt;</td></tr></table>', 'Title&lt;cell&gt;'],
  ['script content is discarded', 'a<script>alert(1)</script>b', 'ab'],
  ['style content is discarded', 'a<style>p{color:red}</style>b', 'ab'],
  ['unclosed tags are closed', '<p><strong><em>open', '<p><strong><em>open</em></strong></p>'],
  ['the result is trimmed', '   <p>x</p>\n  ', '<p>x</p>'],
];

for (const [name, input, expected] of CASES) {
  test(`sanitizer: ${name}`, () => {
    assert.is(sanitizeReplyHtml(input), expected);
  });
}

test('sanitizer: raw HTML is cut at 20,000 characters before sanitizing', () => {
  const raw = 'a'.repeat(REPLY_RAW_MAX_CHARS) + 'Z';
  assert.is(raw.length, 20_001);
  const html = sanitizeReplyHtml(raw);
  assert.is(html.length, REPLY_RAW_MAX_CHARS);
  assert.not.ok(html.includes('Z'));
  // The cut comes first: a tag cut in half never becomes markup (at most inert, escaped text).
  const cut = sanitizeReplyHtml('b'.repeat(REPLY_RAW_MAX_CHARS - 3) + '<strong>x</strong>');
  assert.ok(cut.startsWith('b'.repeat(REPLY_RAW_MAX_CHARS - 3)), 'the text before the cut is kept');
  assert.not.ok(cut.includes('<strong>') || cut.includes('x'), 'nothing after the cut survives as markup or text');
});

test('plain text: paragraphs, breaks and list items survive; entities are decoded', () => {
  assert.is(replyPlainText('<p>Hello &amp; thanks</p><p>Line<br />two</p><ul><li>one</li><li>two</li></ul><ol><li>a</li><li>b</li></ol>'), 'Hello & thanks\n\nLine\ntwo\n\n- one\n- two\n\n1. a\n2. b');
});

test('plain text: an entity named like an Object member stays as written', () => {
  assert.is(replyPlainText('<p>&constructor; &toString; &__proto__; &amp;</p>'), '&constructor; &toString; &__proto__; &');
});

test('the stored message is the plain text of message_html, trimmed', () => {
  const reply = sanitizeReply('  <div><b>Thanks</b> for &lt;writing&gt;</div><script>x</script>  ');
  assert.is(reply.html, '<p><strong>Thanks</strong> for &lt;writing&gt;</p>');
  assert.is(reply.text, replyPlainText(reply.html));
  assert.is(reply.text, 'Thanks for <writing>');
});

test('a reply of nothing but markup has empty text', () => {
  assert.is(sanitizeReply('<p> </p><img src=x><script>a</script>').text, '');
});

test.run();
