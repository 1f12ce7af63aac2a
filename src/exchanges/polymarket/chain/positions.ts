/**
 * `pmt position split|merge|redeem`: the calls for one market (market-route.ts picks the
 * contracts), checked against the wallet before anything is signed: the pUSD it holds and has
 * approved for a split, the complete sets it holds for a merge, the resolution and the tokens it
 * holds for a redeem, the operator approval of the ledger for both. `redeem --all` plans a redeem
 * for every market the Data API lists as redeemable.
 */
import { encodeFunctionData, parseUnits } from 'viem';
import { PmtError, usageError } from '../../../errors.js';
import type { ChainCall, ChainPlan, PositionRequest } from '../../onchain.js';
import type { Hex } from '../wallet.js';
import { COLLATERAL_DECIMALS, CTF, CTF_ABI, ERC20_ABI, PUSD, ROUTER_ABI } from './contracts.js';
import { BINARY, rpcError, units, ZERO32, type Ctx } from './ctx.js';
import { marketRoute, type MarketRoute } from './market-route.js';
import { plan } from './plan.js';

function parseSize(s: string | undefined): bigint | null {
  if (s === undefined) return null;
  if (!/^\d+(\.\d{1,6})?$/.test(s.trim()) || Number(s) <= 0) throw usageError(`--size must be a positive amount with at most 6 decimals, got "${s}"`);
  return parseUnits(s.trim(), COLLATERAL_DECIMALS);
}

function notApproved(name: string, token: string): PmtError {
  return new PmtError('Config', `the ${name} may not move this wallet's ${token} yet; nothing was sent`, { hint: 'run `pmt approvals set`' });
}

export async function planPosition(x: Ctx, req: PositionRequest): Promise<ChainPlan> {
  if (req.all && req.action === 'redeem') return planRedeemAll(x);
  const size = parseSize(req.size);
  let r: MarketRoute;
  try {
    r = await marketRoute(x.c, x.pub, req.market);
  } catch (e) {
    throw rpcError(x, e, `reading ${req.market}`);
  }
  try {
    return await planFor(x, r, req.action, size);
  } catch (e) {
    throw rpcError(x, e, `reading ${r.subject}`);
  }
}

async function planFor(x: Ctx, r: MarketRoute, action: PositionRequest['action'], size: bigint | null): Promise<ChainPlan> {
  const { subject, labels } = r;
  const v2 = r.kind === 'v2';
  const held = await Promise.all(r.ids.map((id) => x.pub.readContract({ address: r.ledger, abi: CTF_ABI, functionName: 'balanceOf', args: [x.holder, id] })));
  const holding = () => labels.map((l, i) => `${units(held[i]!)} ${l}`).join(', ');
  const call = (kind: ChainCall['kind'], what: string, data: Hex, amount: bigint): ChainCall => ({ kind, what, to: r.to, data, subject, amount: units(amount) });
  const needOperator = async () => {
    if (!(await x.pub.readContract({ address: r.ledger, abi: CTF_ABI, functionName: 'isApprovedForAll', args: [x.holder, r.to] }))) throw notApproved(r.name, r.ledgerToken);
  };
  const via = `via the ${r.name}`;

  if (action === 'split') {
    if (size === null) throw usageError('split needs --size (the pUSD to split into complete sets)');
    const pusd = await x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [x.holder] });
    if (pusd < size) throw new PmtError('InsufficientFunds', `split ${units(size)} needs ${units(size)} pUSD; ${x.holder} holds ${units(pusd)} pUSD`);
    const allowance = await x.pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'allowance', args: [x.holder, r.to] });
    if (allowance < size) throw notApproved(r.name, 'pUSD');
    const data = v2
      ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'split', args: [r.condition31!, size] })
      : encodeFunctionData({ abi: CTF_ABI, functionName: 'splitPosition', args: [PUSD, ZERO32, r.conditionId, BINARY, size] });
    return plan(x, [call('split', `split ${units(size)} pUSD into ${labels.join(' + ')} (${subject}) ${via}`, data, size)], [`${units(size)} pUSD`], labels.map((l) => `${units(size)} ${l}`));
  }

  if (action === 'merge') {
    const most = held[0]! < held[1]! ? held[0]! : held[1]!;
    const n = size ?? most;
    if (n === 0n) throw new PmtError('InsufficientFunds', `${x.holder} holds no complete set of ${subject} to merge (${holding()})`);
    if (n > most) throw new PmtError('InsufficientFunds', `merge ${units(n)} needs ${units(n)} of each outcome; ${x.holder} holds ${holding()}`);
    await needOperator();
    const data = v2
      ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'merge', args: [r.condition31!, n] })
      : encodeFunctionData({ abi: CTF_ABI, functionName: 'mergePositions', args: [PUSD, ZERO32, r.conditionId, BINARY, n] });
    return plan(x, [call('merge', `merge ${units(n)} complete sets of ${subject} into pUSD ${via}`, data, n)], labels.map((l) => `${units(n)} ${l}`), [`${units(n)} pUSD`]);
  }

  // redeem
  if (held[0] === 0n && held[1] === 0n) throw new PmtError('InsufficientFunds', `${x.holder} holds no ${subject} tokens to redeem`);
  const spend = labels.map((l, i) => `${units(held[i]!)} ${l}`).filter((_, i) => held[i]! > 0n);
  if (v2) return planRedeemV2(x, r, held, spend, call, needOperator);
  const den = await x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'payoutDenominator', args: [r.conditionId] });
  if (den === 0n) throw notResolved(subject);
  const nums = await Promise.all(BINARY.map((_, i) => x.pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'payoutNumerators', args: [r.conditionId, BigInt(i)] })));
  const payout = held.reduce((s, h, i) => s + (h * nums[i]!) / den, 0n);
  await needOperator();
  const data = encodeFunctionData({ abi: CTF_ABI, functionName: 'redeemPositions', args: [PUSD, ZERO32, r.conditionId, BINARY] });
  return plan(x, [call('redeem', `redeem ${subject} ${via}`, data, payout)], spend, [`${units(payout)} pUSD`]);
}

