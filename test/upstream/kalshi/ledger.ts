/**
 * What the Kalshi portfolio double's matching leaves behind: per-key positions (signed YES/NO
 * contracts with their cost, as `GET /portfolio/positions` reports them), per-key fills
 * (`GET /portfolio/fills`), and the public tape per ticker (`GET /markets/trades`) from which
 * candlesticks are built. Kept exact (Decimal).
 *
 * Netting as on Kalshi: buying YES while holding NO first closes NO contracts (a YES+NO pair is
 * worth $1, paid back to cash at once), then opens YES; selling YES (≡ buying NO) the same way
 * round. A position's cost (`market_exposure_dollars`) shrinks by its average cost per closed
 * contract, and realized P&L collects the difference.
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from '../../../src/decimal.js';
import type { BookSide } from './portfolio.js';

export interface HeldPosition {
  ticker: string;
  /** Signed: positive YES contracts, negative NO contracts. */
  position: Decimal;
  /** What the contracts held cost, dollars. */
  cost: Decimal;
  realized: Decimal;
  fees: Decimal;
  traded: Decimal;
  updatedMs: number;
}

export interface LedgerFill {
  fillId: string;
  orderId: string;
  keyId: string;
  ticker: string;
  side: 'yes' | 'no';
  action: 'buy' | 'sell';
  count: Decimal;
  yesPrice: Decimal;
  fee: Decimal;
  isTaker: boolean;
  ms: number;
}

export interface TapeTrade {
  id: string;
  ticker: string;
  count: Decimal;
  yesPrice: Decimal;
  taker: 'yes' | 'no';
  ms: number;
}

const abs = (d: Decimal) => (d.isNegative() ? Decimal.ZERO.minus(d) : d);

export class Ledger {
  readonly positions = new Map<string, HeldPosition>();
  readonly fills: LedgerFill[] = [];
  readonly tape: TapeTrade[] = [];

  reset(): void {
    this.positions.clear();
    this.fills.length = 0;
    this.tape.length = 0;
  }

  position(keyId: string, ticker: string): HeldPosition {
    const k = `${keyId}\u0000${ticker}`;
    let p = this.positions.get(k);
    if (!p) {
      p = { ticker, position: Decimal.ZERO, cost: Decimal.ZERO, realized: Decimal.ZERO, fees: Decimal.ZERO, traded: Decimal.ZERO, updatedMs: Date.now() };
      this.positions.set(k, p);
    }
    return p;
  }

  positionsOf(keyId: string): HeldPosition[] {
    return [...this.positions.entries()].filter(([k]) => k.startsWith(`${keyId}\u0000`)).map(([, v]) => v);
  }

  /**
   * One execution of an order of `keyId`: n contracts on `side` of the YES book at YES price p.
   * Returns the cash paid back by closed pairs (dollars) for the portfolio to credit.
   */
  execute(e: { keyId: string; orderId: string; ticker: string; side: BookSide; n: Decimal; yesPrice: Decimal; fee: Decimal; v1Side: 'yes' | 'no'; v1Action: 'buy' | 'sell' }): Decimal {
    const p = this.position(e.keyId, e.ticker);
    const now = Date.now();
    // Price paid per contract of the outcome bought: YES at p (bid), NO at 1 − p (ask).
    const paid = e.side === 'bid' ? e.yesPrice : Decimal.ONE.minus(e.yesPrice);
    const opposite = e.side === 'bid' ? p.position.isNegative() : p.position.gt(0);
    let closed = Decimal.ZERO;
    if (opposite) {
      const held = abs(p.position);
      closed = e.n.lt(held) ? e.n : held;
      const avg = p.cost.div(held, 12);
      const release = avg.times(closed);
      p.cost = closed.eq(held) ? Decimal.ZERO : p.cost.minus(release);
      // The pair pays $1: what was paid now plus what the closed contracts cost.
      p.realized = p.realized.plus(closed.minus(release).minus(paid.times(closed)));
      p.position = e.side === 'bid' ? p.position.plus(closed) : p.position.minus(closed);
    }
    const opened = e.n.minus(closed);
    if (opened.gt(0)) {
      p.cost = p.cost.plus(paid.times(opened));
      p.position = e.side === 'bid' ? p.position.plus(opened) : p.position.minus(opened);
    }
    p.fees = p.fees.plus(e.fee);
    p.traded = p.traded.plus(paid.times(e.n));
    p.updatedMs = now;
    const id = randomUUID();
    this.fills.push({ fillId: id, orderId: e.orderId, keyId: e.keyId, ticker: e.ticker, side: e.v1Side, action: e.v1Action, count: e.n, yesPrice: e.yesPrice, fee: e.fee, isTaker: true, ms: now });
    this.tape.push({ id, ticker: e.ticker, count: e.n, yesPrice: e.yesPrice, taker: e.side === 'bid' ? 'yes' : 'no', ms: now });
    return closed;
  }

