/** Kalshi's facts for the rest of pmt (see exchanges/manifest.ts); the adapter loads on first use. */
import type { ExchangeManifest } from '../manifest.js';
import { KALSHI_API_URL_ENV, kalshiCredentials } from './credentials.js';

const TICKER_RE = /^[A-Z0-9][A-Z0-9._-]*$/;

export const kalshi = {
  id: 'kalshi',
  name: 'Kalshi',
  // The API reference's hosts (kalshi-typescript 3.30.0 BASE_PATH; docs.kalshi.com since 2026-05):
  // external-api.*. The old api.elections.kalshi.com / demo-api.kalshi.co still answer through
  // PMT_KALSHI_API_URL / PMT_KALSHI_WS_URL.
  urls: {
    kalshi: {
      env: KALSHI_API_URL_ENV,
      default: 'https://external-api.kalshi.com/trade-api/v2',
      demo: 'https://external-api.demo.kalshi.co/trade-api/v2',
      label: 'api',
    },
    // The market-data WebSocket (book stream); signed like REST on the upgrade request.
    kalshiWs: {
      env: 'PMT_KALSHI_WS_URL',
      default: 'wss://external-api-ws.kalshi.com/trade-api/ws/v2',
      demo: 'wss://external-api-ws.demo.kalshi.co/trade-api/ws/v2',
      label: 'ws',
    },
  },
  // `GET /markets` and `/historical/markets` take limit 0..1000 (kalshi.openapi.yaml).
  pageCaps: { markets: 1000 },
  series: true,
  // CreateOrderV2Request.reduce_only (kalshi-typescript 3.30.0): the count is capped by the position.
  reduceOnly: true,
  // GTD: CreateOrderV2Request.expiration_time (unix seconds) with good_till_canceled; a minute's lead
  // so an order never leaves already expired (Kalshi publishes no minimum).
  gtd: { minLeadSeconds: 60 },
  rateBudget: { perSecond: { reads: 20, writes: 10 }, note: 'Basic tier token buckets: 10 tokens a request by default, cancels 2 (kalshi.openapi.yaml, Rate Limits and Tiers)' },
  ids: {
    // Upper case with dashes; at least one letter (a bare number is not a ticker).
    market: (id: string) => TICKER_RE.test(id) && /[A-Z]/.test(id),
    marketPlaceholder: 'TICKER',
    asset: (id: string) => TICKER_RE.test(id) && /[A-Z]/.test(id),
    assetNoun: 'Kalshi ticker',
    order: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    orderShape: 'a UUID',
    // Kalshi tickers are upper case, and lower case means a Polymarket slug, so a miss deserves the hint.
    caseHint: (id: string) => {
      if (id !== id.toLowerCase() || !/[a-z]/.test(id)) return undefined;
      const up = id.toUpperCase();
      if (!TICKER_RE.test(up) || !(/^KX/.test(up) || /\d{2}[A-Z]{3}\d{2}/.test(up))) return undefined;
      return `Kalshi tickers are upper case: try ${up}`;
    },
    // Tickers are upper case: `kalshi:kxtest-25q4` names the same market.
    normalize: (id: string) => id.toUpperCase(),
  },
  outcomes: 'yes-book',
  book: {
    kind: 'kalshi market',
    scale: 'YES book: YES prices; NO at p = YES at 1 − p',
    scales: { no: 'NO book: NO prices; NO bid = 1 − YES ask, NO ask = 1 − YES bid' },
  },
  rules: { tick: 'the market\'s price_ranges tiers (tick_size in cents before them)', minSize: '1 contract (fractional where the market allows it)' },
  credentials: {
    ...kalshiCredentials,
    problem: async (c) => {
      if (!c.kalshi) return null;
      const { createPrivateKey } = await import('node:crypto');
      try {
        const key = createPrivateKey(c.kalshi.privateKeyPem.value);
        if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ed25519') return `the Kalshi private key from ${c.kalshi.privateKeyPem.origin} is not an RSA or Ed25519 key`;
      } catch {
        return `the Kalshi private key from ${c.kalshi.privateKeyPem.origin} is not a readable PEM private key`;
      }
      return null;
    },
    // The kind found ("Ed25519" / "RSA"), for `profile add` to name.
    checkKey: async (pem: string, source: string) => (await import('./auth.js')).kalshiKeyKind(pem, source),
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
    fetchTrades: { supported: true, auth: false },
    fetchPriceHistory: { supported: true, auth: false },
    // Not listed by `pmt exchanges`; asked by the fan-outs of search and a mixed list.
    searchMarkets: { supported: true, auth: false },
    fetchEventTitles: { supported: true, auth: false },
  },
  load: async () => (await import('./index.js')).createKalshi,
  // What settled, the payout and the fees (`pmt settlements`).
  settlements: async () => (await import('./settlements.js')).createSettlements,
  // Key kind and API tier (`pmt doctor`).
  doctor: async () => (await import('./doctor.js')).createDoctor,
} as const satisfies ExchangeManifest<'kalshi'>;
