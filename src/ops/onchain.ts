/**
 * On-chain account actions as operations: the approvals the exchange's contracts need, and
 * split/merge/redeem. The exchange's module (manifest `onchain`) knows the contracts; the rules
 * live here: a plan is checked before anything is signed (chain id, gas money), each transaction
 * is journaled before it leaves (`type` approve/split/merge/redeem, the hash in `order_hash` as
 * soon as it is known), sent exactly once, and a receipt that does not come is "unknown" with its
 * hash (exit 8), never re-sent.
 */
import { PmtError } from '../errors.js';
import { manifestOf, EXCHANGE_IDS, type ExchangeId } from '../exchanges/registry.js';
import type { ApprovalRow, ChainCall, ChainPlan, ChainSent, Onchain, PositionRequest } from '../exchanges/onchain.js';
import type { JournalEntry } from '../journal.js';
import type { OrderType } from '../exchanges/types.js';
import type { Services } from './services.js';

/** The exchanges with on-chain actions. */
export function onchainExchanges(): ExchangeId[] {
  return EXCHANGE_IDS.filter((id) => manifestOf(id).onchain !== undefined);
}

/** The on-chain module of `exchange` (default: the one exchange that has one), credentials checked. */
export async function onchainFor(svc: Services, exchange?: ExchangeId): Promise<{ id: ExchangeId; chain: Onchain }> {
  const id = exchange ?? onchainExchanges()[0];
  const load = id ? manifestOf(id).onchain : undefined;
  if (!id || !load) {
    throw new PmtError('NotSupported', `${exchange ? manifestOf(exchange).name : 'this exchange'} has no on-chain wallet actions (approvals, split, merge, redeem)`, {
      hint: `on-chain actions exist on: ${onchainExchanges().map((x) => manifestOf(x).name).join(', ')}`,
    });
  }
  await svc.requireCredentials(id);
  const factory = await load();
  return { id, chain: factory(await svc.exchange(id)) };
}

export async function approvalsCheck(svc: Services, q: { exchange?: ExchangeId }): Promise<{ exchange: ExchangeId; rows: ApprovalRow[] }> {
  const { id, chain } = await onchainFor(svc, q.exchange);
  return { exchange: id, rows: await chain.approvals() };
}

export interface PreparedAction {
  exchange: ExchangeId;
  chain: Onchain;
  plan: ChainPlan;
  /** For `approvals set`: the approvals read before planning. */
  rows?: ApprovalRow[];
}

/** `approvals set`, planned and checked (chain id, gas) before anything is signed; no calls when all are set. */
export async function prepareApprovals(svc: Services, q: { exchange?: ExchangeId }): Promise<PreparedAction> {
  const { id, chain } = await onchainFor(svc, q.exchange);
  const rows = await chain.approvals();
  const plan = await chain.planApprovals(rows);
  await chain.preflight(plan);
  return { exchange: id, chain, plan, rows };
}

export async function preparePosition(svc: Services, q: PositionRequest & { exchange?: ExchangeId }): Promise<PreparedAction> {
  const { id, chain } = await onchainFor(svc, q.exchange);
  const plan = await chain.planPosition(q);
  await chain.preflight(plan);
  return { exchange: id, chain, plan };
}

function entry(exchange: ExchangeId, call: ChainCall, event: JournalEntry['event'], ts: string, more: Partial<JournalEntry>): JournalEntry {
  return {
    ts,
    event,
    exchange,
    market_ticker: call.subject,
    // An approval's token (pUSD, CTF); a position action's outcomes.
    outcome: call.kind === 'approve' ? (call.what.split(' ')[1] ?? 'token') : 'complete set',
    side: call.kind === 'split' || call.kind === 'approve' ? 'buy' : 'sell',
    price: 0,
    size: Number(call.amount),
    // The journal's `type` names the on-chain action (approve/split/merge/redeem) for these entries.
    type: call.kind as unknown as OrderType,
    client_order_id: null,
    order_hash: null,
    order_id: null,
    status: null,
    message: call.what,
    ...more,
  };
}

/**
 * Send every call of a prepared plan, in order, each exactly once. Stops at the first failure:
 * a revert (Api), or a receipt that never came (NetworkError, ambiguous, naming the hash).
 */
export async function executeAction(svc: Services, a: PreparedAction): Promise<ChainSent[]> {
  const sent: ChainSent[] = [];
  const now = () => new Date(svc.now()).toISOString();
  for (const call of a.plan.calls) {
    svc.journal?.append(entry(a.exchange, call, 'intent', now(), {}), true);
    // The transaction hash, and for a relayed call the relayer's transaction id (`order_id`).
    let sentAs: Pick<JournalEntry, 'order_hash' | 'order_id'> = { order_hash: null, order_id: null };
    let r: ChainSent;
    try {
      r = await a.chain.send(a.plan, call, (h, relayId) => {
        sentAs = { order_hash: h, order_id: relayId ?? null };
        svc.journal?.append(entry(a.exchange, call, 'sent', now(), sentAs), true);
      });
    } catch (e) {
      const err = e as PmtError;
      if (err instanceof PmtError && err.ambiguous) svc.journal?.append(entry(a.exchange, call, 'unknown', now(), { ...sentAs, message: err.message }));
      else svc.journal?.append(entry(a.exchange, call, 'result', now(), { ...sentAs, status: 'failed', message: (err as Error).message }));
      throw e;
    }
    svc.journal?.append(entry(a.exchange, call, 'result', now(), { order_hash: r.hash, order_id: r.relay_id ?? null, status: r.status, message: `${call.what}: ${r.status}${r.block ? ` in block ${r.block}` : ''}` }));
    sent.push(r);
    if (r.status === 'reverted') {
      throw new PmtError('Api', `transaction ${r.hash} (${call.what}) reverted on chain${sent.length > 1 ? `; ${sent.length - 1} earlier transaction(s) confirmed` : ''}`, { hint: 'run `pmt doctor` to see what the wallet is missing' });
    }
  }
  return sent;
}
