/**
 * A reference for the cold figures, not the product: a bare Node server doing the least any cold
 * brief must do, so `scripts/bench-profile.ts`' `bare_cold` target can show how far the machine
 * lets a cold request go. Per request: find `prefs=` in the URL, `decodeURIComponent` and
 * `JSON.parse` it, walk 200 ranked candidates (generated like the bench's pool: real taxonomy ids,
 * titles and teasers) with plain checks for each Calm Filter the cold prefs set (muted topic, tag,
 * flavor, the two ceilings, avoid-terms as lower-case substrings of title and teaser), take the
 * first seven, find bytes kept for that selection and send them with a fixed header set. No
 * validation, no brief rules, no log line, no framework: what it costs is a floor for any design.
 */
import { createServer, type Server } from 'node:http';
import { makeArticles, makeSources } from './fixtures.ts';

/** The prefs fields the cold sequence sets (scripts/bench/cold-prefs.ts). */
interface ColdFilters {
  avoid_terms?: string[];
  mute_topics?: string[];
  mute_tags?: string[];
  mute_flavors?: string[];
  max_cortisol?: number;
  max_ragebait?: number;
}

/** A bare server answering every cold brief request with `body` (the brief's size) and `headers`. */
export function bareColdServer(body: Uint8Array, headers: Readonly<Record<string, string>>): Server {
  const now = new Date();
  const candidates = makeArticles(200, makeSources(50, now), now).map((a) => ({
    id: a._id,
    topic: a.topic,
    tags: a.tags,
    flavor: a.flavor,
    cortisol: a.cortisol,
    ragebait: a.ragebait,
    text: `${a.title}\n${a.teaser}`.toLowerCase(),
  }));
  const headerList = headerListOf(body, headers);
  const kept = new Map<string, Uint8Array>();
  return createServer((req, res) => {
    const url = req.url ?? '';
    const at = url.indexOf('prefs=');
    let prefs: ColdFilters;
    try {
      prefs = (at < 0 ? {} : JSON.parse(decodeURIComponent(url.slice(at + 'prefs='.length)))) as ColdFilters;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const chosen: string[] = [];
    for (const c of candidates) {
      if (prefs.mute_topics?.includes(c.topic)) continue;
      if (prefs.mute_flavors?.includes(c.flavor)) continue;
      if (prefs.mute_tags?.some((t) => c.tags.includes(t))) continue;
      if (prefs.max_cortisol !== undefined && c.cortisol > prefs.max_cortisol) continue;
      if (prefs.max_ragebait !== undefined && c.ragebait > prefs.max_ragebait) continue;
      if (prefs.avoid_terms?.some((t) => c.text.includes(t))) continue;
      chosen.push(c.id);
      if (chosen.length === 7) break;
    }
    const key = chosen.join(' ');
    let bytes = kept.get(key);
    if (bytes === undefined) kept.set(key, (bytes = body));
    res.writeHead(200, headerList);
    res.end(bytes);
  });
}

/** A bare Node server answering every request with `body` and `headers` (and its length): no routing, no Hono. */
export function bareServer(body: Uint8Array, headers: Readonly<Record<string, string>>): Server {
  const headerList = headerListOf(body, headers);
  return createServer((_req, res) => {
    res.writeHead(200, headerList);
    res.end(body);
  });
}

/** `headers` and the body's length as `writeHead`'s flat `[name, value, ...]` list. */
function headerListOf(body: Uint8Array, headers: Readonly<Record<string, string>>): string[] {
  return Object.entries({ ...headers, 'content-length': String(body.byteLength) }).flat();
}
