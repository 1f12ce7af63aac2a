/**
 * The smaller steps of create_order (ops/order-create.ts): the asset typed at a prompt checked
 * there, the token of an outcome chosen at a prompt, the account read for the preview's funds
 * check, and the hint of a send whose outcome is unknown.
 */
import type { Decimal } from '../decimal.js';
import { PmtError, usageError } from '../errors.js';
import type { AssetInfo, Exchange } from '../exchanges/exchange.js';
import { manifestOf } from '../exchanges/registry.js';
import type { ExchangeId } from '../exchanges/types.js';
import { accountFor } from './portfolio.js';
import { assetTarget } from './resolve.js';
import type { Services } from './services.js';

/**
 * Cash and the traded outcome's contracts held in this market, for the preview's funds check;
 * read in parallel, and never blocking an order (unknown is said, not guessed).
 */
export async function readAccount(svc: Services, id: ExchangeId, info: AssetInfo, outcome: string): Promise<{ cash: Decimal | null; held: Decimal | null; reason?: string }> {
  const r = await accountFor(svc, id, info.market.ticker, outcome);
  return { cash: r.cash, held: r.held, reason: r.reason ?? undefined };
}

/**
 * The asset typed at the prompt, checked there: its shape, then that the market exists and is
 * open, so a typo is asked again instead of ending the whole entry after three more prompts.
 */
export async function assetFound(svc: Services, exchange: ExchangeId | undefined, v: string): Promise<true | string> {
  try {
    const t = assetTarget(svc, { asset_id: v, exchange });
    const ex = await svc.exchange(t.exchange);
    const info = await ex.describeAsset(await ex.resolveAsset(t.id));
    if (info.market.status !== 'active') return `market ${info.market.unified_id} is ${info.market.status}: it takes no orders`;
    return true;
  } catch (e) {
    if (e instanceof PmtError) return e.hint ? `${e.message} (${e.hint})` : e.message;
    return `could not check it: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** One token per outcome: choosing another outcome at the prompt means trading that outcome's token. */
export async function switchToken(ex: Exchange, info: AssetInfo, outcome: string, assetId: string): Promise<{ assetId: string; info: AssetInfo }> {
  if (manifestOf(ex.id).outcomes !== 'token-per-outcome' || outcome.toLowerCase() === info.book_outcome.toLowerCase()) return { assetId, info };
  const token = info.market.outcomes.find((o) => o.label.toLowerCase() === outcome.toLowerCase())?.token_id;
  if (!token) throw usageError(`outcome "${outcome}" has no token on ${info.market.unified_id}`);
  return { assetId: token, info: await ex.describeAsset(token) };
}

/** A write that may have landed must not be retried blindly. */
export function withAmbiguityHint(e: unknown): unknown {
  if (e instanceof PmtError && e.ambiguous && !e.hint) {
    return new PmtError(e.kind, e.message, {
      hint: 'the order may have reached the exchange: check `pmt order list` before sending it again',
      status: e.status,
      details: e.details,
      ambiguous: true,
      cause: e,
    });
  }
  return e;
}
