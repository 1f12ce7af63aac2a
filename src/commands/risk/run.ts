/**
 * `pmt risk show|set|resume`: the limits of the profile in use (`--profile` or the active one),
 * checked by ops/risk.ts before any order is signed. `show --json` prints the RiskStatus object
 * (`{profile, limits, trading, defaults, today: [{exchange, sent, orders, cap, headroom}]}`);
 * `set` and `resume` print it after the change.
 */
import type { Context } from '../../context.js';
import { EXCHANGE_IDS } from '../../exchanges/registry.js';
import { riskStatus, setRisk, setTrading, type RiskChange, type RiskStatus } from '../../ops/risk.js';
import { Formatter } from '../../render/format.js';

interface SetOpts {
  maxOrderNotional?: string;
  maxDailyNotional?: string;
  maxOpenOrders?: string;
  maxPosition?: string;
  allowedExchanges?: string;
  allowedMarkets?: string;
  trading?: string;
  clear?: string[];
}

export async function show(ctx: Context, _opts: unknown): Promise<void> {
  print(ctx, await riskStatus(ctx, EXCHANGE_IDS));
}

export async function set(ctx: Context, o: SetOpts): Promise<void> {
  const change: RiskChange = {
    max_order_notional: o.maxOrderNotional,
    max_daily_notional: o.maxDailyNotional,
    max_open_orders: o.maxOpenOrders,
    max_position: o.maxPosition,
    allowed_exchanges: o.allowedExchanges,
    allowed_markets: o.allowedMarkets,
    trading: o.trading,
    clear: o.clear,
  };
  await setRisk(ctx, change);
  print(ctx, await riskStatus(ctx, EXCHANGE_IDS));
}

export async function resume(ctx: Context, _opts: unknown): Promise<void> {
  await setTrading(ctx, true);
  print(ctx, await riskStatus(ctx, EXCHANGE_IDS));
}

function print(ctx: Context, s: RiskStatus): void {
  if (ctx.json || ctx.ndjson) return ctx.io.json(s);
  const f = new Formatter(ctx.io);
  const lines: string[] = [];
  const trading = s.trading === 'off' ? f.c.red('off') : f.c.green('on');
  lines.push(`profile ${f.c.bold(s.profile ?? '(none)')}: trading ${trading}`);
  const l = s.limits;
  const row = (k: string, v: string) => lines.push(`  ${k.padEnd(20)} ${v}`);
  const daily = l.max_daily_notional;
  if (l.max_order_notional !== undefined) row('max_order_notional', `$${l.max_order_notional} per order (fee included)`);
  if (daily !== undefined) row('max_daily_notional', typeof daily === 'string' ? `$${daily} per exchange per UTC day` : Object.entries(daily).map(([k, v]) => `${k} $${v}`).join(', ') + ' per UTC day');
  if (l.max_open_orders !== undefined) row('max_open_orders', `${l.max_open_orders} per exchange`);
  if (l.max_position !== undefined) row('max_position', `${l.max_position} contracts per market`);
  if (l.allowed_exchanges) row('allowed_exchanges', l.allowed_exchanges.join(', '));
  if (l.allowed_markets) row('allowed_markets', l.allowed_markets.join(', '));
  if (Object.keys(l).filter((k) => k !== 'trading').length === 0) lines.push('  no limits set (`pmt risk set --max-order-notional 5` sets one)');
  lines.push('today (since 00:00 UTC):');
  for (const t of s.today) {
    const cap = t.cap === null ? '' : ` · cap $${t.cap} · headroom $${t.headroom}`;
    lines.push(`  ${t.exchange.padEnd(11)} $${t.sent} in ${t.orders} order${t.orders === 1 ? '' : 's'}${cap}`);
  }
  ctx.io.out(lines.join('\n'));
}