  /** Public trades of others (history for the tape and the candles). */
  seedTrades(ticker: string, trades: Array<{ price: number | string; count: number | string; ms: number; taker?: 'yes' | 'no' }>): void {
    for (const t of trades) this.tape.push({ id: randomUUID(), ticker, count: Decimal.from(t.count), yesPrice: Decimal.from(t.price), taker: t.taker ?? 'yes', ms: t.ms });
  }

  /** The tape of a ticker, newest first. */
  tapeOf(ticker: string, minTs?: number, maxTs?: number): TapeTrade[] {
    // Newest first; trades of the same millisecond, the later-booked first.
    return this.tape
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => t.ticker === ticker && (minTs === undefined || t.ms >= minTs * 1000) && (maxTs === undefined || t.ms <= maxTs * 1000))
      .sort((a, b) => b.t.ms - a.t.ms || b.i - a.i)
      .map(({ t }) => t);
  }

  /**
   * Candlesticks of a ticker: periods of `minutes` ending (inclusive) at each boundary from the
   * first to the last trade in [startTs, endTs]; a period without trades has null trade prices.
   * As Kalshi documents `end_ts`: only candles ending on or before it (a period still in progress
   * ends after now, so `end_ts=now` leaves it out).
   */
  candles(ticker: string, startTs: number, endTs: number, minutes: number): Array<Record<string, unknown>> {
    const step = minutes * 60;
    // Oldest first; trades of the same millisecond in the order they were booked.
    const trades = this.tape.filter((t) => t.ticker === ticker && t.ms / 1000 > startTs - step && t.ms / 1000 <= endTs).sort((a, b) => a.ms - b.ms);
    if (!trades.length) return [];
    const endOf = (ms: number) => Math.ceil(ms / 1000 / step) * step;
    const first = Math.max(endOf(trades[0]!.ms), Math.ceil(startTs / step) * step);
    const last = Math.min(endOf(trades[trades.length - 1]!.ms), Math.floor(endTs / step) * step);
    const usd = (d: Decimal | undefined) => (d === undefined ? null : d.toFixed(4));
    const out: Array<Record<string, unknown>> = [];
    for (let end = first; end <= last && out.length < 5000; end += step) {
      const inside = trades.filter((t) => t.ms / 1000 > end - step && t.ms / 1000 <= end);
      const ps = inside.map((t) => t.yesPrice);
      const vol = inside.reduce((s, t) => s.plus(t.count), Decimal.ZERO);
      const hi = ps.length ? ps.reduce((m, x) => (x.gt(m) ? x : m)) : undefined;
      const lo = ps.length ? ps.reduce((m, x) => (x.lt(m) ? x : m)) : undefined;
      const ohlc = { open_dollars: usd(ps[0]), low_dollars: usd(lo), high_dollars: usd(hi), close_dollars: usd(ps[ps.length - 1]) };
      out.push({
        end_period_ts: end,
        yes_bid: { open_dollars: '0.0000', low_dollars: '0.0000', high_dollars: '0.0000', close_dollars: '0.0000' },
        yes_ask: { open_dollars: '1.0000', low_dollars: '1.0000', high_dollars: '1.0000', close_dollars: '1.0000' },
        price: { ...ohlc, mean_dollars: ps.length ? ps.reduce((s, x) => s.plus(x)).div(ps.length, 4).toFixed(4) : null, previous_dollars: null, min_dollars: null, max_dollars: null },
        volume_fp: vol.toFixed(2),
        open_interest_fp: '0.00',
      });
    }
    return out;
  }
}
