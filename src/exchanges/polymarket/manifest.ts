/** Polymarket's facts for the rest of pmt (see exchanges/manifest.ts); the adapter loads on first use. */
import type { ExchangeManifest } from '../manifest.js';
import { POLYGON_RPC, polymarketCredentials } from './credentials.js';

export const polymarket = {
  id: 'polymarket',
  name: 'Polymarket',
  urls: {
    gamma: { env: 'PMT_POLYMARKET_GAMMA_URL', default: 'https://gamma-api.polymarket.com', label: 'gamma' },
    clob: { env: 'PMT_POLYMARKET_CLOB_URL', default: 'https://clob.polymarket.com', label: 'clob' },
    // Positions and the public trade tape.
    data: { env: 'PMT_POLYMARKET_DATA_URL', default: 'https://data-api.polymarket.com', label: 'data' },
    // The public market channel is `<ws>/market` (book stream).
    polymarketWs: { env: 'PMT_POLYMARKET_WS_URL', default: 'wss://ws-subscriptions-clob.polymarket.com/ws', label: 'ws' },
  },
  // Gamma `/events/keyset` takes limit ≤ 500 (pmt pages events there).
  pageCaps: { markets: 500 },
  series: false,
  rateBudget: { perSecond: { gamma: 40, clob: 50, data: 15 }, note: 'Gamma /events 500 per 10 s; CLOB ledger endpoints 900 per 10 s; Data API 1,000 per 10 s (/positions 150, /trades 200)' },
  ids: {
    // Lower case with dashes; at least one letter.
    market: (id: string) => /^[a-z0-9][a-z0-9-]*$/.test(id) && /[a-z]/.test(id),
    marketPlaceholder: 'slug',
    asset: (id: string) => /^\d{20,78}$/.test(id),
    // A conditional-token id: a long decimal (uint256), which no other exchange's id looks like.
    exclusiveAsset: /^\d{20,78}$/,
    assetNoun: 'Polymarket token id',
    order: /^0x[0-9a-fA-F]{64}$/,
    orderShape: '0x followed by 64 hex digits',
    orderMarketIsId: true,
  },
  outcomes: 'token-per-outcome',
  book: { kind: 'polymarket token', scale: "prices of this outcome's token" },
  rules: { tick: 'the CLOB\'s tick-size for the token (0.1 … 0.0001)', minSize: 'the market\'s orderMinSize (Gamma)' },
  credentials: {
    ...polymarketCredentials,
    problem: async (c) => {
      const pm = c.polymarket;
      if (!pm) return null;
      if (!/^(0x)?[0-9a-fA-F]{64}$/.test(pm.privateKey.value.trim())) return `the Polymarket private key from ${pm.privateKey.origin} is not 32 bytes of hex`;
      if (pm.funder && !/^0x[0-9a-fA-F]{40}$/.test(pm.funder.value.trim())) return `the Polymarket funder from ${pm.funder.origin} is not an 0x address`;
      return null;
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
    // A signed CLOB order cannot be changed: cancel and re-create.
    amendOrder: {
      supported: false,
      auth: true,
      why: 'a signed CLOB order cannot be changed',
      instead: 'cancel it and place a new one: `pmt order cancel {id} --yes` then `pmt order create --asset <token> --side … --price P --size S`',
    },
    fetchBalance: { supported: true, auth: true },
    fetchPositions: { supported: true, auth: true },
    fetchFills: { supported: true, auth: true },
    fetchTrades: { supported: true, auth: false },
    fetchPriceHistory: { supported: true, auth: false },
    // Not listed by `pmt exchanges`; asked by the fan-outs of search and a mixed list.
    searchMarkets: { supported: true, auth: false },
    fetchEventTitles: { supported: true, auth: false },
  },
  // GTD: `orderType: "GTD"` with `expiration` (unix seconds) at least 3 minutes ahead
  // (@polymarket/client 0.2.0 `MINIMUM_LIMIT_ORDER_EXPIRATION_SECONDS = 180`).
  gtd: { minLeadSeconds: 180 },
  // Data API v2 `GET /v2/positions?status=` (OPEN, REDEEMABLE, MERGEABLE, CLOSED).
  positionStatuses: ['open', 'redeemable', 'mergeable', 'closed'],
  load: async () => (await import('./index.js')).createPolymarket,
  // Approvals, split/merge/redeem and the chain's doctor checks (viem, Polygon; chain/).
  onchain: async () => (await import('./chain/index.js')).createOnchain,
  // Polygon (chain id 137); a profile's `polygon_rpc_url` (`--polygon-rpc-url`) overrides both.
  chainRpc: POLYGON_RPC,
} as const satisfies ExchangeManifest<'polymarket'>;
