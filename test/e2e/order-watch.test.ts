/**
 * `pmt order watch` end to end (built CLI over the doubles): piped, it prints one OrderEvent per
 * line as the Polymarket user channel pushes them, and ends after `--count`; `--json` is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { adapterFor, addressOf, KEYS } from '../exchanges/polymarket/trading-fixture.js';
import { orderReq } from '../helpers/order-request.js';

let d: Doubles;
let env: Record<string, string>;
const carol = addressOf(KEYS.carol);

beforeAll(async () => {
  d = await startDoubles();
  d.polymarket.trading.fund(carol, 100);
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), POLYMARKET_PRIVATE_KEY: KEYS.carol };
});
afterAll(() => d?.close());

describe('pmt order watch', () => {
  it('piped: NDJSON OrderEvents as pushed, until --count', async () => {
    const [token] = d.polymarket.trading.addMarket({}) as [string];
    const before = d.polymarket.userStream.stats.subscribes;
    const run = runPmt(['order', 'watch', '--exchange', 'polymarket', '--count', '2'], { env });
    while (d.polymarket.userStream.stats.subscribes === before) await new Promise((r) => setTimeout(r, 10));
    const { ex } = adapterFor(d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    const o = await ex.createOrder(orderReq({ asset_id: token, outcome: 'yes', side: 'buy', price: 0.3, size: 10, order_type: 'gtc' }));
    await ex.cancelOrder(o.id);
    const r = await run;
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((e) => [e.exchange, e.kind, e.order_id, e.status, e.side, e.price, e.size])).toEqual([
      ['polymarket', 'order', o.id, 'open', 'buy', 0.3, 10],
      ['polymarket', 'order', o.id, 'cancelled', 'buy', 0.3, 10],
    ]);
  });

  it('--json is refused: a stream never ends', async () => {
    const r = await runPmt(['order', 'watch', '--json'], { env });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/use --ndjson/)]);
  });
});
