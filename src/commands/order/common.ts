/**
 * What the order commands share: which exchanges have credentials, which exchanges a command
 * acts on, and how an `--outcome` flag becomes the interface's OutcomeSpec.
 */
import type { Context } from '../../context.js';
import { PmtError, usageError } from '../../errors.js';
import { EXCHANGE_IDS, type ExchangeId, type OutcomeSpec } from '../../exchanges/types.js';
import { outcomeLabel, parseOutcomeSpec, specFor } from '../../outcome.js';
import { parseId } from '../../validate.js';
import { resolveAssetExchange } from '../resolve.js';

const FIX: Record<ExchangeId, string> = {
  kalshi: 'run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path FILE`, or set KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH',
  polymarket: 'run `pmt profile add <name>` on a terminal (it asks for the key without echoing it), or set POLYMARKET_PRIVATE_KEY (and POLYMARKET_FUNDER for a proxy/Safe wallet)',
};

/** Exchanges whose credentials resolve right now (flag > env > profile). */
export async function configuredExchanges(ctx: Context): Promise<ExchangeId[]> {
  const c = await ctx.credentials();
  return EXCHANGE_IDS.filter((id) => (id === 'kalshi' ? c.kalshi : c.polymarket) !== null);
}

/** `Config` (exit 9) naming the command that fixes it, before any request is made. */
export function missingCredentials(id: ExchangeId, profileName: string | null): PmtError {
  const where = profileName ? `profile "${profileName}" has no ${id} credentials and none are set in the environment` : `no ${id} credentials (no profile, no environment variables)`;
  return new PmtError('Config', `${id} needs credentials for this: ${where}`, { hint: FIX[id] });
}

export async function requireCredentials(ctx: Context, id: ExchangeId): Promise<void> {
  const c = await ctx.credentials();
  if ((id === 'kalshi' ? c.kalshi : c.polymarket) === null) throw missingCredentials(id, c.profileName);
}

/**
 * The exchanges a read or cancel acts on: `--exchange`, else the asset's exchange, else every
 * exchange with credentials (none configured is `Config`).
 */
export async function targetExchanges(ctx: Context, asset: string | undefined): Promise<{ ids: ExchangeId[]; asset?: string }> {
  if (asset !== undefined) {
    const { exchange, id } = resolveAssetExchange(ctx, asset);
    await requireCredentials(ctx, exchange);
    return { ids: [exchange], asset: id };
  }
  const flag = ctx.exchangeFlag();
  if (flag) {
    await requireCredentials(ctx, flag);
    return { ids: [flag] };
  }
  const ids = await configuredExchanges(ctx);
  if (ids.length === 0) {
    const c = await ctx.credentials();
    throw new PmtError('Config', `no exchange credentials${c.profileName ? ` in profile "${c.profileName}" or the environment` : ' (no profile, no environment variables)'}`, {
      hint: 'run `pmt profile add <name>` to add Kalshi or Polymarket credentials',
    });
  }
  return { ids };
}

/** `--outcome` text → OutcomeSpec (see outcome.ts). */
export function parseOutcome(input: unknown): OutcomeSpec {
  return parseOutcomeSpec('--outcome', input);
}

export { outcomeLabel, specFor };

/** Case-insensitive label comparison ("yes" matches "Yes" and "YES"). */
export function sameLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

