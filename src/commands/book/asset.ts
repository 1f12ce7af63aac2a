/**
 * The step `book show|stats|impact` share: the <asset> argument (+ `--outcome`) → which exchange,
 * its adapter, and the orderable asset id (Kalshi ticker or Polymarket token id). Everything is
 * validated before any request.
 */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import type { Exchange } from '../../exchanges/exchange.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { resolveAssetExchange, TOKEN_ID_RE } from '../resolve.js';

// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** `--outcome`: yes, no or a label (labels may contain spaces, never control characters). */
export function parseOutcome(input: unknown): string | undefined {
  if (input === undefined) return undefined;
  const raw = String(input);
  // Checked before trimming: String.prototype.trim() also strips a byte-order mark (U+FEFF).
  if (CONTROL_RE.test(raw)) throw usageError('--outcome must not contain control characters');
  const s = raw.trim();
  if (s === '') throw usageError('--outcome must not be empty (yes, no, or an outcome label)');
  if (s.length > 200) throw usageError(`--outcome is too long (${s.length} characters, at most 200)`);
  return s;
}

export interface BookAsset {
  exchange: ExchangeId;
  adapter: Exchange;
  /** Kalshi market ticker or Polymarket token id. */
  assetId: string;
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
  return { exchange, adapter, assetId };
}

/** The time pmt serves an answer, ISO UTC. */
export function serviceTs(ctx: Context): string {
  return new Date(ctx.now()).toISOString();
}
