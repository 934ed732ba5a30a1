/**
 * HTTP requests that show the bytes on the wire: no decompression (fetch would undo the
 * Content-Encoding we are testing), headers as Node received them.
 */
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One answer as it came over the socket. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** `method url` with these request headers (and body); resolves with the raw answer. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; agent?: Agent } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(options.body);
  });
}

/** The body decoded by its Content-Encoding (br, gzip or none). */
export function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  if (coding === undefined) return answer.body;
  throw new Error(`unexpected Content-Encoding ${coding}`);
}
