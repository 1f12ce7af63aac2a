/**
 * The HTTP layer every adapter uses: got underneath (loaded on the first request), base URL from
 * the environment, timeouts, per-attempt signing, pacing under the exchange's documented rate,
 * retries for idempotent reads only, one `--verbose` line per attempt (secrets scrubbed), and
 * every failure turned into a PmtError of the right kind. Reads go out over node:http itself
 * (bounded-get.ts, which sends and reads exactly what got would); got carries the writes.
 *
 * Retry policy for reads (every GET): up to 4 attempts on 408, 429, 500/502/503/504, Cloudflare's
 * 520-524, connection resets and timeouts; full-jitter exponential backoff (base 250 ms, cap 4 s)
 * or the upstream's `Retry-After` when it gives one; at most 20 s spent waiting in total, and no
 * attempt started (nor allowed to run) past 45 s from the first one. Then the error names what
 * was tried ("tried 4 times: 503, 503, timed out, 503") with its kind: a final 429 is
 * `RateLimited` (exit 7) with `retryAfter`, a final reset/timeout/refusal is `NetworkError`
 * (exit 8), a final 5xx or HTML page is `Api` (exit 1). A `Retry-After` longer than what is left
 * of the waiting budget is not waited for: the error says how long to wait.
 *
 * Writes (POST/DELETE) are sent exactly once unless the caller declares one idempotent (a
 * cancel). A failure after the request may have left (a timeout, a reset, a dropped connection:
 * anything but "could not connect"), and a 2xx whose body cannot be read, is marked `ambiguous`
 * so the adapter looks the order up instead of guessing.
 *
 * Retry policy per operation (what each adapter sends through this layer):
 *
 * | operation | upstream request(s) | on a transient failure |
 * |---|---|---|
 * | fetch_markets, --all pages, lineage, market/token lookups | GET (Kalshi /markets, /historical/markets, /events, /series; Gamma /events/keyset, /markets, /events/slug) | retried as above, each page on its own; a page that still fails fails the whole listing (nothing partial on stdout) |
 * | fetch_orderbook, book stats/impact | GET (Kalshi /markets/{t}/orderbook, public: signed when keys exist; CLOB /book) | retried as above, signed afresh per attempt |
 * | fetch_order, fetch_open_orders | GET (Kalshi /portfolio/orders…, CLOB /data/order(s)) | retried as above, signed afresh per attempt |
 * | create_order, Kalshi | POST /portfolio/events/orders with a fresh client_order_id | sent once, never resent; after a timeout/reset/5xx/unreadable 2xx the order is looked up by client_order_id (with backoff for 2 × the request timeout, 3-30 s) and reported as placed or as status unknown (never "not placed"), with the command that settles it |
 * | create_order, Polymarket | POST /order with one EIP-712 signed order (its hash is the order id) | never re-signed; after a timeout/reset/502/504/unreadable 2xx it is looked up by hash, and only if absent the very same signed bytes are sent once more (a duplicate is refused by the CLOB); a 4xx/500/503 answer is the CLOB's verdict and is not resent |
 * | cancel_all_orders, Kalshi | retried GET listing, then DELETE batches of 20 | batches never resent; every listed order ends in `cancelled` or `failed` with a reason ("may or may not have been cancelled" for a batch whose answer was lost); no batch after a failed one |
 * | cancel_all_orders, Polymarket | retried GET listing, then DELETE /cancel-all or /cancel-market-orders | the DELETE is retried like a read (cancelling twice is harmless); orders the answer does not mention are looked up |
 * | credentials check | GET /portfolio/balance (Kalshi) | retried as above |
 *
 * Pacing: request starts per key are spaced 1/rate apart (Kalshi reads 20/s, Kalshi writes
 * 10/s charged per batch cost, Gamma 40/s, CLOB 50/s), so `--all` and cancel-all fan-out stay
 * under the documented rates instead of provoking 429s.
 */
import { PmtError } from '../errors.js';
import { describeJsonError } from '../safe-text.js';
import { redactSecrets } from '../secrets.js';
import type { RequestContext, UpstreamResponse } from './http-failures.js';
import { withoutUserinfo, describeNetError, errCode, htmlError, isNetworkError, isTimeout, looksLikeHtml, NEVER_SENT_CODES, parseRetryAfter, redactUrl, withClockHint } from './http-failures.js';

import { abandonedError, currentAbortSignal, pacerFor } from './pacer.js';
import { boundedFetch, maxResponseBytes, ResponseTooLarge, tooLargeError } from './bounded-fetch.js';
import { boundedGet } from './bounded-get.js';

