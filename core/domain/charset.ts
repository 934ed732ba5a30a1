/**
 * Which character encoding a feed's bytes are in, and the text they decode to.
 *
 * The order follows the WHATWG Encoding standard and RFC 7303 (XML media types), with the
 * fallbacks real feeds need (Miniflux and feedparser apply the same ones):
 * 1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins over any label;
 * 2. UTF-16 without a mark is recognised by the bytes of `<?` (XML 1.0, appendix F);
 * 3. the `Content-Type` charset, then the XML declaration's `encoding` (an unknown label is ignored);
 * 4. with no label, a UTF-8 label or a Latin-1 family label (ISO-8859-1, US-ASCII, windows-1252;
 *    all one encoding in the WHATWG standard), the bytes decide: valid UTF-8 is UTF-8 (templates
 *    often declare windows-1252 over UTF-8 text); bytes that are mostly not UTF-8 are windows-1252
 *    (undeclared Latin-1); UTF-8 with a few stray bytes is "mixed": UTF-8, each stray byte read as
 *    windows-1252 (a Latin-1 'ø' pasted into a UTF-8 document, as bold.dk's feed has).
 * Everything here is linear in the body (at most the fetcher's 2 MiB).
 */

/** How a label was found (for tests and logs). */
export type CharsetSource = 'bom' | 'utf16-pattern' | 'header' | 'declaration' | 'sniffed' | 'default';

/**
 * The decision: a WHATWG encoding name and where it came from. `mixed`: UTF-8 where the bytes are
 * valid UTF-8, windows-1252 for each byte that is not.
 */
export interface CharsetDecision {
  encoding: string;
  source: CharsetSource;
  mixed?: boolean;
}

/** The name TextDecoder gives a label, or null when the label is unknown (or the "replacement" encoding). */
function encodingOf(label: string | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/** The charset parameter of a Content-Type header, as written. */
function headerLabel(contentType: string | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
}

/** The `encoding` of the XML declaration among the first KiB (comments may come before it). */
function declarationLabel(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
  const start = head.indexOf('<?xml');
  if (start < 0) return undefined;
  const end = head.indexOf('?>', start);
  const declaration = head.slice(start, end < 0 ? head.length : end);
  return /encoding\s*=\s*["']([\w.:-]+)["']/i.exec(declaration)?.[1];
}

/** The length of the valid UTF-8 sequence at `i` (1 for ASCII), or 0 when the byte there starts none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  const second = bytes[i + 1]!;
  // Overlong forms and surrogates are invalid, as TextDecoder treats them.
  if (length === 3 && ((b === 0xe0 && second < 0xa0) || (b === 0xed && second > 0x9f))) return 0;
  if (length === 4 && ((b === 0xf0 && second < 0x90) || (b === 0xf4 && second > 0x8f))) return 0;
  return length;
}

/** Valid multi-byte UTF-8 sequences and bytes that start none, in one pass. */
export function utf8Census(bytes: Uint8Array): { multibyte: number; invalid: number } {
  let multibyte = 0;
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i]! < 0x80) {
      i += 1;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      multibyte += 1;
      i += length;
    } else {
      invalid += 1;
      i += 1;
    }
  }
  return { multibyte, invalid };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** True when the bytes are valid UTF-8 (the native decoder's check: the census loop is only for bodies that fail it). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** True when some byte is outside ASCII. */
function hasHighByte(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i]! >= 0x80) return true;
  return false;
}

/** The Latin-1 family: every one of these labels decodes as windows-1252 in the WHATWG standard. */
const LATIN1 = 'windows-1252';

/** Decide the encoding of a feed body (see the module comment for the order). */
export function detectCharset(bytes: Uint8Array, contentType?: string): CharsetDecision {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', source: 'bom' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', source: 'bom' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', source: 'bom' };
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return { encoding: 'utf-16le', source: 'utf16-pattern' };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return { encoding: 'utf-16be', source: 'utf16-pattern' };
  const fromHeader = encodingOf(headerLabel(contentType));
  const declared = fromHeader ?? encodingOf(declarationLabel(bytes));
  const source: CharsetSource = declared === null ? 'default' : fromHeader ? 'header' : 'declaration';
  if (declared !== null && declared !== 'utf-8' && declared !== LATIN1) return { encoding: declared, source };
  if (isUtf8(bytes)) return { encoding: 'utf-8', source: declared === LATIN1 && hasHighByte(bytes) ? 'sniffed' : source };
  const { multibyte, invalid } = utf8Census(bytes);
  if (multibyte > invalid) return { encoding: 'utf-8', source: 'sniffed', mixed: true };
  return { encoding: LATIN1, source: declared === LATIN1 ? source : 'sniffed' };
}

/** Each byte as windows-1252 reads it. */
const LATIN1_CHARS: readonly string[] = Array.from({ length: 256 }, (_, b) => new TextDecoder(LATIN1).decode(Uint8Array.of(b)));

/** UTF-8 where the bytes are valid UTF-8, each other byte as windows-1252. */
function decodeMixed(bytes: Uint8Array): string {
  const utf8 = new TextDecoder('utf-8');
  let out = '';
  let from = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += utf8.decode(bytes.subarray(from, i)) + LATIN1_CHARS[bytes[i]!]!;
    i += 1;
    from = i;
  }
  return out + utf8.decode(bytes.subarray(from));
}

/** Decode a feed body: the encoding `detectCharset` picks, a byte order mark dropped. */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string): string {
  const decision = detectCharset(bytes, contentType);
  return decision.mixed ? decodeMixed(bytes) : new TextDecoder(decision.encoding).decode(bytes);
}
