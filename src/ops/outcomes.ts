/**
 * The outcome labels an asset's `--outcome` may name (shell completion asks for them): on an
 * exchange with one YES book per market, Yes and No, without a request; on a token-per-outcome
 * exchange, a market id's own labels (categorical markets have names, not Yes/No), or a token
 * id's own outcome (the only one an order on that token may name).
 */
import { assetTarget } from './resolve.js';
import { splitUnified } from '../exchanges/ids.js';
import { manifestOf, type ExchangeId } from '../exchanges/registry.js';
import type { Services } from './services.js';

export const BINARY_OUTCOMES = ['Yes', 'No'] as const;

export async function outcomeLabels(svc: Services, q: { asset_id: unknown; exchange?: ExchangeId }): Promise<string[]> {
  const { exchange, id } = assetTarget(svc, { asset_id: q.asset_id, exchange: q.exchange });
  const m = manifestOf(exchange);
  if (m.outcomes === 'yes-book') return [...BINARY_OUTCOMES];
  const native = splitUnified(id)?.native ?? id;
  const ex = await svc.exchange(exchange);
  if (m.ids.asset(native)) return [(await ex.describeAsset(native)).book_outcome];
  const page = await ex.fetchMarkets({ status: 'all', market_tickers: [native] });
  return page.markets[0]?.outcomes.map((o) => o.label) ?? [];
}