export { abandonedError, currentAbortSignal, Pacer, pacerFor, withAbortSignal } from './pacer.js';
export { CLOCK_SKEW_HINT_MS, parseRetryAfter, redactUrl, upstreamMessage, withClockHint, withoutUserinfo } from './http-failures.js';
import type { ExchangeId } from './types.js';

/**
 * A monotonic clock in milliseconds. Not the global `performance`: its first read loads Node's
 * perf_hooks module (timerify, user timing; 5–7M instructions, about 1 ms on Node 20) into every
 * network command for two subtractions.
 */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;
export type Query = Record<string, QueryValue>;

export type { RequestContext, UpstreamResponse } from './http-failures.js';

export type Signer = (req: { method: string; signPath: string; body: string | undefined }) => Record<string, string> | Promise<Record<string, string>>;

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  capMs: number;
  /** Total time allowed for waiting between attempts. */
  budgetMs: number;
  /** No attempt starts, or runs, later than this after the first one (reads only). */
  totalMs: number;
}

export interface HttpOptions {
  exchange: ExchangeId;
  /** Which upstream API this is, for messages ("kalshi", "polymarket gamma"). */
  label: string;
  baseUrl: string;
  /** Upstream failure → PmtError; called for every non-2xx response that is not retried away. */
  mapError: (res: UpstreamResponse, ctx: RequestContext) => PmtError;
  log?: (line: string) => void;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Requests per second this client keeps under (shared by every client with the same key). */
  pace?: { key: string; perSecond: number };
  userAgent?: string;
  /**
   * This base URL takes signed requests (keys, orders): every request to it, signed or not, needs
   * a secure transport, so a plain http:// base beyond loopback is refused before ANY request
   * (not only at the first signed one, after the reads went out).
   */
  signs?: boolean;
  /** Send reads through got too (tests compare the two transports; nothing else sets it). */
  readsThroughGot?: boolean;
}

export interface RequestOptions {
  query?: Query;
  /** JSON body (serialized once; the same bytes are signed and sent). */
  json?: unknown;
  headers?: Record<string, string>;
  signer?: Signer;
  /** Retry this request on transient failures. Defaults to true for GET, false otherwise. */
  idempotent?: boolean;
  /** Go before other requests waiting for the rate (cancels and what they list). Default: DELETE. */
  priority?: boolean;
  /** Abandon the request (it leaves the rate queue; a read in flight stops). Default: the operation's. */
  signal?: AbortSignal;
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]);
/** Attempts need at least this much time left to be worth starting. */
const MIN_ATTEMPT_MS = 1000;
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 250, capMs: 4000, budgetMs: 20000, totalMs: 45000 };

type GotLike = typeof import('got').default;
let gotPromise: Promise<GotLike> | undefined;
function loadGot(): Promise<GotLike> {
  gotPromise ??= import('got').then((m) => m.default);
  return gotPromise;
}

