// Placeholder: the Polymarket Gamma double (markets, events, keyset paging) lands here.
import type { Router } from '../server.js';

export interface GammaOptions {
  /** Number of events in the generated catalogue. */
  events?: number;
}

/** What the CLOB doubles need to know about a conditional token. */
export interface TokenInfo {
  tokenId: string;
  slug: string;
  conditionId: string;
  outcome: string;
  tickSize: string;
  negRisk: boolean;
  minOrderSize: number;
  price: number | null;
}

export function createGamma(_opts: GammaOptions = {}) {
  return {
    register(_router: Router): void {},
    /** Token metadata for a CLOB token id, if the catalogue has it. */
    tokenInfo(_tokenId: string): TokenInfo | undefined {
      return undefined;
    },
  };
}
export type Gamma = ReturnType<typeof createGamma>;
