/**
 * The Polymarket CLOB trading double on its own, driven with hand-made requests: it must accept
 * exactly what Polymarket accepts and refuse the rest, or the adapter tests prove nothing.
 */
import { createHmac } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDoubles, type Doubles } from './doubles.js';
import { typedData } from './polymarket/clob-orders.js';
import type { ApiKeyRecord } from './polymarket/clob-auth.js';

const KEY = `0x${'5a'.repeat(32)}` as const;
const OTHER = `0x${'6b'.repeat(32)}` as const;
const me = privateKeyToAccount(KEY);
const ZERO32 = `0x${'0'.repeat(64)}`;

let d: Doubles;
let base: string;
let creds: ApiKeyRecord;
let yes: string;
let neg: string;

beforeAll(async () => {
  d = await startDoubles();
  base = d.env.PMT_POLYMARKET_CLOB_URL!;
  [yes] = d.polymarket.trading.addMarket({ tickSize: '0.01', minSize: 5 }) as [string, string];
  [neg] = d.polymarket.trading.addMarket({ tickSize: '0.01', minSize: 5, negRisk: true }) as [string, string];
  creds = d.polymarket.trading.issueKey(me.address);
  d.polymarket.trading.fund(me.address, 50);
});
afterAll(async () => d.close());

function l2(method: string, path: string, body = '', c = creds, ts = String(Math.floor(Date.now() / 1000))) {
  const sig = createHmac('sha256', Buffer.from(c.secret, 'base64url')).update(ts + method + path + body).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
  return { POLY_ADDRESS: me.address, POLY_SIGNATURE: sig, POLY_TIMESTAMP: ts, POLY_API_KEY: c.apiKey, POLY_PASSPHRASE: c.passphrase };
}
async function call(method: string, pathAndQuery: string, body?: unknown, headers?: Record<string, string>) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const path = pathAndQuery.split('?')[0]!;
  const res = await fetch(base + pathAndQuery, { method, body: text || undefined, headers: { 'content-type': 'application/json', ...(headers ?? l2(method, path, text)) } });
  return { status: res.status, json: (await res.json()) as any };
}

let salt = 1000;
async function order(o: { tokenId?: string; side?: 'BUY' | 'SELL'; maker?: string; makerAmount?: string; takerAmount?: string; signatureType?: number; negRisk?: boolean; signer?: typeof me } = {}) {
  const signer = o.signer ?? me;
  const wire: Record<string, unknown> = {
    salt: ++salt,
    maker: o.maker ?? signer.address,
    signer: signer.address,
    tokenId: o.tokenId ?? yes,
    makerAmount: o.makerAmount ?? '5200000',
    takerAmount: o.takerAmount ?? '10000000',
    side: o.side ?? 'BUY',
    expiration: '0',
    signatureType: o.signatureType ?? 0,
    timestamp: String(Date.now()),
    metadata: ZERO32,
    builder: ZERO32,
  };
  wire.signature = await signer.signTypedData(typedData(wire, o.negRisk ?? false) as never);
  return wire;
}
const post = (wire: Record<string, unknown>, orderType = 'GTC', owner = creds.apiKey) => call('POST', '/order', { order: wire, owner, orderType, deferExec: false });

describe('L2 HMAC on private routes', () => {
  test('a correct signature passes; the query string is not signed', async () => {
    const r = await call('GET', '/data/orders?next_cursor=MA==');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ next_cursor: 'LTE=', data: [] });
  });
  test.each([
    ['another path', () => l2('GET', '/data/order')],
    ['another method', () => l2('POST', '/data/orders')],
    ['another timestamp', () => ({ ...l2('GET', '/data/orders'), POLY_TIMESTAMP: '1' })],
    ['another address', () => ({ ...l2('GET', '/data/orders'), POLY_ADDRESS: privateKeyToAccount(OTHER).address })],
    ['a wrong passphrase', () => ({ ...l2('GET', '/data/orders'), POLY_PASSPHRASE: 'x' })],
    ['no headers', () => ({})],
  ])('%s → 401 Unauthorized/Invalid api key', async (_n, h) => {
    const r = await call('GET', '/data/orders', undefined, h() as Record<string, string>);
    expect(r).toEqual({ status: 401, json: { error: 'Unauthorized/Invalid api key' } });
  });
});

