/**
 * GTD on Polymarket: `expires_at` → `orderType: "GTD"` with `expiration` (unix seconds) in the
 * POST body (outside the signed V2/V3 struct, as the official client sends it; the byte case is in
 * protocol-v2.test.ts), and the ops-level check of the exchange's minimum lead (3 minutes, from
 * @polymarket/client 0.2.0), which refuses a time inside it naming the earliest allowed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exitCodeFor, PmtError } from '../../../src/errors.js';
import type { CreateOrderRequest } from '../../../src/exchanges/types.js';
import { orderReq, type LooseOrder } from '../../helpers/order-request.js';
import { expiresFor, parseExpiresInput } from '../../../src/ops/expires.js';
import { recoverOrderSigner } from '../../upstream/polymarket/clob-versions.js';
import { adapterFor, addressOf, KEYS, sent, startTrading } from './trading-fixture.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const sec = NOW / 1000;

describe('the expiry, checked in ops', () => {
  test('ISO 8601 (zone or UTC) and unix seconds', () => {
    expect(parseExpiresInput('--expires', '2026-11-27T12:10:00Z')).toBe(sec + 600);
    expect(parseExpiresInput('--expires', '2026-11-27 12:10:00')).toBe(sec + 600);
    expect(parseExpiresInput('--expires', '2026-11-27T13:10:00+01:00')).toBe(sec + 600);
    expect(parseExpiresInput('--expires', String(sec + 600))).toBe(sec + 600);
    expect(() => parseExpiresInput('--expires', 'tomorrow')).toThrow(/--expires must be an ISO 8601 time .* or unix seconds \(got "tomorrow"\)/);
  });

  test('inside Polymarket\'s 3-minute lead: refused locally (exit 2), naming the earliest allowed', () => {
    const q = { field: '--expires', exchange: 'polymarket' as const, orderType: 'gtc' as const, nowMs: NOW };
    expect(expiresFor({ ...q, value: sec + 180 })).toBe(sec + 180);
    let e: unknown;
    try {
      expiresFor({ ...q, value: '2026-11-27T12:02:00Z' });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(PmtError);
    expect(exitCodeFor(e as PmtError)).toBe(2);
    expect((e as PmtError).message).toBe('--expires 2026-11-27T12:02:00Z is too soon: Polymarket needs an expiry at least 3 minutes ahead; the earliest allowed now is 2026-11-27T12:03:00Z (1795780980)');
    expect(() => expiresFor({ ...q, value: sec - 60 })).toThrow(/too soon/);
    expect(expiresFor({ ...q, value: undefined })).toBeUndefined();
  });

  test('only resting orders expire', () => {
    expect(() => expiresFor({ field: 'expires', value: sec + 3600, exchange: 'polymarket', orderType: 'ioc', nowMs: NOW })).toThrow(/expires is for orders that rest on the book \(gtc\); a ioc order fills now or never/);
  });
});

describe('a GTD order against the CLOB double', () => {
  let env: Awaited<ReturnType<typeof startTrading>>;
  let token: string;
  const carol = addressOf(KEYS.carol).toLowerCase();
  const req = (o: Partial<LooseOrder> = {}): CreateOrderRequest => orderReq({ asset_id: token, outcome: 'yes', side: 'buy', price: 0.4, size: 10, order_type: 'gtc', ...o });
  beforeAll(async () => {
    env = await startTrading();
    [token] = env.t.addMarket({}) as [string];
  });
  afterAll(async () => env.d.close());
  beforeEach(() => {
    env.clob.resetLog();
    env.t.fund(carol, 1000);
  });

  test('sent as orderType GTD with the expiration in the body; it rests with it', async () => {
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    const at = Math.floor(Date.now() / 1000) + 3600;
    const o = await ex.createOrder(req({ expires_at: at }));
    expect(o.status).toBe('open');
    const [post] = sent(env.clob, 'POST', /^\/order$/).map((r) => JSON.parse(r.body) as { orderType: string; order: Record<string, unknown> });
    expect([post!.orderType, post!.order.expiration]).toEqual(['GTD', String(at)]);
    expect(await recoverOrderSigner(post!.order, false, 2)).toBe(carol);
    expect(env.t.engine.orders.get(o.id)!.expiration).toBe(String(at));
    const preview = (await ex.previewOrder(req({ expires_at: at }))) as { body: { orderType: string; order: { expiration: string } } };
    expect([preview.body.orderType, preview.body.order.expiration]).toEqual(['GTD', String(at)]);
  });

  test('without an expiry: GTC with expiration 0, as before', async () => {
    const { ex } = adapterFor(env.d, { POLYMARKET_PRIVATE_KEY: KEYS.carol });
    await ex.createOrder(req());
    const [post] = sent(env.clob, 'POST', /^\/order$/).map((r) => JSON.parse(r.body) as { orderType: string; order: Record<string, unknown> });
    expect([post!.orderType, post!.order.expiration]).toEqual(['GTC', '0']);
  });
});
