/**
 * The Kalshi book adapter against the loopback Kalshi double: signed requests (RSA-PSS checked by
 * the double exactly as Kalshi does), the YES/NO mirroring, fixtures, and auth failures.
 */
import { constants, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { resolveCredentials } from '../../../src/credentials.js';

import { fetchOrderbook, resolveAsset } from '../../../src/exchanges/kalshi/book.js';
import { KalshiClient } from '../../../src/exchanges/kalshi/client.js';
import { KALSHI_PREFIX, makeKalshiKey, type KalshiKeyPair } from '../../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as T } from '../../upstream/kalshi/book-routes.js';
import { createKalshiDouble, type KalshiDouble } from '../../upstream/kalshi/index.js';
import { failure } from '../../helpers/failure.js';

let k: KalshiDouble;
let key: KalshiKeyPair;

beforeAll(async () => {
  k = createKalshiDouble();
  await k.double.start();
  key = makeKalshiKey();
  k.auth.register(key.keyId, key.publicKey);
});
afterAll(() => k.double.close());
beforeEach(() => k.double.resetLog());

/** A client whose credentials come from the environment, as `pmt` resolves them. */
function client(env: Record<string, string> = { KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY: key.privatePem }): KalshiClient {
  const cfg: AdapterConfig = {
    env: { PMT_RETRY_BASE_MS: '1' },
    urls: { kalshi: k.double.url, gamma: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9' },
    environment: 'custom',
    credentials: async () => resolveCredentials({ env, profile: undefined, profileName: null }),
    now: Date.now,
  };
  return new KalshiClient(cfg);
}

describe('Kalshi fetchOrderbook', () => {
  it('outcome no is the NO book: bids 1 − YES asks, asks 1 − YES bids, best first', async () => {
    const no = await fetchOrderbook(client(), T.normal, 'no');
    expect(no.bids).toEqual([
      { price: 0.55, size: 150 },
      { price: 0.54, size: 200 },
      { price: 0.5, size: 300 },
    ]);
    expect(no.asks).toEqual([
      { price: 0.58, size: 100 },
      { price: 0.59, size: 250 },
      { price: 0.6, size: 500 },
    ]);
    expect((await fetchOrderbook(client(), T.normal, 'YES')).bids[0]).toEqual({ price: 0.42, size: 100 });
    await expect(fetchOrderbook(client(), T.normal, 'maybe')).rejects.toThrow(/yes or no/);
  });

  it('turns YES and NO bids into one YES-priced book: NO bid at p = YES ask at 1 − p', async () => {
    const book = await fetchOrderbook(client(), T.normal);
    expect(book).toEqual({
      asset_id: T.normal,
      // NO bids 0.55×150, 0.54×200, 0.50×300 → YES asks 0.45, 0.46, 0.50, ascending
      asks: [
        { price: 0.45, size: 150 },
        { price: 0.46, size: 200 },
        { price: 0.5, size: 300 },
      ],
      // the wire lists YES bids ascending (best last); unified bids are descending
      bids: [
        { price: 0.42, size: 100 },
        { price: 0.41, size: 250 },
        { price: 0.4, size: 500 },
      ],
      hash: null,
      last_update_id: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The snapshot time is the exchange's clock (the response Date header), within a few seconds of now.
    expect(Math.abs(Date.parse(book.timestamp) - Date.now())).toBeLessThan(5000);
  });

  it('reads empty, one-sided, sub-penny and deep books', async () => {
    const c = client();
    const empty = await fetchOrderbook(c, T.empty);
    expect([empty.bids, empty.asks]).toEqual([[], []]);
    const bids = await fetchOrderbook(c, T.bidsOnly);
    expect(bids.asks).toEqual([]);
    expect(bids.bids).toEqual([{ price: 0.3, size: 40 }, { price: 0.29, size: 60 }]);
    const asks = await fetchOrderbook(c, T.asksOnly);
    expect(asks.bids).toEqual([]);
    expect(asks.asks).toEqual([{ price: 0.35, size: 70 }, { price: 0.4, size: 30 }]); // 1 − 0.65, 1 − 0.60
    const sub = await fetchOrderbook(c, T.subPenny);
    expect(sub.asks).toEqual([{ price: 0.5005, size: 60.75 }, { price: 0.501, size: 40 }]);
    expect(sub.bids).toEqual([{ price: 0.4995, size: 10 }, { price: 0.499, size: 75.25 }, { price: 0.4985, size: 120.5 }]);
    const deep = await fetchOrderbook(c, T.deep);
    expect(deep.bids).toHaveLength(4999);
    expect(deep.asks).toHaveLength(4999);
    expect(deep.bids[0]!.price).toBe(0.4999);
    expect(deep.asks[0]!.price).toBe(0.5001);
    expect(deep.asks[4998]!.price).toBe(0.9999);
    for (let i = 1; i < 4999; i++) {
      expect(deep.asks[i]!.price > deep.asks[i - 1]!.price && deep.bids[i]!.price < deep.bids[i - 1]!.price).toBe(true);
    }
  });

  it('reads a book a test sets, in any level order, dropping levels outside (0, 1) and empty ones', async () => {
    k.books.setBook('KXSET-1', { yes: [[0.2, 5], [0.3, 7], [0.25, 0], [0.1, 3]], no: [[0.6, 1], [0.65, 2]] });
    const book = await fetchOrderbook(client(), 'KXSET-1');
    expect(book.bids).toEqual([{ price: 0.3, size: 7 }, { price: 0.2, size: 5 }, { price: 0.1, size: 3 }]);
    expect(book.asks).toEqual([{ price: 0.35, size: 2 }, { price: 0.4, size: 1 }]);
  });

  it('signs timestamp + GET + the full path with /trade-api/v2 and without the query', async () => {
    const book = await fetchOrderbook(client(), T.normal, undefined, 2);
    expect(book.bids).toEqual([{ price: 0.42, size: 100 }, { price: 0.41, size: 250 }]); // depth=2: the best two
    const req = k.double.requests.at(-1)!;
    expect(req.query.get('depth')).toBe('2');
    const ts = String(req.headers['kalshi-access-timestamp']);
    expect(ts).toMatch(/^\d{13}$/);
    expect(req.headers['kalshi-access-key']).toBe(key.keyId);
    const sig = Buffer.from(String(req.headers['kalshi-access-signature']), 'base64');
    const opts = { key: key.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST };
    const signed = `${ts}GET${KALSHI_PREFIX}/markets/${T.normal}/orderbook`;
    expect(verify('sha256', Buffer.from(signed), opts, sig)).toBe(true);
    expect(verify('sha256', Buffer.from(signed + '?depth=2'), opts, sig)).toBe(false);
    expect(verify('sha256', Buffer.from(`${ts}GET/markets/${T.normal}/orderbook`), opts, sig)).toBe(false);
  });

  it('without a key: the public book, one unsigned request (Kalshi documents the orderbook as public)', async () => {
    const refusals = k.auth.refusals;
    const book = await fetchOrderbook(client({}), T.normal);
    expect(book.bids[0]).toEqual({ price: 0.42, size: 100 });
    expect(k.double.requests).toHaveLength(1);
    expect(k.double.requests[0]!.headers['kalshi-access-key']).toBeUndefined();
    expect(k.double.requests[0]!.headers['kalshi-access-signature']).toBeUndefined();
    expect(k.auth.refusals).toBe(refusals);
  });

  it('is refused by the exchange with an unknown key, counted by the double', async () => {
    const other = makeKalshiKey('ffffffff-0000-4000-8000-000000000bad');
    const refusals = k.auth.refusals;
    const e = await failure(fetchOrderbook(client({ KALSHI_API_KEY_ID: other.keyId, KALSHI_PRIVATE_KEY: other.privatePem }), T.normal));
    expect(e.kind).toBe('Authentication');
    expect(e.message).toMatch(/invalid API key/);
    expect(k.auth.refusals).toBe(refusals + 1);
    expect(k.double.requests).toHaveLength(1); // a 401 is not retried
  });

  it('is refused when the signature does not match the key (right id, wrong private key)', async () => {
    const wrong = makeKalshiKey(key.keyId);
    const refusals = k.auth.refusals;
    const e = await failure(fetchOrderbook(client({ KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY: wrong.privatePem }), T.normal));
    expect(e.kind).toBe('Authentication');
    expect(e.message).toMatch(/invalid signature/);
    expect(k.auth.refusals).toBe(refusals + 1);
  });

  it('an unknown ticker is MarketNotFound naming it', async () => {
    const e = await failure(fetchOrderbook(client(), 'KXNOPE-1'));
    expect(e.kind).toBe('MarketNotFound');
    expect(e.message).toContain('KXNOPE-1');
  });
});

describe('Kalshi resolveAsset', () => {
  it('strips the unified prefix and accepts yes/no outcomes only', async () => {
    const c = client();
    expect(await resolveAsset(c, 'kalshi:KXBTCD-25APR1517')).toBe('KXBTCD-25APR1517');
    expect(await resolveAsset(c, 'KXBTCD-25APR1517', 'NO')).toBe('KXBTCD-25APR1517');
    const e = await failure(resolveAsset(c, 'kalshi:KXBTCD-25APR1517', 'Trump'));
    expect(e.usage).toBe(true);
    expect(e.message).toMatch(/yes or no/);
  });
});
