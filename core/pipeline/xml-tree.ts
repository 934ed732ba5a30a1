/**
 * A feed's XML as rss-parser's xml2js parser gives it (its default options: every child a list,
 * text under `_`, attributes under `$`), read with saxes instead of sax when that gives the very
 * same tree: rss-parser then maps it to items as ever. sax builds every tag name, attribute and
 * entity a character at a time and keeps a string per character of them; saxes reads by character
 * codes and slices. On the ingest bench's feeds the tree costs about half the time (xml2js over sax
 * ~80 ms a round, saxes' events alone ~24; 29 Nov 2026), so our parse stopped being the largest
 * part of ingestion.
 *
 * saxes is a conforming XML parser: it refuses everything sax's strict mode refuses and more (an
 * undefined or upper-case entity, a duplicate attribute, `]]>` in text, a character XML forbids).
 * Whatever it refuses, and the few places where the two differ in what they give, come back as
 * `null`, and the caller reads the document with the stock parser, which then decides (and names
 * the refusal) exactly as before:
 * - a carriage return anywhere: XML turns `\r\n` into `\n` and saxes does, sax keeps it;
 * - an attribute value with a space in a tag whose text holds a tab or a line break: XML turns
 *   those into spaces inside attribute values and saxes does, sax keeps them;
 * - an attribute named `__proto__` or `hasOwnProperty` (sax's attribute object is a plain object:
 *   it drops the first and throws on the second);
 * - a tag or attribute name with a character beyond U+FFFF: XML allows them, sax tests names a
 *   UTF-16 unit at a time and refuses the surrogates (its name characters are XML's otherwise);
 * - an empty CDATA section gives xml2js no event, so it is skipped here too.
 * The tree is built by the same steps, in the same order, as xml2js 0.5's own handlers with those
 * options (`onopentag`, `onclosetag`, `ontext`, `oncdata`), its quirks included; anything they
 * would throw on also gives `null`. test/ingestion/xml-tree.test.ts holds the two readers equal on
 * every real feed, 54 edge documents, the XSS corpus and 1,500 seeded damaged copies of real feeds.
 */
import { SaxesParser } from 'saxes';

/** An element as xml2js builds it (null prototype; `_` text, `$` attributes, children by name in lists). */
type XmlObject = Record<string, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;

/** xml2js's `isEmpty`: an object without keys. */
function isEmpty(thing: unknown): boolean {
  return typeof thing === 'object' && thing !== null && Object.keys(thing).length === 0;
}

/** xml2js's `assignOrPush` with `explicitArray`. */
function assignOrPush(obj: XmlObject, key: string, value: unknown): void {
  if (!(key in obj)) {
    obj[key] = [value];
    return;
  }
  let list = obj[key];
  if (!(list instanceof Array)) obj[key] = list = [list];
  (list as unknown[]).push(value);
}

/** Whether a tag's text, from its `<` up to `end`, holds a tab or line break (which XML makes a space in an attribute value). */
function tagHasBreak(xml: string, end: number): boolean {
  for (let i = xml.lastIndexOf('<', end - 1); i >= 0 && i < end; i += 1) {
    const c = xml.charCodeAt(i);
    if (c === 10 || c === 9) return true;
  }
  return false;
}

/** Whether `name` holds a UTF-16 surrogate (a character beyond U+FFFF, which sax refuses in a name). */
function hasSurrogate(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) if ((name.charCodeAt(i) & 0xf800) === 0xd800) return true;
  return false;
}

/** Thrown to leave the saxes read for the stock parser. */
class NotTheSame extends Error {}

/** The xml2js tree of `xml`, or null when the stock parser must read it. */
export function readXmlTree(xml: string): Record<string, unknown> | null {
  if (xml.trim() === '' || xml.includes('\r')) return null;
  // Read as XML 1.0 whatever the declaration says: 1.1 also turns U+0085 and U+2028 into line feeds.
  const parser = new SaxesParser({ xmlns: false, position: false, defaultXMLVersion: '1.0', forceXMLVersion: true });
  const stack: XmlObject[] = [];
  let result: XmlObject | null = null;

  const ontext = (value: string): XmlObject | undefined => {
    const s = stack[stack.length - 1];
    if (s) s._ += value;
    return s;
  };
  parser.on('text', ontext);
  parser.on('cdata', (value) => {
    if (value === '') return;
    const s = ontext(value);
    if (s) s.cdata = true;
  });
  parser.on('opentag', (node) => {
    if (hasSurrogate(node.name)) throw new NotTheSame();
    const obj: XmlObject = Object.create(null) as XmlObject;
    obj._ = '';
    const attributes = node.attributes;
    let spaced = false;
    for (const key in attributes) {
      if (!hasOwn.call(attributes, key)) continue;
      if (key === '__proto__' || key === 'hasOwnProperty' || hasSurrogate(key)) throw new NotTheSame();
      if (!('$' in obj)) obj.$ = Object.create(null) as XmlObject;
      const value = attributes[key]!;
      if (value.includes(' ')) spaced = true;
      (obj.$ as XmlObject)[key] = value;
    }
    if (spaced && tagHasBreak(xml, parser.position)) throw new NotTheSame();
    obj['#name'] = node.name;
    stack.push(obj);
  });
  parser.on('closetag', () => {
    let obj: unknown = stack.pop()!;
    const element = obj as XmlObject;
    const nodeName = element['#name'] as string;
    delete element['#name'];
    let cdata: boolean | undefined;
    if (element.cdata === true) {
      cdata = element.cdata;
      delete element.cdata;
    }
    const s = stack[stack.length - 1];
    let emptyStr: string | undefined;
    if ((element._ as string).match(/^\s*$/) && !cdata) {
      emptyStr = element._ as string;
      delete element._;
    } else if (Object.keys(element).length === 1 && '_' in element) {
      obj = element._;
    }
    if (isEmpty(obj)) obj = emptyStr;
    if (s) assignOrPush(s, nodeName, obj);
    else {
      result = Object.create(null) as XmlObject;
      result[nodeName] = obj;
    }
  });
  try {
    // With no error handler, saxes throws at the first error.
    parser.write(xml).close();
  } catch {
    return null;
  }
  return result;
}
