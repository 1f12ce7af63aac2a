/** Builds an exchange's adapter from its manifest, loading the adapter's modules on first use. */
import type { AdapterConfig } from './config.js';
import type { Exchange } from './exchange.js';
import { manifestOf, type ExchangeId } from './registry.js';

export async function createExchange(id: ExchangeId, cfg: AdapterConfig): Promise<Exchange> {
  const create = await manifestOf(id).load();
  // Each manifest's `load` returns its adapter factory, typed there (`createKalshi` …).
  return create(cfg) as Exchange;
}
