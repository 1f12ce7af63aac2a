/** Kalshi fee inputs over real HTTP against the double: event → series, public reads, failures. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { PmtError } from '../../../src/errors.js';
import { createKalshi, type KalshiExchange } from '../../../src/exchanges/kalshi/index.js';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';

let d: Doubles;
let k: KalshiExchange;
const FIXTURE = 'KXTEST-25Q4-CONTRACT';

beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 300 } });
  const cfg: AdapterConfig = {
    env: { PMT_KALSHI_RATE: '1000' },
    urls: { kalshi: d.env.PMT_KALSHI_API_URL!, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    credentials: async () => ({ profileName: null, kalshi: null, polymarket: null, kalshiDemo: null }),
    now: Date.now,
  };
  k = createKalshi(cfg);
  d.kalshi.orders.addMarket({ ticker: 'KXFEE-26DEC31-A' });
  d.kalshi.orders.addMarket({ ticker: 'KXLOST-26DEC31-A' });
});
afterAll(() => d?.close());
beforeEach(() => {
  d.resetLogs();
  d.kalshi.double.clearFaults();
});

describe('kalshi fetchFeeSchedule', () => {
  it('reads the event for its series, then the series fees; both public, no credentials sent', async () => {
    d.kalshi.markets.setSeriesFees('KXTEST', 'quadratic_with_maker_fees', 0.5);
    const s = await k.fetchFeeSchedule(await k.describeAsset(FIXTURE));
    expect(s).toEqual({ exchange: 'kalshi', series: 'KXTEST', fee_type: 'quadratic_with_maker_fees', fee_multiplier: 0.5 });
    const reads = d.kalshi.double.requests.filter((r) => /^\/(events|series)\//.test(r.path.replace(/^\/trade-api\/v2/, '')));
    expect(reads.map((r) => r.path.replace(/^\/trade-api\/v2/, ''))).toEqual(['/events/KXTEST-25Q4', '/series/KXTEST']);
    for (const r of reads) expect(Object.keys(r.headers).filter((h) => h.startsWith('kalshi-access'))).toEqual([]);
  });

  it('a market added elsewhere, its event and series set by the test', async () => {
    d.kalshi.markets.addEvent('KXFEE-26DEC31', 'KXFEE');
    d.kalshi.markets.setSeriesFees('KXFEE', 'quadratic', 1);
    const s = await k.fetchFeeSchedule(await k.describeAsset('KXFEE-26DEC31-A'));
    expect(s).toEqual({ exchange: 'kalshi', series: 'KXFEE', fee_type: 'quadratic', fee_multiplier: 1 });
  });

  it('an event Kalshi does not know rejects (the preview then says the fee is unknown)', async () => {
    const info = await k.describeAsset('KXLOST-26DEC31-A');
    await expect(k.fetchFeeSchedule(info)).rejects.toBeInstanceOf(PmtError);
  });

  it('a series read that fails after retries rejects with the upstream error', async () => {
    const info = await k.describeAsset(FIXTURE);
    d.kalshi.double.inject({ kind: 'status', status: 500 }, { path: /\/series\//, times: 10 });
    await expect(k.fetchFeeSchedule(info)).rejects.toBeInstanceOf(PmtError);
  });
});