function notResolved(subject: string, why?: string): PmtError {
  return new PmtError('Api', `${subject} is not resolved yet: nothing to redeem${why ? ` (${why})` : ''}`, { usage: true, hint: 'redeem after the market resolves (`pmt positions --status redeemable`)' });
}

/**
 * V2: one `redeem(condition, outcome, amount)` per outcome held. The Router reverts for an
 * unresolved condition (tried with eth_call first); its payout read is not a published ABI pmt
 * calls, so the preview names what is redeemed and the payout is the pUSD the wallet receives.
 */
async function planRedeemV2(x: Ctx, r: MarketRoute, held: bigint[], spend: string[], call: (kind: ChainCall['kind'], what: string, data: Hex, amount: bigint) => ChainCall, needOperator: () => Promise<void>): Promise<ChainPlan> {
  await needOperator();
  const calls: ChainCall[] = [];
  for (const i of [0, 1]) {
    if (held[i] === 0n) continue;
    const data = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'redeem', args: [r.condition31!, BigInt(i), held[i]!] });
    try {
      await x.pub.call({ account: x.holder, to: r.to, data });
    } catch (e) {
      const err = rpcError(x, e, 'redeem');
      if (err.kind === 'Api') throw notResolved(r.subject, `the Router refused the redemption: ${/\(([^)]*)\)/.exec(err.message)?.[1] ?? 'reverted'}`);
      throw err;
    }
    calls.push(call('redeem', `redeem ${units(held[i]!)} ${r.labels[i]} of ${r.subject} via the ${r.name}`, data, 0n));
  }
  return plan(x, calls, spend, [`the payout in pUSD (1 pUSD per winning share of ${spend.join(' + ')})`]);
}

/**
 * `redeem --all`: every market the Data API lists as redeemable for the holder (`/positions`,
 * `redeemable: true`), one redeem each; markets with nothing left to redeem on chain are skipped.
 */
async function planRedeemAll(x: Ctx): Promise<ChainPlan> {
  const body = await x.c.data.get<unknown>('/positions', { query: { user: x.holder, redeemable: true, sizeThreshold: 0, limit: 500 } });
  if (!Array.isArray(body)) throw new PmtError('Api', 'Polymarket Data API answered GET /positions without a list');
  const ids = [...new Set(body.filter((r) => r && typeof r === 'object' && (r as Record<string, unknown>).redeemable === true).map((r) => String((r as Record<string, unknown>).conditionId ?? '')).filter((id) => /^0x[0-9a-fA-F]{64}$/.test(id)))];
  const all = plan(x, [], [], []);
  for (const id of ids) {
    try {
      const p = await planPosition(x, { action: 'redeem', market: id });
      all.calls.push(...p.calls);
      all.spend.push(...p.spend);
      all.receive.push(...p.receive);
      all.route = p.route;
    } catch (e) {
      // Already redeemed, or not resolved on chain yet: nothing to send for it.
      if (!(e instanceof PmtError) || !['InsufficientFunds', 'Api'].includes(e.kind)) throw e;
    }
  }
  if (all.calls.length === 0) throw new PmtError('InsufficientFunds', `nothing to redeem: no resolved position with tokens left at ${x.holder}`);
  return all;
}
