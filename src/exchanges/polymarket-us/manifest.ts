/** Polymarket US's facts for the rest of pmt (see exchanges/manifest.ts); the adapter loads on first use. */
import type { ExchangeManifest } from '../manifest.js';
import { polymarketUsCredentials } from './credentials.js';

export const polymarketUs = {
  id: 'polymarket-us',
  name: 'Polymarket US',
  urls: {
    // Origins: pmt appends the venue's /v1/... paths (the SDK does the same).
    pmusGateway: { env: 'PMT_POLYMARKET_US_GATEWAY_URL', default: 'https://gateway.polymarket.us', label: 'gateway' },
    pmusApi: { env: 'PMT_POLYMARKET_US_API_URL', default: 'https://api.polymarket.us', label: 'api' },
    // The markets and private channels are `<ws>/v1/ws/markets` and `<ws>/v1/ws/private` (signed).
    pmusWs: { env: 'PMT_POLYMARKET_US_WS_URL', default: 'wss://api.polymarket.us', label: 'ws' },
  },
  // GET /v1/markets pages by limit/offset; pmt asks for at most 100 at a time.
  pageCaps: { markets: 100 },
  series: false,
  rateBudget: { perSecond: { pmusGateway: 20, pmusApi: 20 }, note: 'public gateway 20 requests/s per IP (docs.polymarket.us rate limits); the authenticated API is paced the same' },
  ids: {
    // Its slugs look like Polymarket's: a bare slug never picks this exchange (name it: polymarket-us:<slug>).
    market: () => false,
    marketPlaceholder: 'slug',
    asset: () => false,
    assetNoun: 'Polymarket US market slug',
    // The venue's order ids are opaque strings whose shape it does not publish: a bare id never
    // picks this exchange (a mistyped Kalshi UUID must stay a usage error, not a Polymarket US
    // request); with `--exchange polymarket-us` any id of letters, digits, "-" and "_" is taken.
    order: /(?!)/,
    orderWhenNamed: /^[A-Za-z0-9][A-Za-z0-9_-]{5,127}$/,
    orderShape: 'with --exchange polymarket-us, 6 to 128 letters, digits, "-" or "_"',
  },
  // One book per market priced as the long (Yes) side; the short (No) side is its complement.
  outcomes: 'yes-book',
  book: { kind: 'polymarket-us market', scale: 'Yes (long) prices', scales: { no: 'No (short) prices' } },
  rules: { tick: "the market's orderPriceMinTickSize", minSize: "the market's minimumTradeQty" },
  credentials: {
    ...polymarketUsCredentials,
    problem: async (c) => {
      const u = c.polymarketUs;
      if (!u) return null;
      const { loadPolymarketUsKey } = await import('./auth.js');
      try {
        loadPolymarketUsKey(u.secretKey.value, `the Polymarket US secret key from ${u.privateKeyPath ?? u.secretKey.origin}`);
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
    checkKey: async (key, source) => {
      (await import('./auth.js')).loadPolymarketUsKey(key, source);
    },
  },
  capabilities: {
    fetchMarkets: { supported: true, auth: false },
    fetchMarketLineage: { supported: true, auth: false },
    fetchOrderbook: { supported: true, auth: false },
    fetchOrder: { supported: true, auth: true },
    fetchOpenOrders: { supported: true, auth: true },
    createOrder: { supported: true, auth: true },
    cancelAllOrders: { supported: true, auth: true },
    cancelOrder: { supported: true, auth: true },
    amendOrder: { supported: true, auth: true },
    fetchBalance: { supported: true, auth: true },
    fetchPositions: { supported: true, auth: true },
    fetchFills: { supported: true, auth: true },
    // The venue publishes no public trade tape (only the signed markets WebSocket's trade channel).
    fetchTrades: { supported: false, auth: false, why: 'Polymarket US publishes no public trade history' },
    fetchPriceHistory: { supported: true, auth: false },
    searchMarkets: { supported: true, auth: false },
    fetchEventTitles: { supported: true, auth: false },
  },
  load: async () => (await import('./index.js')).createPolymarketUs,
} as const satisfies ExchangeManifest<'polymarket-us'>;
