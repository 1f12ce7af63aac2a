/**
 * Polymarket failures (Gamma and CLOB) → the interface's kinds.
 * CLOB errors arrive as `{"error": "..."}`; Gamma's as plain text or `{"error": ...}`.
 */
import { PmtError } from '../../errors.js';
import { upstreamMessage, type RequestContext, type UpstreamResponse } from '../http.js';

/** Polymarket refuses some regions (a 403 with a JSON body naming the geoblock). */
const GEOBLOCK_RE = /geo.?block|restricted in your (region|country)|not available in your (region|country)|region.?restricted/i;
const GEOBLOCK_HINT = 'Polymarket does not serve your region (geoblock): see https://docs.polymarket.com/developers/CLOB/geoblock';

function geoblocked(res: UpstreamResponse, msg: string, where: string, label: string): PmtError | null {
  if ((res.status !== 403 && res.status !== 451) || !GEOBLOCK_RE.test(msg)) return null;
  return new PmtError('Api', `${label} refused ${where} for this region (HTTP ${res.status}): ${msg}`, { status: res.status, hint: GEOBLOCK_HINT });
}

export function mapGammaError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  const msg = upstreamMessage(res.body);
  const geo = geoblocked(res, msg, `${ctx.method} ${ctx.path}`, 'Polymarket Gamma');
  if (geo) return geo;
  if (res.status === 404) {
    const parts = ctx.path.split('/').filter(Boolean);
    const id = safeDecode(parts[parts.length - 1] ?? '');
    const what = parts[0] === 'events' ? 'event' : parts[0] === 'series' ? 'series' : 'market';
    return new PmtError('MarketNotFound', `Polymarket has no ${what} "${id}"`, {
      status: 404,
      hint: what === 'market' ? 'a Polymarket market is named by its slug, e.g. polymarket:will-x-happen' : undefined,
    });
  }
  // 422: Gamma's validation error (`{"type":"validation error","error":"…"}`), e.g. a bad keyset cursor.
  return new PmtError('Api', `Polymarket Gamma ${ctx.method} ${ctx.path} failed (HTTP ${res.status}): ${msg}`, { status: res.status });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function mapClobError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  const msg = upstreamMessage(res.body);
  const where = `${ctx.method} ${ctx.path}`;
  const geo = geoblocked(res, msg, where, 'Polymarket');
  if (geo) return geo;
  if (/order_version_mismatch/i.test(msg)) {
    return new PmtError('Api', `Polymarket rejected the order format on ${where}: ${msg}`, {
      status: res.status,
      hint: 'Polymarket changed its order protocol; this pmt version signs the old one: update pmt',
    });
  }
  if (res.status === 401 || /unauthori[sz]ed|invalid api key|invalid l1 request headers/i.test(msg)) {
    return new PmtError('Authentication', `Polymarket refused the credentials on ${where}: ${msg}`, {
      status: res.status,
      hint: /timestamp|clock/i.test(msg)
        ? 'the request timestamp was rejected: check that this machine\'s clock is correct'
        : /revoked|expired/i.test(msg)
          ? 'the API key was revoked or expired: remove POLYMARKET_API_KEY/SECRET/PASSPHRASE (pmt derives fresh ones from the private key) or create new ones'
          : 'check POLYMARKET_PRIVATE_KEY and the API key/secret/passphrase (`pmt profile show`); omit the API key to derive it from the private key',
    });
  }
  if (/not enough balance|allowance|insufficient/i.test(msg)) {
    return new PmtError('InsufficientFunds', `Polymarket: ${msg}`, {
      status: res.status,
      hint: 'check the funder address and signature type: the balance must sit in the wallet that signs (EOA) or in the funder (proxy / gnosis-safe / poly-1271)',
    });
  }
  if (res.status === 404) {
    if (/\/order|\/data\/order/.test(ctx.path) || /order not found/i.test(msg)) {
      return new PmtError('OrderNotFound', `Polymarket has no order ${ctx.path.split('/').pop() ?? ''}: ${msg}`, { status: 404 });
    }
    return new PmtError('MarketNotFound', `Polymarket: ${msg}`, { status: 404 });
  }
  if (res.status === 503) {
    return new PmtError('Api', `Polymarket ${where}: ${msg}`, {
      status: 503,
      hint: /cancel.?only/i.test(msg) ? 'the exchange is in cancel-only mode: cancels work, new orders do not' : 'trading is paused on the exchange; try later',
    });
  }
  return new PmtError('Api', `Polymarket ${where} failed (HTTP ${res.status}): ${msg}`, { status: res.status });
}
