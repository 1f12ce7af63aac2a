/**
 * The exchanges' ids, in display order, and nothing else: the ground floor the models (and the
 * input rules) stand on, importing nothing. Each id has its folder `exchanges/<id>/` and its
 * manifest in `exchanges/registry.ts`, which checks (by type and at load) that the two lists agree.
 */
export const EXCHANGE_IDS = ['kalshi', 'polymarket', 'polymarket-us'] as const;

/** Exchange A is `kalshi`, exchange B is `polymarket`. */
export type ExchangeId = (typeof EXCHANGE_IDS)[number];
