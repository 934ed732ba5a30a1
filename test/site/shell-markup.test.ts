/**
 * The renderer that puts the reader app's own markup into the static shell of `/`
 * (core/pages/vnode-html.ts on preact-render-to-string, app/shell.tsx): every text and attribute
 * escaped, attributes as Preact sets them, handlers left out, components swapped wherever they are created.
 */
import { Fragment, h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderHtml, swap } from '../../core/pages/vnode-html.ts';
import { shellReader } from '../../app/shell.tsx';

const EVIL = '"><script>alert(1)</script>';

test('text and attribute values are escaped; handlers, keys and refs are left out', () => {
  const html = renderHtml(() => h('p', { class: EVIL, key: 'k', onClick: () => undefined, 'data-x': EVIL }, EVIL, null, false, 3));
  const escaped = '&quot;>&lt;script>alert(1)&lt;/script>';
  assert.is(html, `<p class="${escaped}" data-x="${escaped}">${escaped}3</p>`);
  assert.not.match(html, /<script|onclick|key=/i);
});

test('booleans: aria-* say true or false, others are present or absent; names as attributes', () => {
  assert.is(renderHtml(() => h('button', { type: 'button', 'aria-pressed': false, disabled: true, hidden: false, tabIndex: -1 })), '<button type="button" aria-pressed="false" disabled tabindex="-1"></button>');
  assert.is(renderHtml(() => h('time', { dateTime: '2026-11-20' }, '20 Nov')), '<time datetime="2026-11-20">20 Nov</time>');
});

test('components are called with their props; a swapped one draws its stand-in', () => {
  const Hooked = (p: { name: string }): string => {
    throw new Error(`hooks would run for ${p.name}`);
  };
  const Frame = ({ name }: { name: string }) => h('div', null, h(Hooked, { name }), h(Fragment, null, name));
  assert.is(renderHtml(() => h(Frame, { name: 'calm' }), new Map([swap(Hooked, ({ name }) => h('b', null, name))])), '<div><b>calm</b>calm</div>');
  assert.is(renderHtml(() => h(Hooked, { name: 'top' }), new Map([swap(Hooked, ({ name }) => h('b', null, name))])), '<b>top</b>', 'swapped at the top of the tree too');
});

test('the shell draws nothing for an empty brief, and leaves out a card the app would drop', () => {
  assert.is(shellReader({ items: [], generated_at: null }), '');
  assert.is(shellReader(null), '');
  const card = { id: 'abcdefgh12345678', title: 'Calm <b>news</b>', url: 'javascript:alert(1)', source_name: 'Paper', tags: [], line: 'A line.' };
  assert.is(shellReader({ items: [card], generated_at: null }), '', 'no safe publisher link: not a card');
  const html = shellReader({ items: [{ ...card, url: 'https://paper.example/x' }], generated_at: '2026-11-20T08:00:00.000Z' });
  assert.match(html, '<a href="/a/abcdefgh12345678" aria-keyshortcuts="o">Calm &lt;b>news&lt;/b></a>');
  assert.match(html, '<div class="menu" data-menu="not-for-me"><button type="button" class="button menu-button" aria-haspopup="menu" aria-expanded="false">');
});

test.run();
