/**
 * The REST surface over real HTTP on a loopback port, with fake adapters: every route's success
 * body (checked against the served OpenAPI document and equal to what `--json` prints), the
 * inputs handed to the core, auth, and the error object with the contract's status per kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookImpact, bookStats } from '../../src/analytics/book.js';
import { ERROR_KINDS, type ErrorKind } from '../../src/errors.js';
import { book, market, order } from './fake.js';
import { docValidator, startApp, TOKEN } from './helpers.js';

let s: Awaited<ReturnType<typeof startApp>>;
let validate: ReturnType<typeof docValidator>;

beforeAll(async () => {
  // The wrong-token delay at 1 ms (its real 25 ms … 5 s growth is guard.test.ts's): the
  // authentication cases send 16 wrong tokens, which at the real pace wait about 45 s.
  s = await startApp({ secrets: [TOKEN, 'sup3r-s3cret-passphrase'], throttle: { baseMs: 1, capMs: 1 } });
  validate = docValidator((await s.call('/v1/openapi.json')).json);
});
afterAll(async () => {
  await s.app.close();
});

function reset(): void {
  for (const ex of Object.values(s.exchanges)) {
    ex.failWith = undefined;
    ex.failMessage = undefined;
    ex.calls.length = 0;
    ex.cancelFailures = [];
    ex.assetOutcomes = ['Yes', 'No'];
  }
  s.configured.splice(0, s.configured.length, 'kalshi', 'polymarket');
}

/** The fake clock of fakeServices(), as service_ts. */
const NOW = '2026-04-01T12:00:01.000Z';

/** `io.json` prints JSON.stringify(model) + "\n" when piped; the server sends the same bytes. */
const asCli = (model: unknown) => JSON.stringify(model);

describe('success bodies', () => {
  const KX_ORDER = '00000000-0000-4000-8000-000000000001';
  const PM_ORDER = '0x' + '1'.repeat(64);
  const cases: Array<{ name: string; path: string; body?: unknown; method?: string; expected: unknown }> = [
    {
      name: 'fetch_markets on one exchange keeps its cursor',
      path: '/v1/markets/fetch_markets?exchange=kalshi',
      expected: { markets: [market('kalshi', 'KXTEST-26')], cursor: 'kalshi-page-2' },
    },
    {
      name: 'fetch_markets by tickers, repeated and comma-separated',
      path: '/v1/markets/fetch_markets?market_tickers=kalshi:KXA-1,kalshi:KXB-2&market_tickers=polymarket:will-c',
      expected: { markets: [market('kalshi', 'KXA-1'), market('kalshi', 'KXB-2'), market('polymarket', 'will-c')], cursor: null },
    },
    {
      name: 'fetch_market_lineage',
      path: '/v1/markets/fetch_market_lineage?market_ticker=polymarket:will-x',
      expected: { market: market('polymarket', 'will-x'), event: null, series: null },
    },
    { name: 'fetch_order (kalshi id shape)', path: `/v1/orders/fetch_order?order_id=${KX_ORDER}`, expected: order(KX_ORDER) },
    { name: 'fetch_order (polymarket id shape)', path: `/v1/orders/fetch_order?order_id=${PM_ORDER}`, expected: order(PM_ORDER) },
    { name: 'fetch_open_orders of one asset', path: '/v1/orders/fetch_open_orders?asset_id=KXTEST-26', expected: [order(KX_ORDER)] },
    { name: 'fetch_open_orders of both exchanges', path: '/v1/orders/fetch_open_orders', expected: [order(KX_ORDER), order(PM_ORDER)] },
    {
      name: 'create_order',
      path: '/v1/orders/create_order',
      body: { asset_id: 'KXTEST-26', price: 0.42, side: 'buy', size: 10, outcome: 'yes' },
      expected: order('00000000-0000-4000-8000-0000000000aa'),
    },
    {
      name: 'cancel_all_orders of one asset',
      path: '/v1/orders/cancel_all_orders',
      body: { asset_id: 'KXTEST-26' },
      expected: [order(KX_ORDER, 'cancelled')],
    },
    { name: 'fetch_orderbook', path: '/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26', expected: book('KXTEST-26') },
    { name: 'fetch_orderbook_stats', path: '/v1/orderbook/fetch_orderbook_stats?asset_id=KXTEST-26', expected: bookStats(book('KXTEST-26'), NOW) },
    {
      name: 'fetch_orderbook_impact',
      path: '/v1/orderbook/fetch_orderbook_impact?asset_id=KXTEST-26&size=120',
      expected: bookImpact(book('KXTEST-26'), 120, NOW),
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      reset();
      const r = await s.call(c.path, { body: c.body, method: c.method });
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.text).toBe(asCli(c.expected));
      const path = c.path.split('?')[0]!;
      expect(validate(c.body === undefined ? 'GET' : 'POST', path, r.json)).toEqual([]);
      expect(s.mismatches).toEqual([]);
    });
  }

  it('fetch_markets over both exchanges combines the cursors, and the next page resumes both', async () => {
    reset();
    const r = await s.call('/v1/markets/fetch_markets');
    expect(r.status).toBe(200);
    expect(r.json.markets.map((m: { unified_id: string }) => m.unified_id)).toEqual(['kalshi:KXTEST-26', 'polymarket:will-test-happen', 'polymarket-us:will-test-happen']);
    expect(r.json.cursor).toMatch(/^pmt1\./);
    const next = await s.call(`/v1/markets/fetch_markets?cursor=${encodeURIComponent(r.json.cursor)}`);
    expect(next.status).toBe(200);
    expect(s.exchanges.kalshi.calls.at(-1)!.args[0]).toMatchObject({ cursor: 'kalshi-page-2' });
    expect(s.exchanges.polymarket.calls.at(-1)!.args[0]).toMatchObject({ cursor: 'polymarket-page-2' });
  });
});

