/**
 * Per-profile risk limits (contract: `pmt risk`, exit 11 `RiskLimit`, serve 403), checked here and
 * only here, right before an order is signed, so the CLI, `pmt serve` and `pmt mcp` obey the same
 * limits. `sendChecked` is the one hook into the create path: under the journal's lock it reads
 * the profile's limits afresh, checks the order against them, and either appends a `refused`
 * journal entry and throws, or sends (journaled) while still holding the lock, so two processes
 * racing cannot together exceed the daily cap or the open-order count.
 *
 * Limits: `max_order_notional` (price × size plus the estimated fee), `max_daily_notional` (every
 * order sent since 00:00 UTC, per exchange, from the journal's intents, including ones later
 * cancelled), `max_open_orders` (per exchange, read from the exchange), `max_position` (contracts of
 * the outcome held in the market after the order), `allowed_exchanges`, `allowed_markets` (globs
 * against the native ticker/slug, the unified id and the asset id) and `trading: off`.
 */
import { Decimal } from '../decimal.js';
import { PmtError, usageError } from '../errors.js';
import type { AssetInfo, CreateOrderOptions, Exchange } from '../exchanges/exchange.js';
import { EXCHANGE_IDS, type ExchangeId } from '../exchanges/registry.js';
import type { CreateOrderRequest, Order, OrderSide } from '../exchanges/types.js';
import { withJournalLock, type Journal, type JournalEntry } from '../journal.js';
import { createJournaled } from './journal.js';
import type { RiskSettings } from '../profiles.js';
import type { RiskAccess, Services } from './services.js';
import { parseDecimal, parseEnum, parseInteger } from '../validate.js';

export type { RiskAccess, RiskSettings };

