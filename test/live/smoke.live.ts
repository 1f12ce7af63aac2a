/**
 * The live smoke suite: what would break a trader first when an exchange changes, checked
 * read-only against the real APIs (or the doubles, with PMT_*_URL pointing at them). Run with
 * `PMT_LIVE=1 npm run test:live` (scripts/test-live.mjs skips in one line without the variable
 * or a network). It NEVER places, amends or cancels an order.
 *
 * Per exchange: a markets page, the lineage of a listed market, one book and its stats, each
 * checked against the response schema `pmt serve` publishes; Polymarket's `GET /version` names an
 * order version pmt can sign; the WebSocket answers a subscription with a book snapshot. With
 * credentials configured (environment or active profile): the credentials check, open orders,
 * and the balance where the adapter has it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookStats } from '../../src/analytics/book.js';
import { Context } from '../../src/context.js';
import type { Exchange } from '../../src/exchanges/exchange.js';
import { kalshiSigner, loadKalshiKey } from '../../src/exchanges/kalshi/auth.js';
import { PolymarketClient } from '../../src/exchanges/polymarket/client.js';
import { orderVersion, parseVersion } from '../../src/exchanges/polymarket/order-version.js';
import { KNOWN_ORDER_VERSIONS } from '../../src/exchanges/polymarket/order-versions.js';
import type { ExchangeId, Market, Orderbook } from '../../src/exchanges/types.js';
import { shapeChecker } from './shape.js';

const env = process.env;
const ctx = new Context({ env });
const shape = shapeChecker();
const WS = {
  kalshi: env.PMT_KALSHI_WS_URL || 'wss://external-api-ws.kalshi.com/trade-api/ws/v2',
  polymarket: env.PMT_POLYMARKET_WS_URL || 'wss://ws-subscriptions-clob.polymarket.com/ws',
};
/** Pointed at loopback doubles without a WebSocket double: the stream check has nothing to reach. */
const loopback = (u: string | undefined) => !!u && /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])/.test(u);

interface Found {
  ex: Exchange;
  market?: Market;
  asset?: string;
  book?: Orderbook;
}
const found: Partial<Record<ExchangeId, Found>> & Record<'kalshi' | 'polymarket', Found> = { kalshi: {} as Found, polymarket: {} as Found };

