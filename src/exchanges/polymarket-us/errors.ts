/**
 * Polymarket US failures (gateway and API) → the interface's kinds. Both answer
 * `{"message": "..."}` or `{"error": "..."}` (the SDK reads either) or plain text.
 */
import { PmtError } from '../../errors.js';
import { upstreamMessage, type RequestContext, type UpstreamResponse } from '../http.js';

const ORDER_PATH_RE = /^\/v1\/order\/(?!preview$|close-position$)[^/]+/;

function lastSegment(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const s = parts[parts.length - 1] ?? '';
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function mapPolymarketUsError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  const msg = upstreamMessage(res.body);
  const where = `${ctx.method} ${ctx.path}`;
  if (res.status === 401 || res.status === 403) {
    return new PmtError('Authentication', `Polymarket US refused the credentials on ${where}: ${msg}`, {
      status: res.status,
      hint: /timestamp|clock/i.test(msg)
        ? "the request timestamp was rejected: check that this machine's clock is correct"
        : 'check POLYMARKET_US_API_KEY_ID and the private key (`pmt profile show`); keys are issued at polymarket.us/developer',
    });
  }
  if (res.status === 404) {
    if (ORDER_PATH_RE.test(ctx.path)) return new PmtError('OrderNotFound', `Polymarket US has no order ${ctx.path.split('/')[3] ?? ''}`, { status: 404 });
    if (/^\/v1\/(?:markets|events|series)\/?$/.test(ctx.path)) {
      return new PmtError('Api', `Polymarket US ${where} answered HTTP 404: ${msg}`, { status: 404, hint: 'check PMT_POLYMARKET_US_GATEWAY_URL (an origin: pmt appends /v1/...)' });
    }
    const noun = /^\/v1\/events\//.test(ctx.path) ? 'event' : 'market';
    const id = /\/book$|\/bbo$/.test(ctx.path) ? ctx.path.split('/')[3] ?? '' : lastSegment(ctx.path);
    return new PmtError('MarketNotFound', `Polymarket US has no ${noun} "${id}"`, { status: 404, hint: 'a Polymarket US market is named by its slug: polymarket-us:<slug>' });
  }
  if (/insufficient (balance|funds|buying power)/i.test(msg)) return new PmtError('InsufficientFunds', `Polymarket US: ${msg}`, { status: res.status });
  if (res.status === 429) return new PmtError('RateLimited', `Polymarket US rate limit reached on ${where}`, { status: 429, retryAfter: 1 });
  return new PmtError('Api', `Polymarket US ${where} failed (HTTP ${res.status}): ${msg}`, { status: res.status });
}
