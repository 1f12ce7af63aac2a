// Placeholder: the Polymarket Gamma double (markets, events, keyset paging) lands here.
import type { Router } from '../server.js';

export interface GammaOptions {
  /** Number of events in the generated catalogue. */
  events?: number;
}

export function createGamma(_opts: GammaOptions = {}) {
  return {
    register(_router: Router): void {},
  };
}
export type Gamma = ReturnType<typeof createGamma>;
