/**
 * Polymarket US fees from its published schedule (docs.polymarket.us/fees, effective 2026-09-25):
 * Θ × C × p × (1 − p), taker Θ 0.0695, maker Θ −0.0125 (a rebate), each rounded to the cent half
 * to even. The schedule's own worked examples and rows of its 100-lot table are the cases. The
 * taker Θ is the market's `feeCoefficient` where the gateway sends one (the schedule's exchange-wide
 * Θ otherwise, said in the basis); the order preview shows the estimate instead of "unknown".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { bankersCents, estimateFees, PMUS_MAKER_THETA, PMUS_TAKER_THETA } from '../../../src/exchanges/polymarket-us/fees.js';
import type { PolymarketUsFeeSchedule } from '../../../src/exchanges/exchange.js';
import { runPmt, tempConfigDir } from '../../helpers/cli.js';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';

const schedule: PolymarketUsFeeSchedule = { exchange: 'polymarket-us', taker_theta: PMUS_TAKER_THETA, maker_theta: PMUS_MAKER_THETA, source: 'schedule' };
const one = (price: string, size: number) => ({ price: Decimal.from(price), size: Decimal.from(size) });

describe('the published schedule', () => {
  // [contracts, price, taker pays, maker receives] from the schedule's examples and its 100-lot table.
  it.each([
    [1000, '0.10', '6.26', '1.12'],
    [1000, '0.65', '15.81', '2.84'],
    [1000, '0.30', '14.60', '2.62'],
    [1000, '0.90', '6.26', '1.12'],
    [1000, '0.50', '17.38', '3.12'],
    [100, '0.01', '0.07', '0.01'],
    [100, '0.03', '0.20', '0.04'],
    [100, '0.18', '1.03', '0.18'],
    [100, '0.50', '1.74', '0.31'],
    [100, '0.98', '0.14', '0.02'],
  ] as const)('%i contracts at %s: the taker pays %s, the maker receives %s', (c, p, taker, maker) => {
    const asTaker = estimateFees(null, schedule, { taker: [one(p, c)], maker: null, assumed: false });
    const asMaker = estimateFees(null, schedule, { taker: [], maker: one(p, c), assumed: false });
    expect([asTaker.taker?.toFixed(2), asMaker.maker?.toFixed(2)]).toEqual([taker, `-${maker}`]);
  });

  it("banker's rounding: half to even, both signs", () => {
    expect(['0.025', '0.035', '6.255', '-1.125', '-2.635', '0.0049', '0.0051'].map((x) => bankersCents(Decimal.from(x)).toFixed(2))).toEqual(['0.02', '0.04', '6.26', '-1.12', '-2.64', '0.00', '0.01']);
  });

  it('an order filling against several levels pays the rounding of the summed exact fee (the schedule’s cap), the resting part a rebate', () => {
    const f = estimateFees(null, { ...schedule, taker_theta: '0.1', source: 'market' }, { taker: [one('0.40', 3), one('0.41', 3)], maker: one('0.41', 10), assumed: false });
    // 0.1 × (3 × 0.24 + 3 × 0.2419) = 0.14457 → 0.14; −0.0125 × 10 × 0.2419 = −0.030238 → −0.03
    expect([f.taker?.toFixed(2), f.maker?.toFixed(2), f.basis]).toEqual(['0.14', '-0.03', expect.stringContaining("taker 0.1 × C × p × (1 − p) (the market's feeCoefficient)")]);
  });
});

describe('the order preview on Polymarket US', () => {
  let d: Doubles;
  let env: Record<string, string>;
  beforeAll(async () => {
    d = await startDoubles();
    const seed = Buffer.alloc(32, 5);
    d.polymarketUs.api.registerSeed('pmus-fees-0001', seed);
    d.polymarketUs.api.setBuyingPower('pmus-fees-0001', 1000);
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'us.key'), seed.toString('base64'), { mode: 0o600 });
    env = { ...d.env, PMT_CONFIG_DIR: dir, POLYMARKET_US_API_KEY_ID: 'pmus-fees-0001', POLYMARKET_US_PRIVATE_KEY_PATH: join(dir, 'us.key') };
  });
  afterAll(() => d?.close());

  it("--dry-run: the fee from the market's coefficient, part taker and part maker rebate; a market without one is priced with the schedule's", async () => {
    const dry = (asset: string, price: string, size: string) =>
      runPmt(['order', 'create', '--asset', asset, '--outcome', 'yes', '--side', 'buy', '--price', price, '--size', size, '--dry-run', '--json'], { env });
    const thunder = await dry('polymarket-us:nba-finals-2026-thunder', '0.42', '5');
    expect(thunder.exitCode, thunder.stderr).toBe(0);
    // All five take the 0.42 offer: 0.1 × 5 × 0.42 × 0.58 = 0.1218 → $0.12.
    expect(JSON.parse(thunder.stdout).preview.fee_estimate).toMatchObject({ taker: 0.12, maker: 0, total: 0.12, taker_size: 5, maker_size: 0, reason: null, schedule: { taker_theta: '0.1', source: 'market' } });
    const fed = await dry('polymarket-us:fed-cut-december-2026', '0.630', '300');
    expect(fed.exitCode, fed.stderr).toBe(0);
    // 200 take the 0.630 offer (0.0695 × 200 × 0.63 × 0.37 = 3.24009 → $3.24); 100 rest: rebate −0.291375 → −$0.29.
    const p = JSON.parse(fed.stdout).preview;
    expect(p.fee_estimate).toMatchObject({ taker: 3.24, maker: -0.29, total: 2.95, taker_size: 200, maker_size: 100, schedule: { taker_theta: '0.0695', source: 'schedule' } });
    expect(p.fee_estimate.basis).toMatch(/exchange-wide Θ; the market sent no feeCoefficient/);
    expect(p.cost_with_fees).toBe(191.95);
    const people = await runPmt(['order', 'create', '--asset', 'polymarket-us:nba-finals-2026-thunder', '--outcome', 'yes', '--side', 'buy', '--price', '0.42', '--size', '5', '--dry-run'], { env: { ...env, NO_COLOR: '1' } });
    expect(people.exitCode, people.stderr).toBe(0);
    expect(people.stdout + people.stderr).toMatch(/Fee \(est\.\)\s+\$0\.12 · taker \$0\.12 on the 5 filling now/);
    expect(people.stdout + people.stderr).not.toMatch(/unknown/);
  });
});