export const LIMIT_NAMES = ['max_order_notional', 'max_daily_notional', 'max_open_orders', 'max_position', 'allowed_exchanges', 'allowed_markets', 'trading'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** The order as the limits see it. */
export interface OrderIntent {
  exchange: ExchangeId;
  market_ticker: string;
  unified_id: string;
  asset_id: string;
  outcome: string;
  side: OrderSide;
  price: Decimal;
  size: Decimal;
  /** Estimated fee in dollars; null when unknown (counted as 0, and said). */
  fee: Decimal | null;
}

/** One limit checked against one order: the preview's list, the refusal's fields. */
export interface LimitCheck {
  limit: LimitName;
  ok: boolean;
  /** The configured limit. */
  value: number | string | string[];
  /** What the order would make it. */
  would_be: number | string;
  /** What is left after the order (numeric limits), null otherwise; negative when refused. */
  headroom: number | null;
  detail: string;
}

/** The MCP server's limits when the profile sets none. */
export const MCP_DEFAULTS: RiskSettings = { max_order_notional: '10', max_daily_notional: '100' };

/** The settings in force: the profile's, with `defaults` filling the notional limits it leaves unset. */
export async function limitsInForce(access: RiskAccess | undefined): Promise<RiskSettings> {
  if (!access) return {};
  const own = await access.read();
  const d = access.defaults ?? {};
  return {
    ...own,
    ...(own.max_order_notional === undefined && d.max_order_notional !== undefined ? { max_order_notional: d.max_order_notional } : {}),
    ...(own.max_daily_notional === undefined && d.max_daily_notional !== undefined ? { max_daily_notional: d.max_daily_notional } : {}),
  };
}

const money = (d: Decimal) => d.round(6).toNumber();
const usd = (d: Decimal | number) => `$${typeof d === 'number' ? d : d.round(4).toFixed()}`;

/** Midnight UTC of the day `now` falls in (ms). */
export function utcDayStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/**
 * Notional of every order sent on `exchange` since 00:00 UTC (journal intents, cancelled ones
 * included): price × size plus the fee estimated when it was sent (`fee_estimate`).
 */
export function dailyUsed(entries: readonly JournalEntry[], exchange: ExchangeId, now: number): Decimal {
  const start = utcDayStart(now);
  let sum = Decimal.ZERO;
  for (const e of entries) {
    if (e.event !== 'intent' || e.exchange !== exchange) continue;
    const t = Date.parse(e.ts);
    if (!(t >= start)) continue;
    sum = sum.plus(Decimal.from(e.price).times(Decimal.from(e.size))).plus(typeof e.fee_estimate === 'number' && Number.isFinite(e.fee_estimate) ? Decimal.from(e.fee_estimate) : Decimal.ZERO);
  }
  return sum;
}

/** The daily cap of one exchange: one amount for every exchange, or that exchange's own. */
export function dailyCap(r: RiskSettings, exchange: ExchangeId): string | undefined {
  const m = r.max_daily_notional;
  if (m === undefined) return undefined;
  return typeof m === 'string' ? m : m[exchange];
}

/** A glob (`*` any run, `?` one character) as a whole-string, case-insensitive match. */
export function globMatch(pattern: string, text: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`, 'i').test(text);
}

/**
 * Every limit in force checked against the order, in the order they are refused: the ones that
 * need no request first. `all: false` stops at the first refusal (no read is made after it).
 * Open orders and the position are read from the exchange only when their limit is set.
 */
export async function checkLimits(svc: Services, o: OrderIntent, opts: { all?: boolean; settings?: RiskSettings } = {}): Promise<LimitCheck[]> {
  const r = opts.settings ?? (await limitsInForce(svc.risk));
  const out: LimitCheck[] = [];
  const push = (c: LimitCheck) => {
    out.push(c);
    return !c.ok && !opts.all;
  };
  if (r.trading === 'off' && push({ limit: 'trading', ok: false, value: 'off', would_be: 'create_order', headroom: null, detail: 'trading is off for this profile (`pmt risk resume` turns it on)' })) return out;
  if (r.allowed_exchanges) {
    const ok = r.allowed_exchanges.includes(o.exchange);
    if (push({ limit: 'allowed_exchanges', ok, value: r.allowed_exchanges, would_be: o.exchange, headroom: null, detail: `${o.exchange} ${ok ? 'is' : 'is not'} in ${r.allowed_exchanges.join(', ')}` })) return out;
  }
  if (r.allowed_markets) {
    const names = [o.market_ticker, o.unified_id, o.asset_id];
    const ok = r.allowed_markets.some((p) => names.some((n) => globMatch(p, n)));
    if (push({ limit: 'allowed_markets', ok, value: r.allowed_markets, would_be: o.market_ticker, headroom: null, detail: `${o.market_ticker} ${ok ? 'matches' : 'matches none of'} ${r.allowed_markets.join(', ')}` })) return out;
  }
  const notional = o.price.times(o.size).plus(o.fee ?? Decimal.ZERO);
  const feeNote = o.fee === null ? ' (fee unknown, not counted)' : ' (fee included)';
  if (r.max_order_notional !== undefined) {
    const cap = Decimal.from(r.max_order_notional);
    const ok = notional.lte(cap);
    if (push({ limit: 'max_order_notional', ok, value: cap.toNumber(), would_be: money(notional), headroom: money(cap.minus(notional)), detail: `order ${usd(notional)}${feeNote} of ${usd(cap)} per order` })) return out;
  }
  const daily = dailyCap(r, o.exchange);
  if (daily !== undefined) {
    const cap = Decimal.from(daily);
    const used = dailyUsed(svc.journal?.readSince(utcDayStart(svc.now())) ?? [], o.exchange, svc.now());
    const total = used.plus(notional);
    const ok = total.lte(cap);
    if (push({ limit: 'max_daily_notional', ok, value: cap.toNumber(), would_be: money(total), headroom: money(cap.minus(total)), detail: `${usd(used)} sent on ${o.exchange} today + this order ${usd(notional)} of ${usd(cap)} per day` })) return out;
  }
  if (r.max_open_orders !== undefined) {
    const open = (await (await svc.exchange(o.exchange)).fetchOpenOrders()).length;
    const ok = open + 1 <= r.max_open_orders;
    if (push({ limit: 'max_open_orders', ok, value: r.max_open_orders, would_be: open + 1, headroom: r.max_open_orders - open - 1, detail: `${open} open on ${o.exchange} + this one, of ${r.max_open_orders}` })) return out;
  }
  if (r.max_position !== undefined) {
    const cap = Decimal.from(r.max_position);
    const held = await heldIn(svc, o);
    const after = o.side === 'buy' ? held.plus(o.size) : held.minus(o.size);
    const abs = after.isNegative() ? Decimal.ZERO.minus(after) : after;
    const ok = abs.lte(cap);
    if (push({ limit: 'max_position', ok, value: cap.toNumber(), would_be: abs.toNumber(), headroom: cap.minus(abs).toNumber(), detail: `${held.toFixed()} ${o.outcome} held in ${o.market_ticker}, ${abs.toFixed()} after, of ${cap.toFixed()}` })) return out;
  }
  return out;
}

/** Contracts of the order's outcome held in its market (a position read that fails stops the order). */
async function heldIn(svc: Services, o: OrderIntent): Promise<Decimal> {
  const positions = await (await svc.exchange(o.exchange)).fetchPositions(o.market_ticker);
  const same = (a: string) => a.trim().toLowerCase() === o.outcome.trim().toLowerCase();
  return positions.filter((p) => same(p.outcome)).reduce((s, p) => s.plus(p.size), Decimal.ZERO);
}

/** The RiskLimit error object of a refused check: `{kind, message, limit, value, would_be}`. */
export function riskError(c: LimitCheck, action = 'the order was not sent'): PmtError {
  const message =
    c.limit === 'trading' ? `trading is off for this profile: ${action}` : `${c.limit} refused: ${c.detail}; ${action}`;
  return new PmtError('RiskLimit', message, {
    details: { limit: c.limit, value: c.value, would_be: c.would_be },
    hint: c.limit === 'trading' ? '`pmt risk resume` turns trading on again' : '`pmt risk show` lists the limits; `pmt risk set` changes them',
  });
}

/** Record a local refusal in the journal (best effort: the refusal stands either way). */
export function journalRefusal(journal: Journal | undefined, o: OrderIntent, req: CreateOrderRequest, c: LimitCheck, now: number): void {
  if (!journal) return;
  try {
    journal.append({
      ts: new Date(now).toISOString(),
      event: 'refused',
      exchange: o.exchange,
      market_ticker: o.market_ticker,
      outcome: o.outcome,
      side: o.side,
      price: req.price.toNumber(),
      size: req.size.toNumber(),
      type: req.order_type,
      client_order_id: null,
      order_hash: null,
      order_id: null,
      status: 'refused',
      message: `${c.limit}: ${c.detail}`,
    });
  } catch {
    // Nothing was sent; a journal that cannot be written does not turn a refusal into a send.
  }
}

/** Refuse when any check failed: journal it and throw its RiskLimit error. */
export function refuseOnBreach(svc: Services, o: OrderIntent, req: CreateOrderRequest, checks: readonly LimitCheck[]): void {
  const bad = checks.find((c) => !c.ok);
  if (!bad) return;
  journalRefusal(svc.journal, o, req, bad, svc.now());
  throw riskError(bad);
}

export function intentOf(info: AssetInfo, req: CreateOrderRequest, outcome: string, fee: Decimal | null): OrderIntent {
  return {
    exchange: info.exchange,
    market_ticker: info.market.ticker,
    unified_id: info.market.unified_id,
    asset_id: info.asset_id,
    outcome,
    side: req.side,
    price: req.price,
    size: req.size,
    fee,
  };
}

const anyLimit = (r: RiskSettings) => Object.keys(r).some((k) => k !== 'trading' || r.trading === 'off');

/**
 * Send one create, journaled, after the limits allowed it: THE hook of the risk limits into the
 * create path (the CLI's `order create`, serve's and MCP's `create_order`). With limits in force,
 * the check and the send happen under the journal's lock. `fee`: the preview's estimate, or
 * undefined to estimate it here (only when a notional limit needs it).
 */
export async function sendChecked(
  svc: Services,
  ex: Exchange,
  info: AssetInfo,
  req: CreateOrderRequest,
  outcome: string,
  opts: Pick<CreateOrderOptions, 'clientOrderId' | 'idempotencyKey' | 'onPayload' | 'onSend'> = {},
  fee?: Decimal | null,
  warn?: (line: string) => void,
): Promise<Order> {
  // Journaled (with the client order id check of ops/journal.ts) when the caller has a journal.
  const settings = await limitsInForce(svc.risk);
  const needsFee = settings.max_order_notional !== undefined || settings.max_daily_notional !== undefined;
  const est = fee !== undefined ? fee : needsFee ? await estimateFee(ex, info, req) : null;
  // The intent carries the fee estimate, so a later order's daily cap counts this one's fee too.
  const send = () => createJournaled(svc, ex, req, { exchange: info.exchange, market_ticker: info.market.ticker, outcome, now: () => svc.now(), warn, feeEstimate: est === null ? null : est.toNumber() }, opts);
  if (!anyLimit(settings)) return send();
  const o = intentOf(info, req, outcome, est);
  const checkAndSend = async () => {
    // Read afresh under the lock: a `pmt kill` or another process's order since the preview counts.
    refuseOnBreach(svc, o, req, await checkLimits(svc, o, { settings: await limitsInForce(svc.risk) }));
    return send();
  };
  return svc.journal ? withJournalLock(svc.journal, checkAndSend) : checkAndSend();
}

/** The fee of the order taken in full at its limit (an upper bound of what it can pay); null when unknown. */
async function estimateFee(ex: Exchange, info: AssetInfo, req: CreateOrderRequest): Promise<Decimal | null> {
  const { readFees } = await import('./preview.js');
  const { estimateFees, feeLegs } = await import('./preview-fees.js');
  const f = estimateFees(await readFees(ex, info), feeLegs(req.order_type, req.price, req.size, null));
  return f.total;
}

/** What `pmt risk show` prints: the limits in force and today's usage per exchange. */
export interface RiskStatus {
  profile: string | null;
  limits: RiskSettings;
  trading: 'on' | 'off';
  /** Limits that come from the surface's defaults, not the profile (`pmt mcp`). */
  defaults: string[];
  today: Array<{ exchange: ExchangeId; sent: number; orders: number; cap: number | null; headroom: number | null }>;
}

export async function riskStatus(svc: Services, ids: readonly ExchangeId[]): Promise<RiskStatus> {
  const own = (await svc.risk?.read()) ?? {};
  const limits = await limitsInForce(svc.risk);
  const start = utcDayStart(svc.now());
  const entries = svc.journal?.readSince(start) ?? [];
  const today = ids.map((exchange) => {
    const sent = dailyUsed(entries, exchange, svc.now());
    const orders = entries.filter((e) => e.event === 'intent' && e.exchange === exchange && Date.parse(e.ts) >= start).length;
    const cap = dailyCap(limits, exchange);
    return { exchange, sent: money(sent), orders, cap: cap === undefined ? null : Decimal.from(cap).toNumber(), headroom: cap === undefined ? null : money(Decimal.from(cap).minus(sent)) };
  });
  const defaults = Object.keys(limits).filter((k) => !(k in own));
  return { profile: (await svc.risk?.profileName()) ?? null, limits, trading: limits.trading === 'off' ? 'off' : 'on', defaults, today };
}

/** `trading: off` refuses every order; a kill switch sets it first, so no new order starts while it cancels. */
export async function setTrading(svc: Services, on: boolean): Promise<RiskSettings> {
  if (!svc.risk) throw noProfile();
  return svc.risk.write((r) => {
    r.trading = on ? 'on' : 'off';
  });
}

export function noProfile(): PmtError {
  return new PmtError('Config', 'no profile in use: risk limits and `trading: off` are stored on a profile', { hint: 'run `pmt profile add <name>` (or name one with --profile)' });
}

/** Guard for operations that trade without creating (amend): refused only by `trading: off`. */
export async function requireTrading(svc: Services, action: string): Promise<void> {
  const r = await limitsInForce(svc.risk);
  if (r.trading === 'off') throw riskError({ limit: 'trading', ok: false, value: 'off', would_be: action, headroom: null, detail: '' }, `${action} was not sent`);
}

/** `pmt risk set`'s flags (strings as typed; each validated here, for every surface). */
export interface RiskChange {
  max_order_notional?: string;
  max_daily_notional?: string;
  max_open_orders?: string;
  max_position?: string;
  allowed_exchanges?: string;
  allowed_markets?: string;
  trading?: string;
  /** Limit names to remove (`all`: every one). */
  clear?: string[];
}

const FLAG = (k: string) => `--${k.replace(/_/g, '-')}`;
const positive = (k: string, v: string) => {
  const d = parseDecimal(FLAG(k), v, 'a positive number of dollars');
  if (!d.gt(0)) throw usageError(`${FLAG(k)} must be > 0 (got "${v}")`);
  return d.toFixed();
};
const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);

/** Apply a change to the settings (validated first, so a bad flag changes nothing). */
export function riskChange(c: RiskChange): (r: RiskSettings) => void {
  const set: RiskSettings = {};
  if (c.max_order_notional !== undefined) set.max_order_notional = positive('max_order_notional', c.max_order_notional);
  if (c.max_daily_notional !== undefined) {
    const v = c.max_daily_notional.trim();
    if (v.includes('=')) {
      const per: Record<string, string> = {};
      for (const part of list(v)) {
        const [id, amount] = part.split('=').map((x) => x.trim());
        if (!id || amount === undefined || !(EXCHANGE_IDS as readonly string[]).includes(id)) throw usageError(`--max-daily-notional: "${part}" must be <exchange>=<usd> with exchange one of ${EXCHANGE_IDS.join(', ')}`);
        per[id] = positive('max_daily_notional', amount);
      }
      set.max_daily_notional = per;
    } else set.max_daily_notional = positive('max_daily_notional', v);
  }
  if (c.max_open_orders !== undefined) set.max_open_orders = parseInteger('--max-open-orders', c.max_open_orders, 1);
  if (c.max_position !== undefined) set.max_position = positive('max_position', c.max_position);
  if (c.allowed_exchanges !== undefined) {
    const ids = list(c.allowed_exchanges).map((x) => x.toLowerCase());
    const bad = ids.find((x) => !(EXCHANGE_IDS as readonly string[]).includes(x));
    if (bad !== undefined || ids.length === 0) throw usageError(`--allowed-exchanges must list ${EXCHANGE_IDS.join(', ')} (got "${bad ?? c.allowed_exchanges}")`);
    set.allowed_exchanges = ids;
  }
  if (c.allowed_markets !== undefined) {
    const pats = list(c.allowed_markets);
    if (pats.length === 0 || pats.some((p) => p.length > 200 || /\s/.test(p))) throw usageError('--allowed-markets must be comma-separated globs (KXFED-*, polymarket:*-2026)');
    set.allowed_markets = pats;
  }
  if (c.trading !== undefined) set.trading = parseEnum('--trading', c.trading.toLowerCase(), ['on', 'off'] as const);
  const clear = (c.clear ?? []).flatMap(list).map((x) => x.replace(/^--/, '').replace(/-/g, '_'));
  const unknown = clear.find((x) => x !== 'all' && !(LIMIT_NAMES as readonly string[]).includes(x));
  if (unknown !== undefined) throw usageError(`--clear: unknown limit "${unknown}" (one of ${LIMIT_NAMES.join(', ')}, or all)`);
  if (clear.length === 0 && Object.keys(set).length === 0) throw usageError(`nothing to set: give a limit (${LIMIT_NAMES.map(FLAG).join(', ')}) or --clear LIMIT`);
  return (r) => {
    for (const k of clear) {
      if (k === 'all') for (const n of LIMIT_NAMES) delete r[n];
      else delete r[k as LimitName];
    }
    Object.assign(r, set);
  };
}

/** Set limits on the profile in use; returns them as stored. */
export async function setRisk(svc: Services, c: RiskChange): Promise<RiskSettings> {
  const change = riskChange(c);
  if (!svc.risk) throw noProfile();
  return svc.risk.write(change);
}
