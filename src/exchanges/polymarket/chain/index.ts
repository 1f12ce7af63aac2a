/**
 * Polymarket on chain (Polygon): the approvals the exchanges need (approvals.ts), split/merge/
 * redeem through the contracts of each kind of market (market-route.ts, positions.ts), the
 * wallet routes that send them (send.ts, relayer.ts) and the chain's doctor checks (doctor.ts).
 * viem does everything on chain; this module is loaded only by `pmt approvals`, `pmt position`
 * and `pmt doctor` (the manifest's `onchain`).
 */
import type { Onchain } from '../../onchain.js';
import type { PolymarketClient } from '../client.js';
import { approvalCalls, readApprovals } from './approvals.js';
import { checkChain, makeCtx, type Ctx } from './ctx.js';
import { doctor } from './doctor.js';
import { plan } from './plan.js';
import { planPosition } from './positions.js';
import { preflight, send } from './send.js';

export function createOnchain(ex: object): Onchain {
  const c = (ex as unknown as { client: PolymarketClient }).client;
  let ctxPromise: Promise<Ctx> | undefined;
  const ctx = () => (ctxPromise ??= makeCtx(c));
  return {
    approvals: async () => {
      const x = await ctx();
      await checkChain(x);
      return readApprovals(x.pub, x.holder, x);
    },
    planApprovals: async (rows) => plan(await ctx(), approvalCalls(rows), [], []),
    planPosition: async (req) => planPosition(await ctx(), req),
    preflight: async (p) => preflight(await ctx(), p),
    send: async (p, call, onSent) => send(await ctx(), p, call, onSent),
    doctor: async () => doctor(c),
  };
}
