/**
 * `pmt settlements` against the Kalshi double's `GET /portfolio/settlements` (signed, paged):
 * result, contracts, cost, payout (revenue cents → dollars), fees and net, exactly.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { TOKEN } from '../serve/helpers.js';
import { startServe } from '../serve/process.js';

let d: Doubles;
let env: Record<string, string>;

beforeAll(async () => {
  d = await startDoubles();
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem') };
  d.kalshi.portfolio.state.settlementsPageCap = 1; // every row on its own page: the cursor is followed
  d.kalshi.portfolio.seedSettlements(key.keyId, [
    { ticker: 'KXTEST-WON', event_ticker: 'KXTEST', market_result: 'yes', yes_count_fp: '10.00', yes_total_cost_dollars: '6.3000', no_count_fp: '0.00', no_total_cost_dollars: '0.0000', revenue: 1000, settled_time: '2026-11-26T20:00:00Z', fee_cost: '0.1400', value: 100 },
    { ticker: 'KXTEST-LOST', event_ticker: 'KXTEST', market_result: 'yes', yes_count_fp: '0.00', yes_total_cost_dollars: '0.0000', no_count_fp: '4.00', no_total_cost_dollars: '1.2000', revenue: 0, settled_time: '2026-11-25T20:00:00Z', fee_cost: '0.0400', value: 100 },
  ]);
});
afterAll(() => d.close());

describe('pmt settlements', () => {
  it('lists what settled with payout, fees and net, following the cursor', async () => {
    const r = await runPmt(['settlements', '--json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { exchange: 'kalshi', market_ticker: 'KXTEST-WON', event_ticker: 'KXTEST', result: 'yes', yes_count: '10', no_count: '0', cost: '6.30', payout: '10.00', fees: '0.14', net: '3.56', settled_time: '2026-11-26T20:00:00.000Z' },
      { exchange: 'kalshi', market_ticker: 'KXTEST-LOST', event_ticker: 'KXTEST', result: 'yes', yes_count: '0', no_count: '4', cost: '1.20', payout: '0.00', fees: '0.04', net: '-1.24', settled_time: '2026-11-25T20:00:00.000Z' },
    ]);
    const one = await runPmt(['settlements', '--limit', '1', '--json'], { env });
    expect(JSON.parse(one.stdout).map((s: { market_ticker: string }) => s.market_ticker)).toEqual(['KXTEST-WON']);
  });

  it('prints a table for people', async () => {
    const r = await runPmt(['settlements'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/KXTEST-WON.*10\.00.*0\.14.*3\.56/);
  });

  it('on Polymarket points at redeem (NotSupported, exit 10)', async () => {
    const r = await runPmt(['settlements', '--exchange', 'polymarket'], { env });
    expect(r.exitCode).toBe(10);
    expect(r.stderr).toContain('pmt position redeem');
  });
});

describe('pmt serve', () => {
  it('GET /v1/account/fetch_settlements and /v1/account/doctor answer what the CLI prints', async () => {
    const s = await startServe([], { ...env, PMT_SERVE_TOKEN: TOKEN });
    try {
      const [r, c] = await Promise.all([s.call('/v1/account/fetch_settlements?limit=1'), runPmt(['settlements', '--limit', '1', '--json'], { env })]);
      expect(r.status, r.text).toBe(200);
      expect(r.text + '\n').toBe(c.stdout);
      const doc = await s.call('/v1/account/doctor?exchange=kalshi');
      expect(doc.status, doc.text).toBe(200);
      expect((doc.json as { kalshi: Array<{ check: string; ok: boolean }> }).kalshi.find((x) => x.check === 'auth')?.ok).toBe(true);
      const pm = await s.call('/v1/account/fetch_settlements?exchange=polymarket');
      expect(pm.status).toBe(501);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });
});
