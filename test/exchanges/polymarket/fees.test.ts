/** Polymarket fee inputs over real HTTP against the CLOB double: /fee-rate and the /clob-markets fee curve. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { PmtError } from '../../../src/errors.js';
import { adapterFor, catalogMarket, startTrading, type CatalogPick } from './trading-fixture.js';

let env: Awaited<ReturnType<typeof startTrading>>;
let m: CatalogPick;
const pub = () => adapterFor(env.d, {}).ex;

beforeAll(async () => {
  env = await startTrading();
  m = catalogMarket(env.d, { tick: '0.01', negRisk: false, nth: 2 });
});
afterAll(async () => env.d.close());
beforeEach(() => {
  env.clob.resetLog();
  env.clob.clearFaults();
});

describe('polymarket fetchFeeSchedule', () => {
  it('a fee-free market: base fee 0 and no fee curve, read without any credentials', async () => {
    const ex = pub();
    const s = await ex.fetchFeeSchedule(await ex.describeAsset(m.yes));
    expect(s).toEqual({ exchange: 'polymarket', base_fee_bps: 0, rate: null, exponent: null, taker_only: null });
    const fee = env.clob.requests.find((r) => r.path === '/fee-rate')!;
    expect(fee.query.get('token_id')).toBe(m.yes);
    expect(env.clob.requests.some((r) => r.path === `/clob-markets/${m.conditionId}`)).toBe(true);
    for (const r of env.clob.requests) expect(Object.keys(r.headers).filter((h) => h.startsWith('poly_'))).toEqual([]);
  });

  it('a fee-charging market: the base fee and the fee curve as the CLOB sends them', async () => {
    env.t.setFees(m.conditionId, { baseFee: 1000, fd: { r: 0.04, e: 1, to: true } });
    const ex = pub();
    expect(await ex.fetchFeeSchedule(await ex.describeAsset(m.no))).toEqual({ exchange: 'polymarket', base_fee_bps: 1000, rate: 0.04, exponent: 1, taker_only: true });
    env.t.setFees(m.conditionId, { baseFee: 0 });
  });

  it('one read failing leaves the other; both failing rejects', async () => {
    env.t.setFees(m.conditionId, { baseFee: 1000, fd: { r: 0.04, e: 1, to: true } });
    const ex = pub();
    const info = await ex.describeAsset(m.yes);
    env.clob.inject({ kind: 'status', status: 500, body: '{"error":"Internal server error"}' }, { path: /^\/fee-rate/, times: 10 });
    expect(await ex.fetchFeeSchedule(info)).toMatchObject({ base_fee_bps: null, rate: 0.04 });
    env.clob.inject({ kind: 'status', status: 500, body: '{"error":"Internal server error"}' }, { path: /^\/clob-markets\//, times: 10 });
    await expect(ex.fetchFeeSchedule(info)).rejects.toBeInstanceOf(PmtError);
    env.t.setFees(m.conditionId, { baseFee: 0 });
  });

  it('fees per category: without a CLOB curve, the market\'s Gamma feeSchedule is the rate (and feesEnabled false is no fee)', async () => {
    const g = env.d.polymarket.gamma;
    const crypto = g.addV2Market({ label: 'fee-crypto', yesPrice: '0.6', feeType: 'crypto_fees', feeSchedule: { rate: 0.072, exponent: 1, takerOnly: true, rebateRate: 0.2 } });
    const free = g.addV2Market({ label: 'fee-free', feesEnabled: false });
    const ex = pub();
    const info = await ex.describeAsset(crypto.positionIds[0]);
    const s = await ex.fetchFeeSchedule(info);
    expect(s).toEqual({ exchange: 'polymarket', base_fee_bps: 0, rate: 0.072, exponent: 1, taker_only: true });
    // 100 taken at 0.60: 100 × 0.072 × 0.6 × 0.4 = 1.728; makers pay none.
    const fee = ex.estimateFees(s, { taker: [{ price: Decimal.from('0.6'), size: Decimal.from(100) }], maker: null, assumed: false });
    expect([fee.taker?.toFixed(), fee.maker?.toFixed()]).toEqual(['1.728', '0']);
    expect(await ex.fetchFeeSchedule(await ex.describeAsset(free.positionIds[0]))).toMatchObject({ rate: 0 });
  });

  it('the double answers both documented forms and the documented errors', async () => {
    const get = (path: string) => fetch(`${env.d.env.PMT_POLYMARKET_CLOB_URL}${path}`).then(async (r) => [r.status, await r.json()]);
    expect(await get(`/fee-rate/${m.yes}`)).toEqual([200, { base_fee: 0 }]);
    expect(await get(`/fee-rate?token_id=${m.yes}`)).toEqual([200, { base_fee: 0 }]);
    expect(await get('/fee-rate?token_id=0xabc')).toEqual([400, { error: 'Invalid token id' }]);
    expect(await get('/fee-rate/123456789')).toEqual([404, { error: 'fee rate not found for market' }]);
  });
});
