/**
 * Rate limits by tier: `GET /account/limits` read at most once per run (and from the config dir's
 * cache within the hour), the pacers tuned to the tier's refill rates (10 tokens a request), the
 * environment's rates winning; `checkAuth` (exchanges --check) names the tier.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKalshi } from '../../../src/exchanges/kalshi/index.js';
import { parseLimits } from '../../../src/exchanges/kalshi/limits.js';
import { credentialsFor, MARKETS, type TradingDouble, useTradingDouble } from './orders-harness.js';

let d: TradingDouble;
useTradingDouble({ balance: 1000 }, (double) => {
  d = double;
});

function adapter(cacheDir: string | undefined, log: string[], env: Record<string, string> = {}) {
  return createKalshi({
    env,
    urls: { kalshi: d.double.url },
    environment: 'custom',
    log: (l) => log.push(l),
    credentials: async () => credentialsFor(d.key),
    now: Date.now,
    cacheDir,
  });
}
const limitsReads = () => d.double.requests.filter((r) => r.path === '/account/limits').length;

describe('account limits', () => {
  it('parses the tier and the request rates (refill_rate / 10 tokens)', () => {
    expect(parseLimits({ usage_tier: 'premier', read: { refill_rate: 1000, bucket_capacity: 1000 }, write: { refill_rate: 500, bucket_capacity: 1000 }, grants: [] })).toEqual({
      tier: 'premier',
      readsPerSecond: 100,
      writesPerSecond: 50,
    });
    expect(parseLimits({ usage_tier: 'basic' })).toBeNull();
    expect(parseLimits('nope')).toBeNull();
  });

  it('read once per run, then from the cache; the pacers follow the tier; checkAuth names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmt-limits-'));
    Object.assign(d.orders.tier, { usage_tier: 'premier', read: { refill_rate: 1000, bucket_capacity: 1000 }, write: { refill_rate: 500, bucket_capacity: 1000 } });
    try {
      const log: string[] = [];
      const k = adapter(dir, log);
      const r = await k.checkAuth();
      expect(r.detail).toBe('RSA key accepted; available balance $1000.00; API tier premier (100 reads/s, 50 writes/s)');
      await k.fetchOpenOrders(MARKETS.cent);
      await k.fetchBalance();
      expect(limitsReads()).toBe(1);
      expect(log).toContain('Kalshi API tier premier: pacing 100 reads/s and 50 writes/s');
      // The next run (a new adapter on the same config dir) reads nothing: the cache answers.
      const log2: string[] = [];
      await adapter(dir, log2).fetchBalance();
      expect(limitsReads()).toBe(1);
      expect(log2).toContain('Kalshi API tier premier: pacing 100 reads/s and 50 writes/s');
    } finally {
      Object.assign(d.orders.tier, { usage_tier: 'basic', read: { refill_rate: 200, bucket_capacity: 200 }, write: { refill_rate: 100, bucket_capacity: 100 } });
    }
  });

  it('the environment rates win, and with both set nothing is read', async () => {
    const log: string[] = [];
    await adapter(undefined, log, { PMT_KALSHI_RATE: '1000', PMT_KALSHI_WRITE_RATE: '1000' }).fetchBalance();
    expect(limitsReads()).toBe(0);
    const log2: string[] = [];
    await adapter(undefined, log2, { PMT_KALSHI_RATE: '7' }).fetchBalance();
    expect(log2).toContain('Kalshi API tier basic: pacing 7 reads/s and 10 writes/s');
  });
});
