/**
 * Polymarket failures (Gamma and CLOB) → the interface's kinds.
 * CLOB errors arrive as `{"error": "..."}`; Gamma's as plain text or `{"error": ...}`.
 */
import { PmtError } from '../../errors.js';
import { upstreamMessage, type RequestContext, type UpstreamResponse } from '../http.js';

export function mapGammaError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  const msg = upstreamMessage(res.body);
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
  if (res.status === 401 || /unauthori[sz]ed|invalid api key|invalid l1 request headers/i.test(msg)) {
    return new PmtError('Authentication', `Polymarket refused the credentials on ${where}: ${msg}`, {
      status: res.status,
      hint: /timestamp|expired/i.test(msg)
        ? 'the request timestamp was rejected: check that this machine\'s clock is correct'
        : 'check POLYMARKET_PRIVATE_KEY and the API key/secret/passphrase (`pmt profile show`); omit the API key to derive it from the private key',
    });
  }
  if (/not enough balance|allowance|insufficient/i.test(msg)) {
    return new PmtError('InsufficientFunds', `Polymarket: ${msg}`, {
      status: res.status,
      hint: 'check the funder address and signature type: the balance must sit in the wallet that signs (EOA) or in the funder (proxy / gnosis-safe)',
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