/** Load the HTTP client now rather than on the first request (`pmt serve` does this before listening). */
export function preloadHttp(): Promise<void> {
  return loadGot().then(() => undefined);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export class HttpClient {
  readonly exchange: ExchangeId;
  readonly baseUrl: string;
  private readonly opts: HttpOptions;
  private readonly retry: RetryPolicy;
  /** Per-request timeout, ms (a create's lookups after a timeout wait longer than this). */
  readonly timeoutMs: number;
  /** Path prefix of the base URL ("/trade-api/v2"), part of what Kalshi signs. */
  readonly basePath: string;

  constructor(opts: HttpOptions) {
    this.opts = opts;
    this.exchange = opts.exchange;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...envRetry(), ...opts.retry };
    this.timeoutMs = opts.timeoutMs ?? (Number(process.env.PMT_HTTP_TIMEOUT_MS) || 15000);
    this.maxBytes = maxResponseBytes();
  }
  /** Largest response body read (PMT_HTTP_MAX_BYTES, default 64 MiB). */
  private readonly maxBytes: number;

  url(path: string, query?: Query): string {
    // Defence in depth behind id validation: a "." or ".." segment (raw or percent-encoded) would
    // be resolved away by URL parsing and reach another resource than the one named.
    if (path.split(/[/?#]/).some((seg) => /^(\.|%2e){1,2}$/i.test(seg))) {
      throw new PmtError('Api', `refusing to request ${path.split('?')[0]}: it contains a "." or ".." path segment`, { usage: true });
    }
    const u = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) u.searchParams.append(k, String(item));
      else u.searchParams.append(k, String(v));
    }
    return u.toString();
  }

  /** The URL of `path` as shown to people (previews): never a user:password from the base URL. */
  displayUrl(path: string, query?: Query): string {
    return withoutUserinfo(this.url(path, query));
  }

  get<T = unknown>(path: string, opts: Omit<RequestOptions, 'json'> = {}): Promise<T> {
    return this.request<T>('GET', path, opts);
  }
  post<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, opts);
  }
  delete<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, opts);
  }

  /** Send a request and parse its JSON body; every failure is a PmtError. */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.send(method, path, opts);
    try {
      return this.parseJson<T>(res, { method, path });
    } catch (e) {
      // A write the upstream accepted (2xx) whose answer cannot be read: it landed, but what it
      // did is unknown, so the caller must look it up rather than report a plain failure.
      const idempotent = opts.idempotent ?? method === 'GET';
      if (idempotent || !(e instanceof PmtError) || looksLikeHtml(res)) throw e;
      throw new PmtError(e.kind, `${e.message} (the request was accepted with HTTP ${res.status}; its result is unknown)`, {
        status: res.status,
        ambiguous: true,
        hint: e.hint,
      });
    }
  }

  /** Send and return the raw 2xx response (for callers that read headers or non-JSON bodies). */
  async send(method: string, path: string, opts: RequestOptions = {}): Promise<UpstreamResponse> {
    const url = this.url(path, opts.query);
    const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
    const plain = method === 'GET' && body === undefined && !this.opts.readsThroughGot;
    const got = plain ? undefined : await loadGot();
    const idempotent = opts.idempotent ?? method === 'GET';
    const ctx = { method, path };
    const tried: string[] = [];
    let waited = 0;
    let firstStart: number | undefined;
    if (opts.signer || this.opts.signs) this.requireSecureTransport(method, path);
    const signal = opts.signal ?? currentAbortSignal();
    const priority = opts.priority ?? method === 'DELETE';
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abandonedError();
      if (this.opts.pace) await pacerFor(this.opts.pace.key, this.opts.pace.perSecond).take({ signal, priority });
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': this.opts.userAgent ?? 'pmt',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      };
      if (opts.signer) Object.assign(headers, await opts.signer({ method, signPath: this.basePath + path, body }));
      const started = nowMs();
      firstStart ??= started;
      // A read never runs past the total deadline; a write gets its full timeout (it is sent once).
      // Whole milliseconds: the figure is shown in the timeout's message.
      const timeout = idempotent ? Math.max(MIN_ATTEMPT_MS, Math.min(this.timeoutMs, Math.round(this.retry.totalMs - (started - firstStart)))) : this.timeoutMs;
      let res: UpstreamResponse | undefined;
      let netErr: unknown;
      try {
        // Bounded while it streams: a hostile or broken upstream cannot fill memory (the cap) or
        // hold the command (got's request timeout covers the whole body, not just the headers).
        // A read in flight stops when its caller goes away; a write already sent runs to its end.
        const bounds = { timeoutMs: timeout, maxBytes: this.maxBytes, signal: idempotent ? signal : undefined };
        const r = got ? await boundedFetch(got, url, { method, headers, body, ...bounds }) : await boundedGet(url, { headers, ...bounds });
        res = { ...r, url };
      } catch (e) {
        netErr = e;
      }
      if (netErr instanceof ResponseTooLarge) {
        this.opts.log?.(redactSecrets(`${method} ${redactUrl(url)} cut off past ${netErr.limit} bytes ${Math.round(nowMs() - started)}ms`));
        // Never retried (it would come back as big); a write that got this far did land.
        throw tooLargeError(this.opts.label, method, path, netErr, !idempotent);
      }
      if (signal?.aborted && idempotent) throw abandonedError();
      const ended = nowMs();
      const ms = Math.round(ended - started);
      const outcome = res ? String(res.status) : describeNetError(netErr);
      this.opts.log?.(redactSecrets(`${method} ${redactUrl(url)} ${outcome} ${ms}ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`));
      tried.push(outcome);
      if (res && res.status >= 200 && res.status < 300) return res;

      const retryable = res ? RETRY_STATUSES.has(res.status) : isNetworkError(netErr);
      const retryAfter = res ? parseRetryAfter(res.headers['retry-after']) : undefined;
      if (idempotent && retryable && attempt < this.retry.attempts) {
        const backoff = retryAfter ?? Math.random() * Math.min(this.retry.capMs, this.retry.baseMs * 2 ** (attempt - 1));
        const elapsed = ended - firstStart;
        if (waited + backoff <= this.retry.budgetMs && elapsed + backoff + MIN_ATTEMPT_MS <= this.retry.totalMs) {
          waited += backoff;
          await sleep(backoff);
          continue;
        }
      }
      const triedNote = tried.length > 1 ? ` (tried ${tried.length} times: ${tried.join(', ')})` : '';
      if (!res) {
        const timedOut = isTimeout(netErr);
        const neverSent = NEVER_SENT_CODES.has(errCode(netErr) ?? '');
        throw new PmtError(
          'NetworkError',
          `${this.opts.label} ${method} ${path}: ${describeNetError(netErr)}${timedOut ? ` (no complete answer within ${timeout} ms)` : ''}${triedNote}`,
          {
            cause: netErr,
            // A write may have landed unless the connection was never made.
            ambiguous: !idempotent && method !== 'GET' && !neverSent,
            hint: timedOut
              ? 'the exchange did not answer in time; try again'
              : neverSent
                ? `check your connection (and the ${this.exchange} URL setting, if you changed it)`
                : 'check your connection',
          },
        );
      }
      let err = this.mapResponse(res, ctx, retryAfter);
      if (opts.signer && (res.status === 401 || res.status === 403)) err = withClockHint(err, res, Date.now());
      if (triedNote) err.message += triedNote;
      throw err;
    }
  }

  /**
   * Signed requests carry API keys, signatures and orders: over plain http:// anyone on the path
   * could read or replay them, so they go only over https, or to a loopback address (the test
   * doubles, a local proxy). Refused before anything is signed or sent.
   */
  private requireSecureTransport(method: string, path: string): void {
    const u = new URL(this.baseUrl);
    if (u.protocol === 'https:') return;
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    if (u.protocol === 'http:' && (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host))) return;
    const what = this.opts.signs ? `${this.opts.label} ${method} ${path} goes to an API that is signed` : `${this.opts.label} ${method} ${path} is signed`;
    throw new PmtError('Config', `${what}, and its base URL ${redactUrl(this.baseUrl)} is not https: keys and orders never travel unencrypted`, {
      hint: `use an https:// URL in the ${this.exchange} URL setting (PMT_*_URL), or a loopback address for a local proxy`,
    });
  }

  private mapResponse(res: UpstreamResponse, ctx: RequestContext, retryAfterMs: number | undefined): PmtError {
    const retryAfter = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
    if (res.status === 429) {
      return new PmtError('RateLimited', `${this.opts.label} rate limit reached on ${ctx.method} ${ctx.path}`, {
        status: 429,
        retryAfter: retryAfter ?? 1,
        hint: `wait ${retryAfter ?? 1}s and try again`,
      });
    }
    if (looksLikeHtml(res)) return htmlError(this.opts.label, res, ctx);
    if (res.status >= 300 && res.status < 400) {
      const to = String(res.headers.location ?? '');
      let where = 'elsewhere';
      try {
        where = new URL(to, res.url).host || where;
      } catch {
        /* keep "elsewhere" */
      }
      return new PmtError('Api', `${this.opts.label} redirected ${ctx.method} ${ctx.path} to ${where} (HTTP ${res.status}) instead of answering`, {
        status: res.status,
        hint: 'a proxy or captive portal may be in the way; check your network and the PMT_*_URL settings',
      });
    }
    const mapped = this.opts.mapError(res, ctx);
    return mapped;
  }

  parseJson<T>(res: UpstreamResponse, ctx: RequestContext): T {
    if (looksLikeHtml(res)) throw htmlError(this.opts.label, res, ctx);
    try {
      return JSON.parse(res.body) as T;
    } catch (e) {
      const why = res.body.trim() === '' ? 'the body is empty' : describeJsonError(e);
      throw new PmtError('Api', `${this.opts.label} sent a malformed response to ${ctx.method} ${ctx.path}: ${why}`, {
        status: res.status,
        hint: 'the exchange may be having trouble; try again shortly',
      });
    }
  }
}

function envRetry(): Partial<RetryPolicy> {
  const out: Partial<RetryPolicy> = {};
  const base = Number(process.env.PMT_RETRY_BASE_MS);
  if (base > 0) out.baseMs = base;
  const attempts = Number(process.env.PMT_RETRY_ATTEMPTS);
  if (attempts >= 1) out.attempts = attempts;
  const total = Number(process.env.PMT_RETRY_TOTAL_MS);
  if (total > 0) out.totalMs = total;
  return out;
}
