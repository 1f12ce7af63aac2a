/**
 * `pmt balance`: fetch_balance on --exchange, else every exchange with credentials. JSON is the
 * model, per exchange (`{"kalshi": {"USD": n}, "polymarket": {"USDC": n}}`); people also see Kalshi's portfolio value and Polymarket's
 * allowance and wallet. An exchange that fails is reported after the others' cash.
 */
import type { Context } from '../../context.js';
import { failureOf } from '../../ops/fanout.js';
import { balanceModel, fetchBalance } from '../../ops/portfolio.js';
import { Formatter } from '../../render/format.js';
import { printBalances } from '../../render/views/portfolio.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context): Promise<void> {
  const svc = ctx;
  const q = cliInput(ctx, 'fetch_balance', {}) as { exchange?: never };
  const b = await fetchBalance(svc, q);
  if (ctx.json || ctx.ndjson) ctx.io.json(balanceModel(b, q.exchange));
  else await printBalances(ctx.io, new Formatter(ctx.io), b.balances);
  if (b.failed.length) throw failureOf(b.failed);
}
