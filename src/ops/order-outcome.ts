/**
 * Is `--outcome` valid for this asset? Kalshi: Yes or No, both traded on the one YES book.
 * Polymarket: the asset is one outcome's token, so the outcome must be that token's; naming the
 * other outcome is an error that names the token to use instead (contract: prices and outcomes).
 */
import { manifestOf } from '../exchanges/registry.js';
import type { AssetInfo } from '../exchanges/exchange.js';
import { usageError } from '../errors.js';
import { sameLabel } from '../outcome.js';

/**
 * The outcome label as the exchange publishes it, or a usage error saying what to pass, in the
 * surface's words (`names`: `--outcome` and `--asset` on the CLI, `outcome` and `asset_id` on serve).
 */
export function checkOutcome(info: AssetInfo, wanted: string, names: { outcome: string; asset: string } = { outcome: '--outcome', asset: '--asset' }): string {
  const { outcome: field, asset } = names;
  if (sameLabel(wanted, info.book_outcome)) return info.book_outcome;
  const labels = info.outcomes.length ? info.outcomes : info.market.outcomes.map((o) => o.label);
  const m = manifestOf(info.exchange);
  if (m.outcomes === 'yes-book') {
    const hit = labels.find((l) => sameLabel(l, wanted));
    if (hit) return hit;
    throw usageError(`${field} "${wanted}" is not an outcome of ${info.market.unified_id} (${m.name} markets are yes or no)`);
  }
  const other = info.market.outcomes.find((o) => sameLabel(o.label, wanted));
  if (other?.token_id) {
    throw usageError(
      `${field} "${wanted}" does not match asset ${info.asset_id}, the "${info.book_outcome}" token of ${info.market.unified_id}; ` +
        `to trade "${other.label}" use its token: ${asset} ${other.token_id}`,
      `or pass ${asset} ${info.market.unified_id} ${field} ${JSON.stringify(other.label)}`,
    );
  }
  const all = info.market.outcomes.map((o) => o.label).join(', ') || labels.join(', ');
  throw usageError(`${field} "${wanted}" is not an outcome of ${info.market.unified_id}${all ? ` (outcomes: ${all})` : ''}`);
}
