/**
 * The saxes reading of a feed's XML (core/pipeline/xml-tree.ts) against the stock one (xml2js over
 * sax, as rss-parser builds it): wherever the saxes reading gives a tree, the stock parser accepts
 * the document and gives the same tree (same keys in the same order, the same null prototypes, the
 * same text); wherever the stock parser refuses, the saxes reading gives null. Checked on every real
 * feed, on the places where the two parsers are known to differ, on 54 edge documents, on the XSS
 * corpus dropped raw into a feed, and on 1,500 seeded damaged copies of real feeds.
 */
import { readFileSync } from 'node:fs';
import Parser from 'rss-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { readXmlTree } from '../../core/pipeline/xml-tree.ts';
import { sharedFixtures, xmlFeedTexts } from '../helpers/shared-fixtures.ts';

const feedsDir = sharedFixtures('feeds', 'README.md');
const xssDir = sharedFixtures('xss', 'payloads.txt');

/** rss-parser's own xml2js parser (what its `parseString` reads the text with). */
interface StockXml {
  parseString(xml: string, done: (error: unknown, result: unknown) => void): unknown;
}

/** The stock reading: the tree, the refusal, or `unsettled` (xml2js never calls back on a root-less document). */
function stockTree(xml: string): { tree: unknown } | { refused: true } | { unsettled: true } {
  const parser = (new Parser() as unknown as { xmlParser: StockXml }).xmlParser;
  let outcome: { tree: unknown } | { refused: true } | { unsettled: true } = { unsettled: true };
  try {
    parser.parseString(xml, (error, result) => {
      outcome = error ? { refused: true } : { tree: result };
    });
  } catch {
    outcome = { refused: true };
  }
  return outcome;
}

/** A tree written out with its key order and which objects have no prototype, so two trees compare exactly. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) {
    return { nullProto: Object.getPrototypeOf(value) === null, entries: Object.entries(value).map(([k, v]) => [k, shape(v)]) };
  }
  return value;
}

/** Both readings of `xml`; fails when the saxes one gives a tree the stock one does not. Returns whether saxes read it. */
function agree(xml: string, label: string): boolean {
  const fast = readXmlTree(xml);
  const stock = stockTree(xml);
  if (fast === null) return false;
  assert.ok('tree' in stock && stock.tree !== null, `${label}: saxes read a document the stock parser ${'refused' in stock ? 'refuses' : 'never settles'}`);
  if ('tree' in stock) assert.equal(shape(fast), shape(stock.tree), label);
  return true;
}