describe('L1 key derivation', () => {
  async function l1(signer: typeof me, address = signer.address, nonce = 0) {
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = await signer.signTypedData({
      domain: { name: 'ClobAuthDomain', version: '1', chainId: 137 },
      types: { ClobAuth: [{ name: 'address', type: 'address' }, { name: 'timestamp', type: 'string' }, { name: 'nonce', type: 'uint256' }, { name: 'message', type: 'string' }] },
      primaryType: 'ClobAuth',
      message: { address, timestamp: ts, nonce: BigInt(nonce), message: 'This message attests that I control the given wallet' },
    });
    return { POLY_ADDRESS: address, POLY_SIGNATURE: signature, POLY_TIMESTAMP: ts, POLY_NONCE: String(nonce) };
  }
  test('derive fails until created; create once; derive returns the same credentials', async () => {
    const other = privateKeyToAccount(OTHER);
    expect(await call('GET', '/auth/derive-api-key', undefined, await l1(other))).toEqual({ status: 400, json: { error: 'Could not derive api key!' } });
    const created = await call('POST', '/auth/api-key', undefined, await l1(other));
    expect(created.status).toBe(200);
    expect(Object.keys(created.json).sort()).toEqual(['apiKey', 'passphrase', 'secret']);
    expect((await call('GET', '/auth/derive-api-key', undefined, await l1(other))).json).toEqual(created.json);
    expect((await call('POST', '/auth/api-key', undefined, await l1(other))).status).toBe(400);
  });
  test('a signature by another key is refused', async () => {
    const r = await call('GET', '/auth/derive-api-key', undefined, await l1(privateKeyToAccount(OTHER), me.address));
    expect(r).toEqual({ status: 401, json: { error: 'Invalid L1 Request headers' } });
  });
});

describe('POST /order', () => {
  test('a valid signed order rests; its id is the EIP-712 hash; a duplicate is refused', async () => {
    const wire = await order();
    const r = await post(wire);
    expect(r.json).toMatchObject({ success: true, status: 'live', errorMsg: '' });
    expect(r.json.orderID).toMatch(/^0x[0-9a-f]{64}$/);
    const again = await post(wire);
    expect(again.status).toBe(400);
    expect(again.json.error).toMatch(/Duplicated/);
    await call('DELETE', '/cancel-all');
  });

  test.each([
    ['signed for the wrong exchange contract', async () => post(await order({ tokenId: neg, negRisk: false })), 'invalid signature'],
    ['amount changed after signing', async () => post({ ...(await order()), makerAmount: '5300000' }), 'invalid signature'],
    ['maker differs from signer for an EOA', async () => post(await order({ maker: '0x00000000000000000000000000000000f00dcafe' })), 'invalid signature'],
    ['a proxy type for an unlinked wallet', async () => post(await order({ maker: '0x00000000000000000000000000000000f00dcafe', signatureType: 1 })), 'invalid signature'],
    ['signer is not the API key owner', async () => post(await order({ signer: privateKeyToAccount(OTHER) })), 'the order signer address has to be the address of the API KEY'],
    ['owner is not the API key', async () => post(await order(), 'GTC', 'someone-else'), 'the order owner has to be the owner of the API KEY'],
    ['price off the tick grid (0.523)', async () => post(await order({ makerAmount: '5230000' })), /breaks minimum tick size rule: 0.01/],
    ['below the minimum size', async () => post(await order({ makerAmount: '2080000', takerAmount: '4000000' })), /lower than the minimum: 5/],
    ['shares finer than 0.01', async () => post(await order({ makerAmount: '5200520', takerAmount: '10001000' })), /taker amount a max of 2 decimals/],
    ['a market buy with a USD amount finer than 0.01', async () => post(await order({ makerAmount: '11394300', takerAmount: '19990000' }), 'FOK'), /market buy orders maker amount supports a max accuracy of 2 decimals/],
    ['more than the balance', async () => post(await order({ makerAmount: '52000000', takerAmount: '100000000' })), 'not enough balance / allowance'],
  ])('%s → 400', async (_n, send, error) => {
    const r = await send();
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(error);
  });

  test('the neg-risk token accepts an order signed for the Neg-risk CTF Exchange', async () => {
    const r = await post(await order({ tokenId: neg, negRisk: true }));
    expect(r.json.success).toBe(true);
    await call('DELETE', '/cancel-all');
  });
});

