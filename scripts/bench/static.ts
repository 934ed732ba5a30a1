/**
 * The static files measured (issue 23): `/brief.json`, `/today` and one `/a` page of the built site,
 * each connection asking for them in turn, through the product exactly as production serves it
 * (api/server.ts `createAppServer(createApp(deps))`), against a bare `node:http` server answering
 * the very same bytes from memory with their one or two headers (the floor). Measured plainly
 * (`ratio`) and with a browser's Accept-Encoding (`gz_ratio`: the product answers in brotli from
 * its index, and the floor sends those brotli bytes). Same connections, alternating rounds, each
 * ratio taken within its round (see api.ts).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/deps.ts';
import { createAppServer } from '../../api/server.ts';
import { buildSite } from '../../site/build.ts';
import { listen, steadyRounds, type Server as Served } from './api.ts';
import { BROWSER_ENCODINGS, runLoad, type LoadOptions, type LoadResult, type LoadTarget } from './load.ts';
import { measured, median, ratio, roundsField, skipped, type Section } from './report.ts';
import { stealNote } from './steal.ts';

/** The targets of this section. */
export const STATIC_TARGETS = { ratio: { op: '>=', limit: 0.5 }, gz_ratio: { op: '>=', limit: 0.5 } } as const;

/** One answer's bytes and the headers a floor needs to send them. */
interface Bytes {
  body: Buffer;
  headers: Record<string, string>;
}

/** GET `url` and keep the bytes as they came (no decompression). */
function fetchBytes(url: string, headers: Readonly<Record<string, string>>): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        const out: Record<string, string> = { 'content-type': String(res.headers['content-type']) };
        if (res.headers['content-encoding']) out['content-encoding'] = res.headers['content-encoding'];
        resolve({ body: Buffer.concat(chunks), headers: out });
      });
    }).once('error', reject).end();
  });
}

/** Measure the static files of `deps.config.distDir`, building the site first when it holds none. */
export async function benchStatic(deps: AppDeps, load: LoadOptions, rounds: number, note: (line: string) => void): Promise<Section> {
  const dist = deps.config.distDir;
  if (!existsSync(path.join(dist, 'today', 'index.html'))) {
    note('static: building the site (the build section did not run)');
    await buildSite({ db: deps.db, config: deps.config, log: deps.log, now: deps.now() });
  }
  const a = (await readdir(path.join(dist, 'a'))).sort()[0];
  if (!a) return { ratio: skipped('the build produced no /a page', STATIC_TARGETS.ratio), gz_ratio: skipped('the build produced no /a page', STATIC_TARGETS.gz_ratio) };
  const paths = ['/brief.json', '/today', `/a/${a}`];

  const app = createApp(deps);
  const product = await listen(createAppServer(app));
  let floor: Served | null = null;
  try {
    // The floor answers each path with the bytes the product sent for it, plain or compressed.
    const plain = new Map<string, Bytes>();
    const compressed = new Map<string, Bytes>();
    // A file's first read makes its gzip at once and its brotli in the background: wait for those.
    for (const p of paths) await fetchBytes(`${product.base}${p}`, BROWSER_ENCODINGS);
    await app.staticFiles.settled();
    for (const p of paths) {
      plain.set(p, await fetchBytes(`${product.base}${p}`, {}));
      compressed.set(p, await fetchBytes(`${product.base}${p}`, BROWSER_ENCODINGS));
    }
    floor = await listen(createServer((req, res) => {
      const hit = (req.headers['accept-encoding'] === undefined ? plain : compressed).get(req.url ?? '');
      if (!hit) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, hit.headers);
      res.end(hit.body);
    }));

    const targets: Record<'floor' | 'ours' | 'floor_gz' | 'ours_gz', LoadTarget> = {
      floor: { url: `${floor.base}/`, paths },
      ours: { url: `${product.base}/`, paths },
      floor_gz: { url: `${floor.base}/`, paths, headers: BROWSER_ENCODINGS },
      ours_gz: { url: `${product.base}/`, paths, headers: BROWSER_ENCODINGS },
    };
    type Name = keyof typeof targets;
    const names: Name[] = ['floor', 'ours', 'floor_gz', 'ours_gz'];
    const runs = new Map<Name, LoadResult[]>();
    for (const name of names) {
      note(`static warm-up: ${name}`);
      await runLoad(targets[name], { ...load, durationS: load.warmupS, warmupS: 0 });
    }
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? names : [...names].reverse();
      note(`static round ${round}/${rounds}: ${order.join(', ')}`);
      for (const name of order) runs.set(name, [...(runs.get(name) ?? []), await runLoad(targets[name], { ...load, warmupS: 0 })]);
    }
    const get = (name: Name) => runs.get(name) ?? [];
    const rpsText = (name: Name) => get(name).map((r) => Math.round(r.rps)).join('/');
    const perRound = (ours: Name, base: Name) => {
      const keep = steadyRounds(get(base).map((r) => r.rps));
      const values = get(ours).flatMap((r, i) => {
        const v = keep.has(i) ? ratio(r.rps, get(base)[i]?.rps ?? 0) : null;
        return v === null ? [] : [v];
      });
      return { values, dropped: rounds - keep.size };
    };
    const sizes = (bytes: Map<string, Bytes>) => paths.map((p) => `${p} ${bytes.get(p)?.body.length ?? 0} B${bytes.get(p)?.headers['content-encoding'] ? ` ${bytes.get(p)?.headers['content-encoding']}` : ''}`).join(', ');
    const field = (ours: Name, base: Name, target: (typeof STATIC_TARGETS)[keyof typeof STATIC_TARGETS], what: string) => {
      const { values, dropped } = perRound(ours, base);
      return roundsField(values, target, `${dropped > 0 ? `${dropped} starved round(s) dropped; ` : ''}ours ${rpsText(ours)} ÷ floor ${rpsText(base)} req/s; ${what}${stealNote(get(ours), get(base), base)}`);
    };
    return {
      ratio: field('ours', 'floor', STATIC_TARGETS.ratio, `no Accept-Encoding: ${sizes(plain)}`),
      gz_ratio: field('ours_gz', 'floor_gz', STATIC_TARGETS.gz_ratio, `Accept-Encoding: ${BROWSER_ENCODINGS['Accept-Encoding']}: ${sizes(compressed)}`),
      floor_rps: measured(median(get('floor').map((r) => r.rps)), { unit: 'req/s', digits: 0, note: `bare node:http, the same bytes from memory; rounds ${rpsText('floor')}` }),
      rps: measured(median(get('ours').map((r) => r.rps)), { unit: 'req/s', digits: 0, note: `the product (createAppServer(createApp(deps))); rounds ${rpsText('ours')}` }),
      gz_rps: measured(median(get('ours_gz').map((r) => r.rps)), { unit: 'req/s', digits: 0, note: `the product, compressed; rounds ${rpsText('ours_gz')}` }),
    };
  } finally {
    await product.close();
    await floor?.close();
  }
}
