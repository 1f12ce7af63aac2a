/**
 * A plain GET over node:http/https for the HTTP layer's reads, bounded like `boundedFetch` (the
 * body counted after decompression, one timer over headers and body) and seen by the layer
 * exactly as got's answer is: got costs a one-request command more than everything else pmt
 * loads (docs/performance.md), while a read needs none of what it adds. Writes stay on got.
 *
 * What the layer sees is got's, case by case (test/exchanges/bounded-get.test.ts runs both over
 * every injected fault): the request headers got sends for a GET (pmt's, `accept-encoding` for
 * every coding this Node decompresses, `authorization` from a URL's user:password); the shared keep-alive agent; a gzip/deflate/br/zstd body decompressed, with its
 * `content-encoding` and `content-length` headers dropped; a timeout as got's `TimeoutError`
 * (code ETIMEDOUT); a body cut short as ECONNRESET; any other failure with Node's own code.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { ResponseTooLarge } from './bounded-fetch.js';

export interface BoundedGet {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** As got names a request that outlived its `timeout.request`. */
class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  readonly event = 'request';
}

/** As got reports a body the server stopped sending before its end. */
const cutShort = () => Object.assign(new Error('The server aborted pending request'), { code: 'ECONNRESET' });

type Transform = import('node:stream').Transform;
/** Loaded with the first compressed answer (the doubles, and many upstreams, send none). */
let zlib: typeof import('node:zlib') | undefined;

/** The codings got asks for and decompresses on this Node (zstd from Node 22.15). */
function acceptEncoding(): string {
  const z = typeof process.versions.zstd === 'string' ? ', zstd' : '';
  return `gzip, deflate${typeof process.versions.brotli === 'string' ? ', br' : ''}${z}`;
}

function decoder(coding: string, first: Buffer): Transform {
  const z = zlib!;
  if (coding === 'gzip') return z.createUnzip();
  if (coding === 'deflate') return first.length > 0 && (first[0]! & 0x08) === 0 ? z.createInflateRaw() : z.createUnzip();
  if (coding === 'br') return z.createBrotliDecompress();
  return (z as unknown as { createZstdDecompress: () => Transform }).createZstdDecompress();
}

/**
 * The body as text, decoded chunk by chunk as it arrives: the same string as
 * `Buffer.concat(chunks).toString('utf8')` (a character split between chunks waits for its
 * remaining bytes; invalid bytes become U+FFFD alike; the tests compare the two over random
 * bytes and cuts), without the whole-body Buffer, whose allocation and copy cost a 1 MB page more
 * than decoding it (and, as external memory, can start a collection).
 */
export class BodyText {
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  push(chunk: Buffer): void {
    this.text += this.decoder.write(chunk);
  }
  end(): string {
    return this.text + this.decoder.end();
  }
}

const DECODED = new Set(['gzip', 'deflate', 'br', ...(typeof process.versions.zstd === 'string' ? ['zstd'] : [])]);

/** As got: a failure without a code of its own is ERR_GOT_REQUEST_ERROR (a network error to the layer). */
function coded(e: unknown): unknown {
  if ((e as { code?: unknown } | undefined)?.code) return e;
  return Object.assign(new Error(e instanceof Error ? e.message : String(e), { cause: e }), { code: 'ERR_GOT_REQUEST_ERROR' });
}

export async function boundedGet(url: string, o: BoundedGet): Promise<PlainResponse> {
  try {
    return await get(url, o);
  } catch (e) {
    throw coded(e);
  }
}

async function get(url: string, o: BoundedGet): Promise<PlainResponse> {
  const u = new URL(url);
  const headers: Record<string, string> = { ...o.headers };
  if (headers['accept-encoding'] === undefined) headers['accept-encoding'] = acceptEncoding();
  if (u.username || u.password) headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
  // node:https (tls, crypto) only for an https upstream.
  const send = u.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    let body: BodyText | undefined = new BodyText();
    let size = 0;
    const finish = (e: unknown, r?: PlainResponse) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (r) return resolve(r);
      body = undefined;
      req.destroy();
      reject(e);
    };
    const onAbort = () => finish(Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }));
    const req = send(u, { method: 'GET', headers });
    timer = setTimeout(() => finish(new TimeoutError(`Timeout awaiting 'request' for ${o.timeoutMs}ms`)), o.timeoutMs);
    if (o.signal?.aborted) return onAbort();
    o.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => finish(e));
    req.on('response', (res: IncomingMessage) => {
      const coding = String(res.headers['content-encoding'] ?? '').toLowerCase();
      const decoded = DECODED.has(coding);
      let out = res.headers;
      if (decoded) {
        out = { ...res.headers };
        delete out['content-encoding'];
        delete out['content-length'];
      }
      const declared = Number(out['content-length']);
      if (Number.isFinite(declared) && declared > o.maxBytes) return finish(new ResponseTooLarge(o.maxBytes, declared, true));
      const take = (c: Buffer) => {
        if (done) return;
        size += c.length;
        if (size > o.maxBytes) return finish(new ResponseTooLarge(o.maxBytes, size, false));
        body!.push(c);
      };
      const end = () => {
        if (!done) finish(undefined, { status: res.statusCode ?? 0, headers: out, body: body!.end() });
      };
      res.on('aborted', () => finish(cutShort()));
      res.on('error', () => finish(cutShort()));
      res.on('close', () => {
        if (!res.complete) finish(cutShort());
      });
      if (!decoded) {
        res.on('data', take);
        res.on('end', end);
        return;
      }
      // As got: the decoder is chosen by the first bytes; an empty body is empty, not an error.
      if (!zlib) {
        res.pause();
        import('node:zlib').then((m) => {
          zlib = m;
          res.resume();
        }, finish);
      }
      let z: Transform | undefined;
      res.on('data', (c: Buffer) => {
        if (done) return;
        z ??= decoder(coding, c);
        if (!z.listenerCount('data')) {
          z.on('data', take);
          z.on('end', end);
          z.on('error', (e) => finish(e));
        }
        z.write(c);
      });
      res.on('end', () => (z ? z.end() : end()));
    });
    req.end();
  });
}