/** The first message matching `want` after `subscribe` is sent on open (10 s at most). */
function firstMessage(url: string, headers: Record<string, string>, subscribe: unknown, want: (m: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no matching message from ${url} within 10 s`));
    }, 10_000);
    const done = (f: () => void) => {
      clearTimeout(timer);
      ws.close();
      f();
    };
    ws.on('open', () => ws.send(JSON.stringify(subscribe)));
    ws.on('message', (data) => {
      let m: unknown;
      try {
        m = JSON.parse(String(data));
      } catch {
        return; // PONG and other text frames
      }
      for (const item of Array.isArray(m) ? m : [m]) if (want(item)) return done(() => resolve(item));
    });
    ws.on('error', (e) => done(() => reject(e)));
  });
}

describe.each(['kalshi', 'polymarket'] as const)('%s (read-only)', (id) => {
  const f = found[id];
  beforeAll(async () => {
    f.ex = await ctx.exchange(id);
  });

  it('lists active markets in the Market shape', async () => {
    const page = await f.ex.fetchMarkets({ status: 'active', limit: 20 });
    expect(shape('GET', '/v1/markets/fetch_markets', page)).toEqual([]);
    expect(page.markets.length).toBeGreaterThan(0);
    f.market = page.markets.find((m) => m.market_type === 'binary') ?? page.markets[0];
  });

  it('reads the lineage of a listed market', async () => {
    const lineage = await f.ex.fetchMarketLineage(f.market!.ticker);
    expect(shape('GET', '/v1/markets/fetch_market_lineage', lineage)).toEqual([]);
    expect(lineage.market.unified_id).toBe(f.market!.unified_id);
  });

  it('reads a book and its stats', async () => {
    // Not every listed market has a live book (Polymarket lists some Gamma markets with none).
    const page = await f.ex.fetchMarkets({ status: 'active', limit: 20 });
    const errors: string[] = [];
    for (const m of [f.market!, ...page.markets].slice(0, 8)) {
      try {
        const asset = await f.ex.resolveAsset(m.unified_id);
        f.book = await f.ex.fetchOrderbook(asset);
        f.asset = asset;
        break;
      } catch (e) {
        errors.push(`${m.unified_id}: ${(e as Error).message}`);
      }
    }
    expect(f.book, errors.join('\n')).toBeDefined();
    expect(shape('GET', '/v1/orderbook/fetch_orderbook', f.book)).toEqual([]);
    expect(shape('GET', '/v1/orderbook/fetch_orderbook_stats', bookStats(f.book!, new Date().toISOString()))).toEqual([]);
  });

  it('with credentials: accepted, open orders in the Order shape, the balance where there is one (never an order)', async (t) => {
    const creds = await ctx.credentials();
    if (!creds[id]) return t.skip(`no ${id} credentials configured`);
    const auth = await f.ex.checkAuth();
    expect(auth.ok, auth.detail).toBe(true);
    expect(shape('GET', '/v1/orders/fetch_open_orders', await f.ex.fetchOpenOrders())).toEqual([]);
    const balance = (f.ex as unknown as { fetchBalance?: () => Promise<unknown> }).fetchBalance;
    if (typeof balance === 'function') expect(await balance.call(f.ex)).toBeTypeOf('object');
  });
});

describe('Polymarket order version', () => {
  it('GET /version names a version pmt signs', async () => {
    const cfg = await ctx.adapterConfig();
    const raw = await (await fetch(`${cfg.urls.clob}/version`, { signal: AbortSignal.timeout(10_000) })).json();
    expect(KNOWN_ORDER_VERSIONS).toContain(parseVersion(raw));
    expect(KNOWN_ORDER_VERSIONS).toContain(await orderVersion(new PolymarketClient({ ...cfg, cacheDir: undefined })));
  });
});

describe('WebSocket book snapshots', () => {
  it('Polymarket market channel: a subscription is answered with a book for the token', async (t) => {
    if (!env.PMT_POLYMARKET_WS_URL && loopback(env.PMT_POLYMARKET_CLOB_URL)) return t.skip('the doubles have no PMT_POLYMARKET_WS_URL');
    const asset = found.polymarket.asset;
    if (!asset) return t.skip('no Polymarket book was found above');
    const url = `${WS.polymarket.replace(/\/$/, '')}/market`;
    const book = (await firstMessage(url, {}, { assets_ids: [asset], type: 'market' }, (m) => (m as { event_type?: string }).event_type === 'book')) as Record<string, unknown>;
    expect(book.asset_id).toBe(asset);
    expect(Array.isArray(book.bids) && Array.isArray(book.asks)).toBe(true);
  });

  it('Kalshi orderbook_delta (signed upgrade, with credentials): the first data message is a snapshot', async (t) => {
    if (!env.PMT_KALSHI_WS_URL && loopback(env.PMT_KALSHI_API_URL)) return t.skip('the doubles have no PMT_KALSHI_WS_URL');
    const creds = (await ctx.credentials()).kalshi;
    if (!creds) return t.skip('Kalshi streams need credentials');
    const ticker = found.kalshi.asset;
    if (!ticker) return t.skip('no Kalshi book was found above');
    const sign = kalshiSigner(creds.apiKeyId.value, loadKalshiKey(creds.privateKeyPem.value));
    const headers = await sign({ method: 'GET', signPath: new URL(WS.kalshi).pathname } as Parameters<typeof sign>[0]);
    const snap = (await firstMessage(WS.kalshi, headers as Record<string, string>, { id: 1, cmd: 'subscribe', params: { channels: ['orderbook_delta'], market_ticker: ticker } }, (m) => (m as { type?: string }).type === 'orderbook_snapshot')) as { msg?: { market_ticker?: string } };
    expect(snap.msg?.market_ticker).toBe(ticker);
  });
});

describe('Polymarket 2026 reads (Data API v2, Protocol V2 markets)', () => {
  /** A public address with a long history is not needed: the envelope is what is checked. */
  const ZERO_USER = '0x0000000000000000000000000000000000000001';

  it('GET /v2/positions answers the {data, pagination} envelope; pmt reads it (and pages by cursor)', async () => {
    const cfg = await ctx.adapterConfig();
    const res = await fetch(`${cfg.urls.data}/v2/positions?user=${ZERO_USER}&status=OPEN&limit=1`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    const { v2Page } = await import('../../src/exchanges/polymarket/portfolio.js');
    const page = v2Page(await res.json(), 'GET /v2/positions');
    expect(Array.isArray(page.rows)).toBe(true);
    expect(page.next === null || typeof page.next === 'string').toBe(true);
  });

  it('GET /v2/value answers {data: {proxy_wallet, value}}; with credentials, balance carries the portfolio value', async () => {
    const cfg = await ctx.adapterConfig();
    const body = (await (await fetch(`${cfg.urls.data}/v2/value?user=${ZERO_USER}`, { signal: AbortSignal.timeout(10_000) })).json()) as { data?: unknown };
    const d = Array.isArray(body.data) ? body.data[0] : body.data;
    expect(typeof (d as { value?: unknown }).value).toBe('number');
    if ((await ctx.credentials()).polymarket) {
      const b = await (await ctx.exchange('polymarket')).fetchBalance();
      expect(typeof b.portfolio_value).toBe('number');
    }
  });

  it('with credentials: positions by every status read without error', async (t) => {
    if (!(await ctx.credentials()).polymarket) return t.skip('no polymarket credentials configured');
    const ex = await ctx.exchange('polymarket');
    for (const status of ['open', 'redeemable', 'mergeable', 'closed'] as const) {
      expect(shape('GET', '/v1/positions/fetch_positions', await ex.fetchPositions(undefined, { status }))).toEqual([]);
    }
  });

  it('a Gamma market with version "v2" (if any is listed) trades by positionIds, and pmt lists those ids', async (t) => {
    const cfg = await ctx.adapterConfig();
    // Newest first: Protocol V2 markets are the new ones.
    const rows = (await (await fetch(`${cfg.urls.gamma}/markets?closed=false&limit=200&order=createdAt&ascending=false`, { signal: AbortSignal.timeout(10_000) })).json()) as Array<Record<string, unknown>>;
    const v2 = rows.find((r) => r.version === 'v2');
    if (!v2) return t.skip('no version "v2" market among the 200 newest open markets');
    const { parseMarket } = await import('../../src/exchanges/polymarket/parse.js');
    const ids = (Array.isArray(v2.positionIds) ? v2.positionIds : JSON.parse(String(v2.positionIds))) as string[];
    expect(parseMarket(v2)!.outcomes.map((o) => o.token_id)).toEqual(ids);
  });
});
