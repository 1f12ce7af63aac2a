/**
 * Which order version the CLOB takes: `GET /version` → `{"version": N}` (absent field or a CLOB
 * without the route: 2, as the official client assumes). Asked once per process (per client), and
 * kept for a few minutes in a small file in the config directory so a run of CLI commands does
 * not pay one more round trip each. The file is keyed by CLOB base URL (a loopback double never
 * answers for production) and is only an optimisation: unreadable or unwritable is ignored.
 *
 * A cached answer can go stale the moment Polymarket switches; the CLOB then refuses the order
 * with `order_version_mismatch` and createOrder asks again (`refresh`) before signing once more.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PmtError } from '../../errors.js';
import type { PolymarketClient } from './client.js';
import { isKnownVersion, KNOWN_ORDER_VERSIONS, type OrderVersion } from './order-versions.js';

export const VERSION_CACHE_FILE = 'clob-version.json';
/** How long a version read from the file is trusted (a refusal refreshes it sooner). */
export const VERSION_CACHE_TTL_MS = 5 * 60_000;
export const VERSION_MISMATCH_RE = /order_version_mismatch/i;

const memory = new WeakMap<PolymarketClient, Promise<OrderVersion>>();

type CacheFile = Record<string, { version: number; at: number }>;

/** The cache key: the CLOB this client talks to (a double never answers for production). */
const clobKey = (c: PolymarketClient): string => c.clob.url('').replace(/\/$/, '');

function cachePath(c: PolymarketClient): string | null {
  return c.cfg.cacheDir ? join(c.cfg.cacheDir, VERSION_CACHE_FILE) : null;
}

function readCache(c: PolymarketClient): CacheFile {
  const p = cachePath(c);
  if (!p) return {};
  try {
    const v = JSON.parse(readFileSync(p, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as CacheFile) : {};
  } catch {
    return {};
  }
}

function writeCache(c: PolymarketClient, version: number): void {
  const p = cachePath(c);
  if (!p) return;
  try {
    const all = readCache(c);
    all[clobKey(c)] = { version, at: c.cfg.now() };
    mkdirSync(c.cfg.cacheDir!, { recursive: true, mode: 0o700 });
    // Write then rename: a concurrent pmt never reads half a file.
    const tmp = `${p}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    renameSync(tmp, p);
  } catch {
    // A cache that cannot be written costs one request next time, nothing more.
  }
}

function fromFile(c: PolymarketClient): number | null {
  const hit = readCache(c)[clobKey(c)];
  if (!hit || typeof hit.version !== 'number' || typeof hit.at !== 'number') return null;
  const age = c.cfg.now() - hit.at;
  return age >= 0 && age < VERSION_CACHE_TTL_MS ? hit.version : null;
}

/** The version a `/version` answer names (2 when it names none). */
export function parseVersion(raw: unknown): number {
  const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).version : undefined;
  if (v === undefined || v === null) return 2;
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : NaN;
}

async function ask(c: PolymarketClient): Promise<number> {
  try {
    const v = parseVersion(await c.clob.get<unknown>('/version'));
    c.cfg.log?.(`Polymarket CLOB takes order version ${v}`);
    if (Number.isInteger(v)) writeCache(c, v);
    return v;
  } catch (e) {
    // A CLOB from before the route existed takes V2 orders.
    if (e instanceof PmtError && e.status === 404) return 2;
    throw e;
  }
}

/** A version pmt can sign, or NotSupported naming the one the exchange asked for. */
export function knownOrThrow(v: number): OrderVersion {
  if (isKnownVersion(v)) return v;
  throw new PmtError('NotSupported', `Polymarket's CLOB takes order version ${Number.isNaN(v) ? '(unreadable)' : v}, which this pmt cannot sign (it signs versions ${KNOWN_ORDER_VERSIONS.join(', ')}); no order was placed`, {
    hint: 'reads and cancels still work; update pmt to place Polymarket orders again',
  });
}

/**
 * The order version to sign: the process's answer, else a fresh one from the file, else
 * `GET /version`. `refresh` skips both caches (after an `order_version_mismatch`).
 */
export function orderVersion(c: PolymarketClient, opts: { refresh?: boolean } = {}): Promise<OrderVersion> {
  let p = opts.refresh ? undefined : memory.get(c);
  if (!p) {
    p = (async () => {
      const cached = opts.refresh ? null : fromFile(c);
      return knownOrThrow(cached ?? (await ask(c)));
    })();
    p.catch(() => memory.delete(c));
    memory.set(c, p);
  }
  return p;
}
