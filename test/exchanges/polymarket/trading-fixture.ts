/**
 * Shared set-up for the Polymarket trading tests: the loopback doubles, deterministic test keys
 * (fixed hex, never a real wallet) and an adapter built over them with chosen credentials.
 */
import { privateKeyToAccount } from 'viem/accounts';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
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
export function adapterFor(d: Doubles, creds: Record<string, string>, now: () => number = Date.now, extra: Partial<AdapterConfig> = {}): Built {
  const env: NodeJS.ProcessEnv = { ...d.env, PMT_POLYMARKET_RATE: '2000', ...creds };
  const log: string[] = [];
  const cfg: AdapterConfig = {
    env,
    urls: { kalshi: d.env.PMT_KALSHI_API_URL!, gamma: d.env.PMT_POLYMARKET_GAMMA_URL!, clob: d.env.PMT_POLYMARKET_CLOB_URL!, polymarketWs: d.env.PMT_POLYMARKET_WS_URL! },
    environment: 'custom',
    log: (l) => log.push(l),
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now,
    ...extra,
  };
  return { ex: createPolymarket(cfg), log };
}

export async function startTrading() {
  const d = await startDoubles();
  const t = d.polymarket.trading;
  const clob = d.polymarket.clobDouble;
  return { d, t, clob };
}

export interface CatalogPick {
  slug: string;
  conditionId: string;
  /** Token ids in outcome order (Yes, No). */
  yes: string;
  no: string;
  tick: string;
  minSize: number;
}

/**
 * The `nth` open, order-taking binary Yes/No market of the Gamma double's catalogue with this tick,
 * neg-risk flag and minimum size (default 5, stated on the market), so orders go through the Gamma
 * lookup path.
 */
export function catalogMarket(d: Doubles, want: { tick: '0.01' | '0.001'; negRisk: boolean; minSize?: number; nth?: number }): CatalogPick {
  const g = d.polymarket.gamma;
  const seen = new Set<string>();
  const picks: CatalogPick[] = [];
  for (const t of g.catalog.tokens.values()) {
    if (seen.has(t.slug) || t.tickSize !== want.tick || t.negRisk !== want.negRisk || t.minOrderSize !== (want.minSize ?? 5)) continue;
    seen.add(t.slug);
    const w = g.market(t.slug)?.wire as Record<string, unknown> | undefined;
    if (!w || w.active !== true || w.closed === true || w.acceptingOrders === false || w.orderMinSize === undefined) continue;
    const ids = JSON.parse(String(w.clobTokenIds ?? '[]')) as string[];
    const labels = JSON.parse(String(w.outcomes ?? '[]')) as string[];
    if (ids.length !== 2 || labels.join() !== 'Yes,No') continue;
    picks.push({ slug: t.slug, conditionId: t.conditionId, yes: ids[0]!, no: ids[1]!, tick: t.tickSize, minSize: t.minOrderSize });
  }
  const p = picks[want.nth ?? 0];
  if (!p) throw new Error(`the catalogue has no open market with tick ${want.tick}, neg-risk ${want.negRisk}`);
  return p;
}

/** Requests the CLOB double received, by method and path pattern. */
export function sent(clob: Doubles['polymarket']['clobDouble'], method: string, path: RegExp) {
  return clob.requests.filter((r) => r.method === method && path.test(r.path));
}