describe('orders, paging and cancels', () => {
  test('pages run MA== → … → LTE=; lookups are per account; cancels report refusals', async () => {
    const t = d.polymarket.trading;
    t.pageSize = 2;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(await order({ makerAmount: String(1_000_000 + i * 100_000) }))).json.orderID);
    const cursors: string[] = [];
    const seen: string[] = [];
    for (let cursor = 'MA=='; cursor !== 'LTE=';) {
      cursors.push(cursor);
      const r = await call('GET', `/data/orders?next_cursor=${encodeURIComponent(cursor)}`);
      seen.push(...r.json.data.map((o: { id: string }) => o.id));
      cursor = r.json.next_cursor;
    }
    t.pageSize = 100;
    expect(cursors).toEqual(['MA==', 'Mg==', 'NA==']);
    expect(seen).toEqual(ids);
    const one = await call('GET', `/data/order/${ids[0]}`);
    expect(one.json).toMatchObject({ id: ids[0], status: 'LIVE', original_size: '10', size_matched: '0', price: '0.1', side: 'BUY', outcome: 'Yes', asset_id: yes });
    expect((await call('GET', `/data/order/0x${'1'.repeat(64)}`)).status).toBe(404);
    const single = await call('DELETE', '/order', { orderID: ids[0] });
    expect(single.json).toEqual({ canceled: [ids[0]], not_canceled: {} });
    const some = await call('DELETE', '/orders', [ids[0], ids[1]]);
    expect(some.json).toEqual({ canceled: [ids[1]], not_canceled: { [ids[0]!]: 'Order not found or already canceled' } });
    const rest = await call('DELETE', '/cancel-market-orders', { asset_id: yes });
    expect(rest.json.canceled.sort()).toEqual(ids.slice(2).sort());
  });

  test('public reads: tick size, neg-risk, server time, market by token', async () => {
    expect(await (await fetch(`${base}/tick-size?token_id=${yes}`)).json()).toEqual({ minimum_tick_size: 0.01 });
    expect(await (await fetch(`${base}/neg-risk/${neg}`)).json()).toEqual({ neg_risk: true });
    expect((await fetch(`${base}/tick-size?token_id=123`)).status).toBe(404);
    const time = (await (await fetch(`${base}/time`)).json()) as number;
    expect(Math.abs(time - Date.now() / 1000)).toBeLessThan(5);
    const m = (await (await fetch(`${base}/markets-by-token/${yes}`)).json()) as { condition_id: string; primary_token_id: string };
    expect(m.primary_token_id).toBe(yes);
    const info = (await (await fetch(`${base}/clob-markets/${m.condition_id}`)).json()) as { t: Array<{ o: string }>; mos: number };
    expect(info.t.map((x) => x.o)).toEqual(['Yes', 'No']);
    expect(info.mos).toBe(5);
  });

  test('tokens added one by one answer like market tokens; seeded liquidity shows in levels', async () => {
    const t = d.polymarket.trading;
    const id = t.addToken({ tickSize: '0.005', negRisk: true, outcome: 'Over', minSize: 10 });
    expect(await (await fetch(`${base}/tick-size/${id}`)).json()).toEqual({ minimum_tick_size: 0.005 });
    t.seed(id, 'SELL', '0.515', 30);
    t.seed(id, 'SELL', '0.515', 5);
    t.seed(id, 'BUY', '0.49', 7);
    expect(t.levels(id)).toEqual({ bids: [{ price: '0.49', size: '7' }], asks: [{ price: '0.515', size: '35' }] });
  });
});