describe('inputs reach the core as the CLI would pass them', () => {
  it('fetch_markets: status defaults to active, limit defaults to 100 and is clamped per exchange', async () => {
    reset();
    await s.call('/v1/markets/fetch_markets');
    expect(s.exchanges.kalshi.calls[0]!.args[0]).toMatchObject({ status: 'active', limit: 100 });
    reset();
    await s.call('/v1/markets/fetch_markets?limit=5000&status=all&event_ticker=EVT');
    expect(s.exchanges.kalshi.calls[0]!.args[0]).toMatchObject({ status: 'all', limit: 1000, event_ticker: 'EVT' });
    expect(s.exchanges.polymarket.calls[0]!.args[0]).toMatchObject({ limit: 500 });
    // A series filters the exchanges that have series only, as `--series` does (issue 22).
    reset();
    await s.call('/v1/markets/fetch_markets?limit=5000&series_ticker=SER');
    expect(s.exchanges.kalshi.calls[0]!.args[0]).toMatchObject({ limit: 1000, series_ticker: 'SER' });
    expect(s.exchanges.polymarket.calls).toEqual([]);
  });

  it('fetch_markets by tickers that exist nowhere is MarketNotFound (404)', async () => {
    reset();
    const r = await s.call('/v1/markets/fetch_markets?market_tickers=kalshi:KXMISSING-1');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ kind: 'MarketNotFound', message: expect.stringContaining('KXMISSING-1') });
  });

  it('fetch_markets: a ticker with a tab, or an empty ticker list, is refused (400) before any call', async () => {
    for (const q of ['market_tickers=kalshi:KXA-1%09', 'market_tickers=', 'market_tickers=%20,%20', 'market_tickers=kalshi:KXA-1,%20kalshi:KXB-2%20']) {
      reset();
      const r = await s.call(`/v1/markets/fetch_markets?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.kind).toBe('Api');
      expect(s.exchanges.kalshi.calls.length + s.exchanges.polymarket.calls.length).toBe(0);
    }
  });

  it('create_order: outcome forms, default order type, unified asset ids', async () => {
    const body = { price: 0.3, side: 'sell', size: 2.5 };
    const sent = async (b: Record<string, unknown>, outcomes?: string[]) => {
      reset();
      if (outcomes) s.exchanges.polymarket.assetOutcomes = outcomes;
      const r = await s.call('/v1/orders/create_order', { body: { ...body, ...b } });
      expect(r.status, r.text).toBe(200);
      const calls = [...s.exchanges.kalshi.calls, ...s.exchanges.polymarket.calls].filter((c) => c.op === 'createOrder');
      expect(calls).toHaveLength(1);
      return calls[0]!.args[0];
    };
    expect(await sent({ asset_id: 'KXTEST-26', outcome: 'No' })).toEqual({ asset_id: 'KXTEST-26', outcome: 'no', side: 'sell', price: 0.3, size: 2.5, order_type: 'gtc' });
    expect(await sent({ asset_id: 'kalshi:KXTEST-26', order_type: 'fok' })).toMatchObject({ asset_id: 'KXTEST-26', outcome: 'yes', order_type: 'fok' });
    const token = '7'.repeat(70);
    // Polymarket without an outcome: the token's own outcome; yes/no tokens as yes/no.
    expect(await sent({ asset_id: token })).toMatchObject({ asset_id: token, outcome: 'yes' });
    const trump = ['Trump', 'Harris'];
    expect(await sent({ asset_id: token }, trump)).toMatchObject({ outcome: { label: 'Trump' } });
    // Labels are named as the exchange publishes them, in any of the accepted forms.
    expect(await sent({ asset_id: token, outcome: { label: 'trump' } }, trump)).toMatchObject({ outcome: { label: 'Trump' } });
    expect(await sent({ asset_id: token, outcome: 'label: "Trump"' }, trump)).toMatchObject({ outcome: { label: 'Trump' } });
    expect(await sent({ asset_id: token, outcome: 'los angeles' }, ['Los Angeles', 'Boston'])).toMatchObject({ outcome: { label: 'Los Angeles' } });
  });

  it('create_order: post_only reaches the adapter only when true, and must be a boolean', async () => {
    const base = { asset_id: 'KXTEST-26', price: 0.3, side: 'buy', size: 2 };
    reset();
    expect((await s.call('/v1/orders/create_order', { body: { ...base, post_only: true } })).status).toBe(200);
    expect(s.exchanges.kalshi.calls.find((c) => c.op === 'createOrder')!.args[0]).toMatchObject({ post_only: true });
    reset();
    expect((await s.call('/v1/orders/create_order', { body: { ...base, post_only: false } })).status).toBe(200);
    expect(s.exchanges.kalshi.calls.find((c) => c.op === 'createOrder')!.args[0]).not.toHaveProperty('post_only');
    reset();
    const bad = await s.call('/v1/orders/create_order', { body: { ...base, post_only: 'yes' } });
    expect(bad.status).toBe(400);
    expect(s.exchanges.kalshi.calls).toHaveLength(0);
    reset();
    const fok = await s.call('/v1/orders/create_order', { body: { ...base, post_only: true, order_type: 'fok' } });
    expect(fok.status).toBe(400);
    expect(fok.json.message).toContain('post_only orders rest on the book, so they must be order_type gtc');
    expect(s.exchanges.kalshi.calls).toHaveLength(0);
  });

  it('fetch_open_orders and cancel_all_orders act on the exchanges the profile has credentials for', async () => {
    reset();
    s.configured.splice(0, 2, 'polymarket');
    const r = await s.call('/v1/orders/fetch_open_orders');
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(1);
    expect(s.exchanges.kalshi.calls).toEqual([]);
    s.configured.splice(0, 1);
    const none = await s.call('/v1/orders/cancel_all_orders', { body: {} });
    expect(none.status).toBe(500);
    expect(none.json.kind).toBe('Config');
    expect(s.exchanges.polymarket.calls.filter((c) => c.op === 'cancelAllOrders')).toEqual([]);
  });

  it('cancel_all_orders: orders an exchange refused make the answer an Api error that still says what was cancelled', async () => {
    reset();
    s.exchanges.polymarket.cancelFailures = [
      { id: '0x' + 'a'.repeat(64), reason: 'matched' },
      { id: '0x' + 'b'.repeat(64), reason: 'not found' },
    ];
    const r = await s.call('/v1/orders/cancel_all_orders', { body: {} });
    expect(r.status).toBe(502);
    expect(r.json).toEqual({ kind: 'Api', message: expect.stringMatching(/^2 orders were not cancelled: polymarket 0xa+ \(matched\); .*2 orders were cancelled$/) });
    expect(r.headers.get('pmt-cancelled-ids')).toBe(['00000000-0000-4000-8000-000000000001', '0x' + '1'.repeat(64)].join(','));
    expect(r.headers.get('pmt-cancel-failed-ids')).toBe(['0x' + 'a'.repeat(64), '0x' + 'b'.repeat(64)].join(','));
  });

  it('cancel_all_orders: an exchange failing outright gives its kind, after the other exchange was cancelled', async () => {
    reset();
    s.exchanges.kalshi.failWith = 'RateLimited';
    const r = await s.call('/v1/orders/cancel_all_orders', { body: {} });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.json.message).toMatch(/^cancel_all_orders failed on kalshi: .*; 1 order was cancelled$/);
    expect(r.headers.get('pmt-cancelled-ids')).toBe('0x' + '1'.repeat(64));
    expect(s.exchanges.polymarket.calls.map((c) => c.op)).toEqual(['cancelAllOrders']);
  });
});

describe('errors: the error object with the contract status per kind', () => {
  const expected: Record<ErrorKind, number> = {
    Authentication: 401,
    InsufficientFunds: 402,
    MarketNotFound: 404,
    OrderNotFound: 404,
    RateLimited: 429,
    NetworkError: 502,
    Api: 502,
    Config: 500,
    NotSupported: 501,
    RiskLimit: 403,
  };
  for (const kind of ERROR_KINDS) {
    it(`${kind} → ${expected[kind]}`, async () => {
      reset();
      s.exchanges.kalshi.failWith = kind;
      const r = await s.call('/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26');
      expect(r.status).toBe(expected[kind]);
      expect(r.json).toEqual({ kind, message: 'fetchOrderbook failed on kalshi (injected)' });
      expect(validate('GET', '/v1/orderbook/fetch_orderbook', r.json, String(r.status))).toEqual([]);
      if (kind === 'RateLimited') expect(r.headers.get('retry-after')).toBe('7');
      else expect(r.headers.get('retry-after')).toBeNull();
    });
  }

  it('a credential in an upstream message never leaves the server', async () => {
    reset();
    s.exchanges.kalshi.failWith = 'Api';
    s.exchanges.kalshi.failMessage = 'upstream echoed sup3r-s3cret-passphrase back';
    const r = await s.call('/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26');
    expect(r.text).not.toContain('sup3r-s3cret-passphrase');
    expect(r.json.message).toBe('upstream echoed [redacted] back');
  });
});

describe('authentication', () => {
  it.each([
    ['no header', null, undefined],
    ['a wrong token', 'not-the-token-000000000', undefined],
    ['the token under another scheme', null, { authorization: `Basic ${TOKEN}` }],
    ['a prefix of the token', TOKEN.slice(0, -1), undefined],
  ])('refuses %s with 401 Authentication before doing anything', async (_n, token, headers) => {
    reset();
    for (const path of ['/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26', '/v1/openapi.json', '/v1/no/such/route']) {
      const r = await s.call(path, { token: token as string | null, headers });
      expect(r.status).toBe(401);
      expect(r.json.kind).toBe('Authentication');
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const post = await s.call('/v1/orders/create_order', { token: token as string | null, headers, body: { asset_id: 'KXTEST-26', price: 0.5, side: 'buy', size: 1 } });
    expect(post.status).toBe(401);
    expect(s.exchanges.kalshi.calls).toEqual([]);
  });

  it('accepts the scheme in any case', async () => {
    const r = await s.call('/v1/openapi.json', { token: null, headers: { authorization: `bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
  });

  it('logs one line per call, without the token or the query string', async () => {
    const before = s.lines.length;
    await s.call('/v1/orderbook/fetch_orderbook?asset_id=KXTEST-26');
    await s.call('/v1/openapi.json', { token: 'wrong-token-000000000000' });
    const lines = s.lines.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/v1\/orderbook\/fetch_orderbook 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^GET \/v1\/openapi\.json 401 Authentication \d+\.\dms$/);
    expect(s.lines.join('\n')).not.toContain(TOKEN);
  });
});
