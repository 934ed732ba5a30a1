/**
 * Charset detection for feed bodies (core/domain/charset.ts): byte order marks, the HTTP header,
 * the XML declaration, and sniffing for undeclared Latin-1, mislabelled and mixed UTF-8.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFeed } from '../../core/pipeline/feed.ts';
import { decodeFeedBytes, detectCharset, utf8Census, type CharsetDecision } from '../../core/domain/charset.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

const CAFE = '<rss version="2.0"><channel><title>Café à la crème</title></channel></rss>';
const DECL = (label: string) => `<?xml version="1.0" encoding="${label}"?>`;

const cases: Array<[string, Buffer, string | undefined, Partial<CharsetDecision>]> = [
  ['a UTF-8 byte order mark wins over a Latin-1 header', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(CAFE)]), 'text/xml; charset=iso-8859-1', { encoding: 'utf-8', source: 'bom' }],
  ['a UTF-16LE byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CAFE, 'utf16le')]), undefined, { encoding: 'utf-16le', source: 'bom' }],
  ['a UTF-16BE byte order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CAFE)]), 'application/xml; charset=utf-8', { encoding: 'utf-16be', source: 'bom' }],
  ['UTF-16LE without a mark, by the bytes of "<?"', Buffer.from(`${DECL('utf-16')}${CAFE}`, 'utf16le'), undefined, { encoding: 'utf-16le', source: 'utf16-pattern' }],
  ['the HTTP header charset', latin1(CAFE), 'application/rss+xml; charset=ISO-8859-1', { encoding: 'windows-1252', source: 'header' }],
  ['the header over the declaration', utf8(`${DECL('utf-8')}<rss version="2.0"/>`), 'text/xml; charset="windows-1251"', { encoding: 'windows-1251', source: 'header' }],
  ['the XML declaration', latin1(`${DECL('ISO-8859-1')}${CAFE}`), 'application/xml', { encoding: 'windows-1252', source: 'declaration' }],
  ['a declaration after a leading comment', utf8(`<!-- generated -->\n${DECL('windows-1251')}<rss/>`), undefined, { encoding: 'windows-1251', source: 'declaration' }],
  ['an unknown header label is ignored for the declaration', latin1(`${DECL('iso-8859-1')}${CAFE}`), 'text/xml; charset=klingon', { encoding: 'windows-1252', source: 'declaration' }],
  ['undeclared Latin-1 (invalid UTF-8) is windows-1252', latin1(CAFE), undefined, { encoding: 'windows-1252', source: 'sniffed' }],
  ['a UTF-8 header over Latin-1 bytes is windows-1252', latin1(CAFE), 'text/xml; charset=utf-8', { encoding: 'windows-1252', source: 'sniffed' }],
  ['a windows-1252 declaration over valid UTF-8 is UTF-8', utf8(`${DECL('windows-1252')}<rss><channel><title>Euro €</title></channel></rss>`), undefined, { encoding: 'utf-8', source: 'sniffed' }],
  ['UTF-8 with one stray Latin-1 byte is mixed', Buffer.concat([utf8(`${DECL('ISO-8859-1')}<p>søndag og måned `), Buffer.from([0xf8]), utf8('</p>')]), undefined, { encoding: 'utf-8', mixed: true }],
  ['plain ASCII with no label is UTF-8', utf8('<rss version="2.0"/>'), undefined, { encoding: 'utf-8', source: 'default' }],
];

for (const [name, bytes, contentType, expected] of cases) {
  test(`charset: ${name}`, () => {
    const decision = detectCharset(bytes, contentType);
    for (const [key, value] of Object.entries(expected)) assert.is(decision[key as keyof CharsetDecision], value, key);
  });
}

test('decoding gives the text as written, byte order marks dropped', () => {
  assert.match(decodeFeedBytes(latin1(CAFE)), /Café à la crème/);
  assert.match(decodeFeedBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CAFE)])), /^<rss version="2.0"><channel><title>Café à la crème/);
  assert.match(decodeFeedBytes(latin1(`${DECL('windows-1252')}<t>\x93quoted\x94 \x80</t>`)), /“quoted” €/);
  assert.is(decodeFeedBytes(Buffer.concat([utf8('søndag '), Buffer.from([0xf8]), utf8(' måned')])), 'søndag ø måned');
});

test('utf8Census counts valid multi-byte sequences and stray bytes; overlong forms and surrogates are stray', () => {
  assert.equal(utf8Census(utf8('a é € 😀')), { multibyte: 3, invalid: 0 });
  assert.equal(utf8Census(latin1('Café crème')), { multibyte: 0, invalid: 2 });
  assert.equal(utf8Census(Buffer.from([0xc0, 0x80, 0xed, 0xa0, 0x80, 0xe2, 0x82])), { multibyte: 0, invalid: 7 });
});

let server: FeedServer;
test.before(async () => {
  server = await startFeedServer();
});
test.after(() => server.close());

test('through the fetcher: an undeclared Latin-1 feed and a UTF-16BE feed read as written', async () => {
  const item = (title: string) => `<item><title>${title}</title><link>https://calm.example/${encodeURIComponent(title)}</link></item>`;
  const doc = `<rss version="2.0"><channel><title>Notícias</title>${item('Mãe de utente é a nova presidente')}</channel></rss>`;
  server.routes.set('/latin1.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(latin1(doc)));
  server.routes.set('/utf16.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(doc)])));
  for (const path of ['/latin1.xml', '/utf16.xml']) {
    const read = await readFeed(`${server.base}${path}`, { allowPrivate: true, publicBaseUrl: 'http://localhost:8080', now: new Date('2026-11-12T12:00:00Z') });
    assert.is(read.kind, 'ok', path);
    if (read.kind !== 'ok') continue;
    assert.is(read.title, 'Notícias', path);
    assert.equal(read.items.map((i) => i.title), ['Mãe de utente é a nova presidente'], path);
  }
});

test.run();
