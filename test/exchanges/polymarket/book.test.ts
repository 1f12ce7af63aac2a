/** The Polymarket book adapter against the loopback CLOB double, and outcome → token resolution. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConfig } from '../../../src/exchanges/config.js';
import { PmtError } from '../../../src/errors.js';
import { fetchOrderbook, pickOutcomeToken, resolveAsset } from '../../../src/exchanges/polymarket/book.js';
import { PolymarketClient } from '../../../src/exchanges/polymarket/client.js';
import type { Market } from '../../../src/exchanges/types.js';
import { POLY_BOOK_TOKENS as T } from '../../upstream/polymarket/book-routes.js';
import { createPolymarketDoubles, type PolymarketDoubles } from '../../upstream/polymarket/index.js';
import { failure } from '../../helpers/failure.js';

let p: PolymarketDoubles;
let c: PolymarketClient;

beforeAll(async () => {
  p = createPolymarketDoubles();
  await Promise.all([p.clobDouble.start(), p.gammaDouble.start()]);
  const cfg: AdapterConfig = {
    env: {},
    urls: { kalshi: 'http://127.0.0.1:9/trade-api/v2', gamma: p.gammaDouble.url, clob: p.clobDouble.url },
    environment: 'custom',
    credentials: async () => ({ profileName: null, kalshi: null, polymarket: null, kalshiDemo: null }),
    now: () => Date.parse('2026-03-01T12:00:00.000Z'),
  };
  c = new PolymarketClient(cfg);
});
afterAll(() => Promise.all([p.clobDouble.close(), p.gammaDouble.close()]));
beforeEach(() => p.clobDouble.resetLog());

describe('Polymarket fetchOrderbook', () => {
  it('reads the worst-first wire levels into asks ascending, bids descending, with hash and ms timestamp', async () => {
    const book = await fetchOrderbook(c, T.normal);
    const req = p.clobDouble.requests.at(-1)!;
    expect(req.path).toBe('/book');
    expect(req.query.get('token_id')).toBe(T.normal);
    expect(book).toEqual({
      asset_id: T.normal,
      asks: [
        { price: 0.46, size: 150 },
        { price: 0.47, size: 250 },
        { price: 0.5, size: 300 },
      ],
      bids: [
        { price: 0.45, size: 100 },
        { price: 0.44, size: 200 },
        { price: 0.43, size: 500 },
      ],
      hash: expect.stringMatching(/^[0-9a-f]{40}$/),
      last_update_id: null,
      timestamp: '2026-01-01T00:00:00.123Z', // "1767225600123" ms
    });
    // The hash is upstream's, passed through untouched.
    const wire = p.books.summary(T.normal, p.books.book(T.normal)!);
    expect(book.hash).toBe(wire.hash);
  });

  it('reads empty, one-sided, sub-cent and deep books', async () => {
    expect(await fetchOrderbook(c, T.empty)).toMatchObject({ asks: [], bids: [] });
    expect(await fetchOrderbook(c, T.bidsOnly)).toMatchObject({ asks: [], bids: [{ price: 0.3, size: 40 }, { price: 0.29, size: 60 }] });
    expect(await fetchOrderbook(c, T.asksOnly)).toMatchObject({ bids: [], asks: [{ price: 0.35, size: 70 }, { price: 0.4, size: 30 }] });
    const sub = await fetchOrderbook(c, T.subCent);
    expect(sub.bids.map((l) => l.price)).toEqual([0.013, 0.012, 0.011]);
    expect(sub.asks.map((l) => l.price)).toEqual([0.015, 0.016, 0.02]);
    const deep = await fetchOrderbook(c, T.deep);
    expect(deep.bids).toHaveLength(4999);
    expect(deep.asks).toHaveLength(4999);
    expect([deep.bids[0]!.price, deep.asks[0]!.price, deep.bids[4998]!.price, deep.asks[4998]!.price]).toEqual([0.4999, 0.5001, 0.0001, 0.9999]);
  });

  it('falls back to the receive time when the timestamp is missing, and drops unreal levels', async () => {
    const id = '9'.repeat(77);
    p.books.setBook(id, { bids: [[0.2, 10], ['0', 5], [0.3, '0'], ['abc', 1]], asks: [[1, 3], [0.4, 2]] });
    const book = p.books.book(id)!;
    book.timestamp = undefined;
    p.clobDouble.inject({ kind: 'status', status: 200, body: JSON.stringify({ ...p.books.summary(id, book), timestamp: '' }) });
    const got = await fetchOrderbook(c, id);
    expect(got.timestamp).toBe('2026-03-01T12:00:00.000Z');
    expect(got.bids).toEqual([{ price: 0.2, size: 10 }]);
    expect(got.asks).toEqual([{ price: 0.4, size: 2 }]);
  });

  it('an unknown token is MarketNotFound naming the token, with a hint', async () => {
    const id = '1'.repeat(77);
    const e = await failure(fetchOrderbook(c, id));
    expect(e.kind).toBe('MarketNotFound');
    expect(e.message).toContain(id);
    expect(e.hint).toBeTruthy();
  });

  it('rejects a non-token id before any request', async () => {
    const e = await failure(fetchOrderbook(c, 'will-x-happen'));
    expect(e.usage).toBe(true);
    expect(p.clobDouble.requests).toHaveLength(0);
  });

  it('the double also answers tick-size and neg-risk per token, like the CLOB', async () => {
    expect(await c.clob.get('/tick-size', { query: { token_id: T.subCent } })).toEqual({ minimum_tick_size: 0.001 });
    expect(await c.clob.get(`/neg-risk/${T.subCent}`)).toEqual({ neg_risk: true });
  });
});

const market = (outcomes: Array<[string, string | null]>): Market =>
  ({ unified_id: 'polymarket:will-x', outcomes: outcomes.map(([label, token_id]) => ({ label, price: null, token_id })) }) as unknown as Market;

describe('Polymarket resolveAsset', () => {
  it('passes a token id through, with or without the unified prefix', async () => {
    expect(await resolveAsset(c, T.normal)).toBe(T.normal);
    expect(await resolveAsset(c, `polymarket:${T.normal}`, 'yes')).toBe(T.normal);
  });

  it('picks the outcome token: default the first, case-insensitive labels, unknown names the valid ones', () => {
    const m = market([['Yes', '111'], ['No', '222']]);
    expect(pickOutcomeToken(m)).toBe('111');
    expect(pickOutcomeToken(m, 'no')).toBe('222');
    expect(pickOutcomeToken(m, ' YES ')).toBe('111');
    const cat = market([['Donald Trump', '333'], ['Kamala Harris', '444']]);
    expect(pickOutcomeToken(cat, 'kamala harris')).toBe('444');
    try {
      pickOutcomeToken(m, 'maybe');
      throw new Error('expected a failure');
    } catch (e) {
      expect((e as PmtError).usage).toBe(true);
      expect((e as PmtError).message).toMatch(/valid: Yes, No/);
    }
    expect(() => pickOutcomeToken(market([['Yes', null]]))).toThrow(/no orderbook token/);
  });

  it('rejects ids that are neither a token id nor a slug', async () => {
    const e = await failure(resolveAsset(c, 'polymarket:bad slug!'));
    expect(e.usage).toBe(true);
  });
});
