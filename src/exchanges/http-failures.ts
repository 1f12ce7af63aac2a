/**
 * How the HTTP layer reads a failure: network error codes (transient, or proof a request never
 * left), Retry-After, HTML and Cloudflare/geoblock pages, clock skew on signed requests, upstream
 * error envelopes, and URLs fit to print. Split from http.ts, which re-exports the public names.
 */
import { PmtError } from '../errors.js';

/** One upstream answer, as the failure mappers see it. */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text. */
  body: string;
  url: string;
}

export interface RequestContext {
  method: string;
  /** Path relative to the base URL, without query ("/markets/ABC"). */
  path: string;
}

export const NETWORK_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH',
  'ECONNABORTED', 'ERR_GOT_REQUEST_ERROR', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_SOCKET',
]);
/** Codes that prove the request never reached the server: a write failing this way did not land. */
export const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** A signed request refused while the clocks differ by more than this gets the clock hint. */
export const CLOCK_SKEW_HINT_MS = 10_000;
// Query names whose values are credentials (`token_id` is a public Polymarket asset id, not a secret).
const SECRET_QUERY_RE = /^(.*[-_])?(api[-_]?key|key|secret|signature|sig|passphrase|password|access[-_]?token|auth[-_]?token|token)$/i;

/** A day: longer Retry-After values are nonsense and are capped so messages stay readable. */
const MAX_RETRY_AFTER_MS = 86_400_000;

/** Milliseconds from a Retry-After header (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(v) * 1000));
  if (!/[a-z]{3},? /i.test(v)) return undefined; // an HTTP date names its day; "1e9" is not one
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, t - now));
}

/** The URL as shown in logs and errors: query values that look secret are replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const k of [...u.searchParams.keys()]) if (SECRET_QUERY_RE.test(k)) u.searchParams.set(k, '***');
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url.replace(/\?.*$/, '');
  }
}

/** A URL to show (reports, previews): any user:password in it removed, the rest as given. */
export function withoutUserinfo(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

/**
 * A signed request refused while this machine's clock and the server's `Date` disagree by more
 * than CLOCK_SKEW_HINT_MS: exchanges reject signatures whose timestamp is off, so say so.
 */
export function withClockHint(err: PmtError, res: UpstreamResponse, now: number): PmtError {
  const date = res.headers.date;
  const server = typeof date === 'string' ? Date.parse(date) : NaN;
  if (!Number.isFinite(server)) return err;
  const skew = now - server;
  if (Math.abs(skew) <= CLOCK_SKEW_HINT_MS) return err;
  const s = Math.round(Math.abs(skew) / 1000);
  return new PmtError(err.kind, `${err.message} (this machine's clock is ${s}s ${skew > 0 ? 'ahead of' : 'behind'} the exchange's)`, {
    status: err.status,
    retryAfter: err.retryAfter,
    cause: err.cause,
    hint: 'signed requests carry a timestamp the exchange checks: set this machine\'s clock right (enable NTP, e.g. `timedatectl set-ntp true`) and try again',
  });
}

export function errCode(e: unknown): string | undefined {
  const any = e as { code?: string; cause?: { code?: string } } | undefined;
  return any?.code ?? any?.cause?.code;
}

export function isTimeout(e: unknown): boolean {
  const name = (e as { name?: string } | undefined)?.name;
  return name === 'TimeoutError' || errCode(e) === 'ETIMEDOUT';
}

export function isNetworkError(e: unknown): boolean {
  if (isTimeout(e)) return true;
  const code = errCode(e);
  return code !== undefined && (NETWORK_CODES.has(code) || code.startsWith('ERR_GOT'));
}

export function describeNetError(e: unknown): string {
  if (isTimeout(e)) return 'timed out';
  const code = errCode(e);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code) return code;
  return e instanceof Error ? e.message : 'network failure';
}

export function looksLikeHtml(res: UpstreamResponse): boolean {
  const ct = String(res.headers['content-type'] ?? '');
  return ct.includes('text/html') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(res.body);
}

const BLOCK_RE = /cloudflare|attention required|you have been blocked|access denied|just a moment|enable javascript and cookies|geo.?block|restricted|not available in your (country|region)|unavailable in your (country|region)/i;

export function htmlError(label: string, res: UpstreamResponse, ctx: RequestContext): PmtError {
  const text = res.body.replace(/<script[\s\S]*?<\/script>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  const challenged = res.headers['cf-mitigated'] !== undefined;
  const blocked = challenged || BLOCK_RE.test(text);
  if (res.status === 403 || res.status === 451 || blocked) {
    return new PmtError('Api', `${label} refused ${ctx.method} ${ctx.path} with an HTML block page (HTTP ${res.status})`, {
      status: res.status,
      hint: 'your network or region is blocked by the exchange (Cloudflare/geoblock); try another network or check the exchange\'s regional restrictions',
    });
  }
  return new PmtError('Api', `${label} answered ${ctx.method} ${ctx.path} with an HTML page instead of JSON (HTTP ${res.status})`, {
    status: res.status,
    hint: res.status >= 500 ? 'the exchange or its CDN is having trouble; try again shortly' : undefined,
  });
}

/** Pull a readable message out of an upstream error body (JSON envelope or plain text). */
export function upstreamMessage(body: string): string {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    const inner = (j.error && typeof j.error === 'object' ? j.error : j) as Record<string, unknown>;
    const msg = inner.message ?? inner.error ?? inner.errorMsg ?? inner.detail ?? (typeof j.error === 'string' ? j.error : undefined);
    const code = inner.code;
    if (typeof msg === 'string' && msg) return typeof code === 'string' && code ? `${msg} (${code})` : msg;
  } catch {
    /* not JSON */
  }
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? text.slice(0, 200) + '…' : text || '(empty body)';
}
