/**
 * A small, strict scanner for the hostile-text suite: it lists every start tag of an HTML document
 * with its attributes (values entity-decoded), so a test can say "no event handler, no script URL,
 * no inline script" without trusting the page's own escaping. Comments are skipped.
 */

/** One start tag. */
export interface ScannedTag {
  name: string;
  attrs: Array<[string, string]>;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: ' ' };

/** Decode HTML character references the way a browser would before it reads a URL. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (/^#x/i.test(body)) return String.fromCodePoint(Math.min(0x10ffff, Number.parseInt(body.slice(2), 16)));
    if (body.startsWith('#')) return String.fromCodePoint(Math.min(0x10ffff, Number.parseInt(body.slice(1), 10)));
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Every start tag of `html`, in order. */
export function scanTags(html: string): ScannedTag[] {
  const tags: ScannedTag[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)) {
    const attrs: Array<[string, string]> = [];
    for (const a of (match[2] ?? '').matchAll(/([^\s"'>/=]+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.push([(a[1] ?? '').toLowerCase(), decodeEntities(a[3] ?? a[4] ?? a[5] ?? '')]);
    }
    tags.push({ name: (match[1] ?? '').toLowerCase(), attrs });
  }
  return tags;
}

const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'srcset', 'data', 'ping']);

/** What is wrong with a page's markup from an XSS point of view (empty when nothing). */
export function xssProblems(html: string, options: { ownScript: (src: string) => boolean }): string[] {
  const problems: string[] = [];
  for (const tag of scanTags(html)) {
    for (const [name, value] of tag.attrs) {
      if (name.startsWith('on')) problems.push(`<${tag.name}> has event handler ${name}`);
      if (name === 'srcdoc') problems.push(`<${tag.name}> has srcdoc`);
      const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (URL_ATTRS.has(name) && /^(javascript|vbscript|data):/.test(compact)) problems.push(`<${tag.name} ${name}="${value.slice(0, 60)}">`);
      // Only URL-valued meta tags (og:image, og:url, twitter:image...) are followed by anyone.
      const urlMeta = tag.name === 'meta' && tag.attrs.some(([n, v]) => (n === 'property' || n === 'name' || n === 'itemprop') && /(image|url)$/i.test(v));
      if (name === 'content' && urlMeta && !/^https?:\/\//.test(compact)) problems.push(`<${tag.name} content="${value.slice(0, 60)}">`);
      if (name === 'style' && /expression\(|javascript:|url\(/i.test(value)) problems.push(`<${tag.name} style="${value.slice(0, 60)}">`);
    }
    if (['iframe', 'object', 'embed', 'frame', 'frameset', 'applet', 'base', 'svg', 'math'].includes(tag.name)) problems.push(`<${tag.name}> element`);
    if (tag.name === 'meta' && tag.attrs.some(([n, v]) => n === 'http-equiv' && /refresh/i.test(v))) problems.push('<meta http-equiv=refresh>');
    if (tag.name === 'script') {
      const src = tag.attrs.find(([n]) => n === 'src')?.[1];
      const type = tag.attrs.find(([n]) => n === 'type')?.[1] ?? '';
      if (!src && type !== 'application/ld+json' && type !== 'application/json') problems.push('inline <script>');
      if (src && !options.ownScript(src)) problems.push(`foreign <script src="${src.slice(0, 60)}">`);
    }
  }
  return problems;
}
