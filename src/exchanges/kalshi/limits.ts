/**
 * Kalshi's rate limits by tier (kalshi-typescript 3.30.0, Get Account API Limits:
 * `GET /account/limits` → `{usage_tier, read: {refill_rate, bucket_capacity}, write: {…}, grants}`,
 * token buckets refilled at `refill_rate` tokens a second; List Non-Default Endpoint Costs: the
 * default cost of a request is 10 tokens). pmt reads the account's limits at most once per run —
 * and not at all within an hour of the last read, from the config dir's cache — and paces reads
 * and writes at `refill_rate / 10` requests a second instead of the Basic tier's guess (the
 * manifest's 20 reads, 10 writes). `PMT_KALSHI_RATE` / `PMT_KALSHI_WRITE_RATE` still win; with
 * both set nothing is read. A failed read (an older exchange, a key without the scope) leaves the
 * manifest's budget in place and is remembered for the hour too.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PmtError } from '../../errors.js';
import type { AdapterConfig } from '../config.js';
import type { HttpClient, Signer } from '../http.js';

/** What the limits need of the Kalshi client (structural: client.ts imports this module). */
export interface LimitsHost {
  cfg: AdapterConfig;
  http: HttpClient;
  pace: { perSecond: number };
  writeRate: number;
}

/** Tokens a request costs unless Kalshi lists it otherwise (GetAccountEndpointCostsResponse.default_cost). */
export const DEFAULT_TOKEN_COST = 10;
const CACHE_TTL_MS = 60 * 60 * 1000;

export interface KalshiLimits {
  /** Kalshi's name for the tier (`basic`, `advanced`, `expert`, `premier`, …). */
  tier: string;
  readsPerSecond: number;
  writesPerSecond: number;
}

/** `GET /account/limits` → the tier and the request rates it allows; null when unreadable. */
export function parseLimits(raw: unknown): KalshiLimits | null {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
  const rate = (b: unknown) => {
    const v = b && typeof b === 'object' ? (b as Record<string, unknown>).refill_rate : undefined;
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v / DEFAULT_TOKEN_COST : null;
  };
  const tier = typeof r?.usage_tier === 'string' && r.usage_tier ? r.usage_tier : null;
  const reads = rate(r?.read);
  const writes = rate(r?.write);
  if (!tier || reads === null || writes === null) return null;
  return { tier, readsPerSecond: reads, writesPerSecond: writes };
}

type CacheFile = Record<string, { limits: KalshiLimits | null; at: number }>;

function cachePath(c: LimitsHost): string | null {
  return c.cfg.cacheDir ? join(c.cfg.cacheDir, 'kalshi-limits.json') : null;
}

function readCache(c: LimitsHost): CacheFile {
  const p = cachePath(c);
  if (!p) return {};
  try {
    const v = JSON.parse(readFileSync(p, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as CacheFile) : {};
  } catch {
    return {};
  }
}

function writeCache(c: LimitsHost, key: string, limits: KalshiLimits | null): void {
  const p = cachePath(c);
  if (!p) return;
  try {
    const all = readCache(c);
    all[key] = { limits, at: c.cfg.now() };
    mkdirSync(c.cfg.cacheDir!, { recursive: true, mode: 0o700 });
    const tmp = `${p}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    renameSync(tmp, p);
  } catch {
    // A cache that cannot be written costs one request next run, nothing more.
  }
}

/** Whether the environment fixes both rates (tests, or a trader who knows better). */
export function ratesOverridden(c: LimitsHost): boolean {
  return Boolean(Number(c.cfg.env.PMT_KALSHI_RATE)) && Boolean(Number(c.cfg.env.PMT_KALSHI_WRITE_RATE));
}

/**
 * The account's limits (once per run and key; from the cache within the hour), applied to the
 * read and write pacers. `cacheKey` names the account: the base URL and the API key id.
 */
export async function loadLimits(c: LimitsHost, signer: Signer, cacheKey: string): Promise<KalshiLimits | null> {
  if (ratesOverridden(c)) return null;
  const hit = readCache(c)[cacheKey];
  let limits: KalshiLimits | null;
  if (hit && typeof hit.at === 'number' && c.cfg.now() - hit.at >= 0 && c.cfg.now() - hit.at < CACHE_TTL_MS) {
    limits = hit.limits && typeof hit.limits.tier === 'string' ? hit.limits : null;
  } else {
    try {
      limits = parseLimits(await c.http.get<unknown>('/account/limits', { signer }));
    } catch (e) {
      // Best effort: a refused key is the command's own failure to report (on its own request),
      // and is not remembered; anything else costs only the tuning, for the hour.
      c.cfg.log?.(`Kalshi account limits unavailable (${e instanceof Error ? e.message : String(e)}); pacing at the Basic tier`);
      if (e instanceof PmtError && e.kind === 'Authentication') return null;
      limits = null;
    }
    writeCache(c, cacheKey, limits);
  }
  if (limits) applyLimits(c, limits);
  return limits;
}

/** Re-tune the shared pacers to the tier (an environment rate still wins). */
export function applyLimits(c: LimitsHost, l: KalshiLimits): void {
  c.pace.perSecond = Number(c.cfg.env.PMT_KALSHI_RATE) || l.readsPerSecond;
  c.writeRate = Number(c.cfg.env.PMT_KALSHI_WRITE_RATE) || l.writesPerSecond;
  c.cfg.log?.(`Kalshi API tier ${l.tier}: pacing ${c.pace.perSecond} reads/s and ${c.writeRate} writes/s`);
}

/** The tier as `exchanges --check` shows it. */
export function tierText(l: KalshiLimits): string {
  return `API tier ${l.tier} (${l.readsPerSecond} reads/s, ${l.writesPerSecond} writes/s)`;
}
