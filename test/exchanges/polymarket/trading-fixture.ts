/**
 * Shared set-up for the Polymarket trading tests: the loopback doubles, deterministic test keys
 * (fixed hex, never a real wallet) and an adapter built over them with chosen credentials.
 */
import { privateKeyToAccount } from 'viem/accounts';
import type { AdapterConfig } from '../../../src/context.js';
import { resolveCredentials } from '../../../src/credentials.js';
import { createPolymarket, type PolymarketExchange } from '../../../src/exchanges/polymarket/index.js';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';

process.env.PMT_RETRY_BASE_MS = '5';

/** Deterministic test keys: fixed patterns, valid secp256k1 scalars, never funded anywhere. */
export const KEYS = {
  alice: `0x${'a1'.repeat(32)}`,
  bob: `0x${'b2'.repeat(32)}`,
  carol: `0x${'c3'.repeat(32)}`,
} as const;

export function addressOf(key: string): `0x${string}` {
  return privateKeyToAccount(key as `0x${string}`).address;
}

/** A funder (proxy / Safe) address for tests: fixed, lower case. */
export const FUNDER = '0x00000000000000000000000000000000f00dcafe';

export interface Built {
  ex: PolymarketExchange;
  log: string[];
}

/** An adapter over the doubles with these credential variables (POLYMARKET_*). */
export function adapterFor(d: Doubles, creds: Record<string, string>, now: () => number = Date.now): Built {
  const env: NodeJS.ProcessEnv = { ...d.env, PMT_POLYMARKET_RATE: '2000', ...creds };
  const log: string[] = [];
  const cfg: AdapterConfig = {
    env,
    urls: { kalshi: d.env.PMT_KALSHI_API_URL!, gamma: d.env.PMT_POLYMARKET_GAMMA_URL!, clob: d.env.PMT_POLYMARKET_CLOB_URL! },
    kalshiEnvironment: 'custom',
    log: (l) => log.push(l),
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now,
  };
  return { ex: createPolymarket(cfg), log };
}

export async function startTrading() {
  const d = await startDoubles();
  const t = d.polymarket.trading;
  const clob = d.polymarket.clobDouble;
  return { d, t, clob };
}

/** Requests the CLOB double received, by method and path pattern. */
export function sent(clob: Doubles['polymarket']['clobDouble'], method: string, path: RegExp) {
  return clob.requests.filter((r) => r.method === method && path.test(r.path));
}
