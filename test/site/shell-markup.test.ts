/**
 * The renderer that puts the reader app's own markup into the static shell of `/`
 * (core/pages/vnode-html.ts, app/shell.tsx): every text and attribute escaped, attributes as the
 * browser holds them once Preact set the props, handlers left out, components with hooks swapped.
 */
import { Fragment, h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderHtml, swap } from '../../core/pages/vnode-html.ts';
import { shellReader } from '../../app/shell.tsx';

const EVIL = '"><script>alert(1)</script>';

test('text and attribute values are escaped; handlers, keys and refs are left out', () => {
  const html = renderHtml(h('p', { class: EVIL, key: 'k', onClick: () => undefined, 'data-x': EVIL }, EVIL, null, false, 3));
  assert.is(html, '<p class="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-x="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;3</p>');
});

test('booleans: aria-* and data-* say true or false, others are present or absent; void elements have no end tag; names as attributes', () => {
  assert.is(renderHtml(h('button', { type: 'button', 'aria-pressed': false, disabled: true, hidden: false, tabIndex: -1 })), '<button type="button" aria-pressed="false" disabled tabindex="-1"></button>');
  assert.is(renderHtml(h('img', { src: '/a.png', alt: '', width: 480 })), '<img src="/a.png" alt="" width="480">');
  assert.is(renderHtml(h('time', { dateTime: '2026-11-20' }, '20 Nov')), '<time datetime="2026-11-20">20 Nov</time>');
});

test('components are called with their props; a swapped one draws its stand-in', () => {
  const Hooked = (p: { name: string }): string => {
    throw new Error(`hooks would run for ${p.name}`);
  };
  const Frame = ({ name }: { name: string }) => h('div', null, h(Hooked, { name }), h(Fragment, null, name));
  assert.is(renderHtml(h(Frame, { name: 'calm' }), new Map([swap(Hooked, ({ name }) => h('b', null, name))])), '<div><b>calm</b>calm</div>');
});

test('the shell draws nothing for an empty brief, and leaves out a card the app would drop', () => {
  assert.is(shellReader({ items: [], generated_at: null }), '');
  assert.is(shellReader(null), '');
  const card = { id: 'abcdefgh12345678', title: 'Calm <b>news</b>', url: 'javascript:alert(1)', source_name: 'Paper', tags: [], line: 'A line.' };
  assert.is(shellReader({ items: [card], generated_at: null }), '', 'no safe publisher link: not a card');
  const html = shellReader({ items: [{ ...card, url: 'https://paper.example/x' }], generated_at: '2026-11-20T08:00:00.000Z' });
  assert.match(html, '<a href="/a/abcdefgh12345678" aria-keyshortcuts="o">Calm &lt;b&gt;news&lt;/b&gt;</a>');
  assert.match(html, '<div class="menu" data-menu="not-for-me"><button type="button" class="button menu-button" aria-haspopup="menu" aria-expanded="false">');
});

test.run();
