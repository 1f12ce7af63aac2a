/**
 * Kalshi failures → the interface's kinds. Kalshi answers `{"code","message",…}` (spec) or the
 * nested `{"error":{"code","message"}}` (seen live and in openpx); both are read.
 */
import { PmtError } from '../../errors.js';
import { upstreamMessage, type RequestContext, type UpstreamResponse } from '../http.js';

function errorCode(body: string): string | undefined {
  try {
    const j = JSON.parse(body) as { code?: unknown; error?: { code?: unknown } };
    const code = j.error && typeof j.error === 'object' ? j.error.code : j.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

// An order by id (V1 read/cancel, V2 cancel/amend), not the batched endpoint.
const ORDER_PATH_RE = /^\/portfolio\/(?:events\/)?orders\/(?!batched(?:\/|$))[^/]+/;
const LIST_PATH_RE = /^\/(?:markets|historical\/markets|events|series)\/?$/;

/** What a 404 path names: the message says "no series X" rather than "no market X". */
function notFoundNoun(path: string): string {
  if (/^\/events\//.test(path)) return 'event';
  if (/^\/series\//.test(path)) return 'series';
  if (/^\/(?:historical\/)?markets\//.test(path)) return 'market';
  return 'market or event';
}

/** `keyKind`: the kind of key that signed the request ("Ed25519" / "RSA"), named when it is refused. */
export function mapKalshiError(res: UpstreamResponse, ctx: RequestContext, keyKind?: string): PmtError {
  const msg = upstreamMessage(res.body);
  const code = errorCode(res.body) ?? '';
  const where = `${ctx.method} ${ctx.path}`;
  // A regional refusal is not a credentials problem: re-keying would not help.
  if ((res.status === 403 || res.status === 451) && /geo.?block|region|country|jurisdiction|location/i.test(msg)) {
    return new PmtError('Api', `Kalshi refused ${where} for this region (HTTP ${res.status}): ${msg}`, {
      status: res.status,
      hint: 'Kalshi is not available in your region (geoblock); see Kalshi\'s list of restricted jurisdictions',
    });
  }
  if (res.status === 401 || res.status === 403 || /unauthori[sz]ed|invalid.?signature|authentication/i.test(code)) {
    return new PmtError('Authentication', `Kalshi refused the ${keyKind ? `${keyKind} key` : 'credentials'} on ${where}: ${msg}`, { status: res.status, hint: authHint(res.status, msg + ' ' + code) });
  }
  if (res.status === 404 || /not_found/i.test(code)) {
    if (ORDER_PATH_RE.test(ctx.path)) return new PmtError('OrderNotFound', `Kalshi has no order ${lastSegment(ctx.path)}`, { status: res.status });
    // A 404 on a listing path means the base URL is wrong, not that a market is missing.
    if (LIST_PATH_RE.test(ctx.path)) {
      return new PmtError('Api', `Kalshi ${where} answered HTTP 404: ${msg}`, {
        status: res.status,
        hint: 'check PMT_KALSHI_API_URL (it must end in /trade-api/v2)',
      });
    }
    return new PmtError('MarketNotFound', `Kalshi has no ${notFoundNoun(ctx.path)} "${lastSegment(ctx.path)}"`, { status: res.status });
  }
  if (/insufficient_balance|insufficient_funds/i.test(code) || /insufficient (balance|funds)/i.test(msg)) {
    return new PmtError('InsufficientFunds', `Kalshi: ${msg}`, { status: res.status });
  }
  if (/too_many_requests/i.test(code + msg)) {
    return new PmtError('RateLimited', `Kalshi rate limit reached on ${where}`, { status: res.status, retryAfter: 1 });
  }
  return new PmtError('Api', `Kalshi ${where} failed (HTTP ${res.status}): ${msg}`, { status: res.status });
}

function lastSegment(path: string): string {
  const seg = path.split('/').filter(Boolean);
  const last = seg[seg.length - 1] === 'orderbook' ? seg[seg.length - 2] : seg[seg.length - 1];
  return decodeURIComponent(last ?? '');
}

/** What to do about a refused key: the clock, a revoked or expired key, permissions, or the key itself. */
function authHint(status: number, text: string): string {
  if (/timestamp|clock|skew/i.test(text)) {
    return "the request timestamp was rejected: check that this machine's clock is correct (e.g. `timedatectl`)";
  }
  if (/revoked|expired|disabled|deactivated/i.test(text)) {
    return 'this API key was revoked or has expired: create a new key on Kalshi (Account → API keys) and update your profile (`pmt profile add`)';
  }
  if (status === 403) return 'the key is valid but not allowed to do this (a read-only key, or an account restriction)';
  return 'check the API key id and private key (`pmt profile show`), and that they belong to this environment (production vs demo)';
}
