/**
 * One HTTP exchange with the body read as a stream and bounded: past `maxBytes` (counted after
 * decompression, so a compressed bomb is bounded too) the transfer is cut and nothing more is
 * kept, and got's request timeout covers the whole exchange, headers and body. A 2 GB or endless
 * body from a hostile upstream costs at most the cap in memory, and the process lives on.
 */
import type { Got } from 'got';
import { PmtError } from '../errors.js';

/** Far above any real page of any supported API; `PMT_HTTP_MAX_BYTES` changes it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export function maxResponseBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PMT_HTTP_MAX_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_RESPONSE_BYTES;
}

const mib = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB` : `${n} bytes`);

/** The error a body past the cap fails with (kind Api: the upstream misbehaved; the numbers say how). */
export class ResponseTooLarge extends Error {
  readonly code = 'ERR_PMT_RESPONSE_TOO_LARGE';
  constructor(
    readonly limit: number,
    readonly seen: number,
    readonly declared: boolean,
  ) {
    super(`the response body ${declared ? `declares ${seen} bytes` : `passed ${seen} bytes`}, over the ${mib(limit)} limit (PMT_HTTP_MAX_BYTES=${limit})`);
  }
}

export function tooLargeError(label: string, method: string, path: string, e: ResponseTooLarge, ambiguous: boolean): PmtError {
  return new PmtError('Api', `${label} ${method} ${path}: ${e.message}; the transfer was cut off`, {
    ambiguous,
    hint: 'an upstream answering this much is broken or hostile: check the PMT_*_URL settings; raise PMT_HTTP_MAX_BYTES only if you trust it',
  });
}

export interface BoundedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export function boundedFetch(got: Got, url: string, o: BoundedRequest): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = got.stream(url, {
      method: o.method as 'GET',
      headers: o.headers,
      body: o.body,
      throwHttpErrors: false,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: { request: o.timeoutMs },
      ...(o.signal ? { signal: o.signal } : {}),
    });
    let response: { statusCode: number; headers: Record<string, string | string[] | undefined> } | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (e: unknown) => {
      if (done) return;
      done = true;
      chunks.length = 0;
      stream.destroy();
      reject(e);
    };
    stream.on('response', (r: { statusCode: number; headers: Record<string, string | string[] | undefined> }) => {
      response = r;
      const declared = Number(r.headers['content-length']);
      if (Number.isFinite(declared) && declared > o.maxBytes) fail(new ResponseTooLarge(o.maxBytes, declared, true));
    });
    stream.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > o.maxBytes) return fail(new ResponseTooLarge(o.maxBytes, size, false));
      chunks.push(c);
    });
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve({ status: response?.statusCode ?? 0, headers: response?.headers ?? {}, body: Buffer.concat(chunks).toString('utf8') });
    });
    stream.on('error', fail);
    // In stream mode got waits for the caller to end a body-less POST/DELETE; a GET ends itself.
    if (o.body === undefined && o.method !== 'GET' && o.method !== 'HEAD') stream.end();
  });
}