test('the places where saxes and sax differ go to the stock parser, and the rest read the same', () => {
  const rss = (item: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Calm</title><item>${item}</item></channel></rss>`;
  // Given to the stock parser (null), each for its reason.
  const stockOnly: Record<string, string> = {
    'a carriage return (XML makes \\r\\n a \\n, sax keeps it)': rss('<title>Two\r\nlines</title>'),
    'a line break inside a spaced attribute value (XML makes it a space)': rss('<enclosure url="https://e.example/a b\nc.mp3" type="audio/mpeg"/>'),
    'a tab inside a spaced attribute value': rss('<enclosure url="https://e.example/a b\tc.mp3"/>'),
    'an attribute named __proto__ (sax drops it)': rss('<guid __proto__="x">1</guid>'),
    'an attribute named hasOwnProperty (sax throws on the next one)': rss('<guid hasOwnProperty="x" isPermaLink="false">1</guid>'),
    'an upper-case entity (sax reads &AMP; as &)': rss('<title>Fish &AMP; chips</title>'),
    'a duplicate attribute (sax keeps the first)': rss('<guid isPermaLink="false" isPermaLink="true">1</guid>'),
    'text after the root (xml2js has already answered)': `${rss('<title>A</title>')}trailing`,
    'a second root element': `${rss('<title>A</title>')}<rss><channel/></rss>`,
    'a lower-case CDATA opener (sax accepts it)': rss('<title><![cdata[A]]></title>'),
    'an element named _ (xml2js throws on its own text key)': rss('<_>x</_>'),
    'a tag name with a character beyond U+FFFF (sax refuses its surrogates)': rss('<x\u{10000}>a</x\u{10000}>'),
    'a tag name starting with one': rss('<\u{10000}x>a</\u{10000}x>'),
    'an attribute name with one': rss('<x a\u{10000}="1">a</x>'),
    'a document of white space': '   \n ',
    'a document without a root element': '<?xml version="1.0"?>',
  };
  for (const [label, xml] of Object.entries(stockOnly)) {
    assert.is(readXmlTree(xml), null, label);
    agree(xml, label);
  }
  // Read by saxes, and equal to the stock tree.
  const same: Record<string, string> = {
    'a plain item': rss('<title>A garden grows</title><link>https://e.example/a</link>'),
    'entities and character references': rss('<title>Fish &amp; chips &#039;n&#x27; &#x1F600; &lt;b&gt;</title>'),
    'CDATA beside text, and an empty CDATA': rss('<description>  <![CDATA[<p>Hi</p>]]> and <![CDATA[]]>more </description>'),
    'a CDATA of white space only': rss('<description><![CDATA[   ]]></description>'),
    'an empty CDATA alone, beside attributes (xml2js sees no CDATA)': rss('<description type="html"><![CDATA[]]></description>'),
    'white space only text': rss('<title>   </title><author/>'),
    'attributes with text and children': rss('<category domain="d">Science</category><media:group><media:content url="https://e.example/i.jpg" medium="image"/><media:content url="https://e.example/j.jpg"/></media:group>'),
    'a line break between attributes, no spaced value': rss('<enclosure\n  url="https://e.example/a.mp3"\n  type="audio/mpeg"/>'),
    'a spaced attribute value in a one-line tag': rss('<media:title type="plain">Two words</media:title><x a="b c"/>'),
    'an element named cdata': rss('<cdata>x</cdata><description><![CDATA[y]]><cdata>z</cdata></description>'),
    'an element named __proto__': rss('<__proto__>x</__proto__>'),
    'an XML 1.1 declaration with U+0085 and U+2028 in text': `<?xml version="1.1"?><rss><channel><title>a\u0085b\u2028c</title></channel></rss>`,
    'a byte order mark': `\uFEFF${rss('<title>A</title>')}`,
    'characters beyond U+FFFF in text and attribute values': rss('<title>Sunny \u{1F600}</title><x a="\u{1F600}"/>'),
  };
  for (const [label, xml] of Object.entries(same)) assert.ok(agree(xml, label), `${label}: saxes did not read it`);
});

test('on edge documents (doctypes, declarations, comments, references, control characters, names), a saxes reading is the stock one', () => {
  const w = (inner: string) => `<rss version="2.0"><channel><item>${inner}</item></channel></rss>`;
  const edges: Record<string, string> = {
    doctypeAfterRoot: `<rss version="2.0"><!DOCTYPE x><channel/></rss>`,
    twoDoctypes: `<!DOCTYPE a><!DOCTYPE b><rss version="2.0"><channel/></rss>`,
    doctypeLower: `<!doctype rss><rss version="2.0"><channel/></rss>`,
    weirdEmptyClose: w('<a>x</></a>'),
    closeWithSpace: w('<a>x</a >'),
    closeSpaceInside: w('<a>x</ a>'),
    selfCloseSpace: w('<a/ >'),
    attrNoValue: w('<a b>x</a>'),
    attrSpaces: w('<a b = "1">x</a>'),
    commentDashes: w('<!-- a -- b -->'),
    commentEnd3: w('<!-- a --->'),
    piInside: w('<?php echo 1; ?>'),
    piXmlInside: w('<?xml version="1.0"?>'),
    xmlDeclBadVersion: `<?xml version="2.0"?><rss version="2.0"><channel/></rss>`,
    xmlDeclNoVersion: `<?xml encoding="utf-8"?><rss version="2.0"><channel/></rss>`,
    xmlDeclStandaloneBad: `<?xml version="1.0" standalone="maybe"?><rss version="2.0"><channel/></rss>`,
    xmlDeclSingle: `<?xml version='1.0' encoding='utf-8'?><rss version="2.0"><channel/></rss>`,
    xmlDeclUpper: `<?XML version="1.0"?><rss version="2.0"><channel/></rss>`,
    entityHexUpper: w('<a>&#X41;</a>'),
    entityZero: w('<a>&#0;</a>'),
    entityLeadingZeros: w('<a>&#00065;&#x0041;</a>'),
    entitySurrogate: w('<a>&#xD800;</a>'),
    entityFFFE: w('<a>&#xFFFE;</a>'),
    entityBig: w('<a>&#x110000;</a>'),
    entityControl: w('<a>&#1;</a>'),
    entityNoSemicolon: w('<a>&amp b</a>'),
    entityEmpty: w('<a>&;</a>'),
    entityHashOnly: w('<a>&#;</a>'),
    ctrlInText: w('<a>a\u0001b</a>'),
    fffeInText: w('<a>a\uFFFEb</a>'),
    loneSurrogate: w('<a>a\uD800b</a>'),
    ltInAttr: w('<a b="<">x</a>'),
    gtInAttr: w('<a b=">">x</a>'),
    ampInAttr: w('<a b="&amp;&#x41;">x</a>'),
    cdataEndInText: w('<a>a]]>b</a>'),
    cdataInCdata: w('<a><![CDATA[a]]]]><![CDATA[>b]]></a>'),
    colonName: w('<a:b:c>x</a:b:c>'),
    colonStart: w('<:a>x</:a>'),
    xmlnsBadPrefix: w('<a xmlns:xml="http://x">x</a>'),
    xmlnsAttr: w('<a xmlns="">x</a>'),
    nsUndeclared: w('<foo:a>x</foo:a>'),
    bomTwice: '\uFEFF\uFEFF<rss version="2.0"><channel/></rss>',
    textBeforeRoot: 'x<rss version="2.0"><channel/></rss>',
    wsBeforeDecl: ' <?xml version="1.0"?><rss version="2.0"><channel/></rss>',
    commentBeforeDecl: '<!-- x --><?xml version="1.0"?><rss version="2.0"><channel/></rss>',
    nul: w('<a>\u0000</a>'),
    vtab: w('<a>\u000B</a>'),
    nel: w('<a>\u0085</a>'),
    unicodeNonChar: w('<a>\uFDD0</a>'),
    attrDupNs: w('<a x:b="1" x:b="2">x</a>'),
    emptyAttr: w('<a b="">x</a>'),
    tabBetweenAttrs: w('<a\tb="1">x</a>'),
    nlInNonSpacedAttr: w('<a b="x\ny">x</a>'),
    tabInAttrNoSpace: w('<a b="x\ty">x</a>'),
  };
  let read = 0;
  for (const [label, xml] of Object.entries(edges)) if (agree(xml, label)) read += 1;
  assert.ok(read >= 15, `saxes read only ${read} of the edge documents`);
});

if (feedsDir) {
  const texts = [...xmlFeedTexts(feedsDir)].map(([name, text]) => [name, text.trimStart()] as const);

  test('on every real XML feed the saxes reading is the stock tree, or null', () => {
    let read = 0;
    for (const [name, text] of texts) if (agree(text, name)) read += 1;
    // Most real feeds take the fast reading (the rest: carriage returns, HTML entities, ...).
    assert.ok(read >= texts.length / 2, `saxes read only ${read} of ${texts.length} real feeds`);
  });

  test('on seeded damaged copies of real feeds, a saxes reading is always the stock one', () => {
    const random = mulberry32(22);
    const pieces = ['<', '>', '&', ';', '"', "'", ']]>', '<![CDATA[', '</item>', '<item>', '&amp;', '&#0;', '&#x41;', '&AMP;', '&nbsp;', '\r\n', '\t', '\n', '=', '/', ' ', '<!-- a -->', '<?pi x?>', '\u0000', '\uD800', 'é', '\u{1F600}'];
    const small = texts.map(([, text]) => text).filter((text) => text.length < 40_000);
    let read = 0;
    for (let n = 0; n < 1500; n += 1) {
      let text = small[Math.floor(random() * small.length)]!;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits -= 1) {
        const at = Math.floor(random() * text.length);
        const kind = random();
        if (kind < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 4));
        else if (kind < 0.8) text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)]! + text.slice(at);
        else text = text.slice(0, at) + text.slice(at, at + 40) + text.slice(at);
      }
      if (agree(text, `damaged copy ${n}`)) read += 1;
    }
    // Some damage leaves a well-formed document (a changed word, a duplicated stretch of text).
    assert.ok(read > 100, `saxes read only ${read} of the damaged copies`);
  });
}

if (xssDir) {
  test('the XSS corpus dropped raw into a feed: a saxes reading is always the stock one', () => {
    const payloads = readFileSync(new URL('payloads.txt', xssDir), 'utf8').split('\n').filter(Boolean);
    for (const [i, payload] of payloads.entries()) {
      for (const where of [(p: string) => `<title>${p}</title>`, (p: string) => `<description><![CDATA[${p}]]></description>`, (p: string) => `<link href="${p}"/>`]) {
        agree(`<rss version="2.0"><channel><item>${where(payload)}</item></channel></rss>`, `payload ${i + 1}`);
      }
    }
  });
}

test.run();
