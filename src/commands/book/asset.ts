/**
 * The step `book show|stats|impact` share: the <asset> argument (+ `--outcome`) → which exchange,
 * its adapter, and the orderable asset id (Kalshi ticker or Polymarket token id). Everything is
 * validated before any request.
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { parseLabel } from '../../validate.js';
import type { Exchange } from '../../exchanges/exchange.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { resolveAssetExchange, TOKEN_ID_RE } from '../resolve.js';

/** `--outcome`: yes, no or a label (labels may contain spaces, never control characters). */
export function parseOutcome(input: unknown): string | undefined {
  return input === undefined ? undefined : parseLabel('--outcome', input);
}

export interface BookAsset {
  exchange: ExchangeId;
  adapter: Exchange;
  /** Kalshi market ticker or Polymarket token id. */
  assetId: string;
  /** `--outcome`, passed to fetchOrderbook: on Kalshi `no` is the NO book. */
  outcome?: string;
}

export async function resolveBookAsset(ctx: Context, input: unknown, outcomeFlag: unknown): Promise<BookAsset> {
  const outcome = parseOutcome(outcomeFlag);
  const { exchange, id } = resolveAssetExchange(ctx, input);
  // A token id already is one outcome's book: an --outcome beside it could only be ignored or
  // contradict it, so it is refused rather than silently showing another outcome's book.
  if (outcome !== undefined && exchange === 'polymarket' && TOKEN_ID_RE.test(id.replace(/^polymarket:/i, ''))) {
    throw usageError('--outcome goes with a market id (polymarket:<slug>), not with a token id, which already names one outcome');
  }
  const adapter = await ctx.exchange(exchange);
  const assetId = await adapter.resolveAsset(id, outcome);
  return { exchange, adapter, assetId, outcome };
}

/** The time pmt serves an answer, ISO UTC. */
export function serviceTs(ctx: Context): string {
  return new Date(ctx.now()).toISOString();
}
