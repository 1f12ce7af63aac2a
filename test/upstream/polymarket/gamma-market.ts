/**
 * One Gamma `Market` in the wire format (stringified JSON arrays, numbers that are sometimes
 * strings, optional fields that are sometimes missing), plus the CLOB-side facts of its tokens.
 */
import { decText, hex32, intIn, isoAt, pgAt, tokenIdFor, type Wire } from './gamma-wire.js';

/** What the CLOB doubles need to know about a conditional token. */
export interface TokenInfo {
  tokenId: string;
  slug: string;
  conditionId: string;
  outcome: string;
  /** Tick size as Gamma states it ("0.01", "0.001"). */
  tickSize: string;
  negRisk: boolean;
  minOrderSize: number;
  /** The outcome's price; null when the market has no price for it. */
  price: number | null;
  /** Protocol V2 position (Gamma `version: "v2"`, traded through ExchangeV3); absent for CTF tokens. */
  protocol?: 'v2';
}

/**
 * open: trading; paused / inactive: `active: false` (unified closed); resolved: `closed: true`
 * with the winner priced "1"; pending: `closed: true` while UMA resolution is still pending.
 */
export type MarketState = 'open' | 'paused' | 'inactive' | 'resolved' | 'pending';

export interface MarketSpec {
  id: number;
  slug: string;
  question: string;
  description: string;
  labels: string[];
  state: MarketState;
  /** Index of the winning outcome (resolved / pending). */
  winner: number;
  hours: number;
  negRisk: boolean;
  negRiskMarketID?: string;
  groupItemTitle?: string;
  archived: boolean;
  /** 0.001 tick, prices with three decimals. */
  subcent: boolean;
  /** Numeric fields sent as strings. */
  stringy: boolean;
  /** Optional fields left out. */
  sparse: boolean;
  /** No order book (no clobTokenIds). */
  noClob: boolean;
  rand: () => number;
}

const STRINGY_KEYS = ['volumeNum', 'volume24hr', 'lastTradePrice', 'bestBid', 'bestAsk', 'orderMinSize', 'orderPriceMinTickSize', 'liquidityNum', 'spread'];
const SPARSE_KEYS = ['description', 'bestBid', 'bestAsk', 'lastTradePrice', 'volume24hr', 'startDate', 'createdAt', 'volumeNum', 'orderMinSize', 'negRiskMarketID', 'spread'];

/** Price units at `places` decimals for each outcome. */
function prices(s: MarketSpec): { units: number[]; places: number } {
  const k = s.labels.length;
  if (s.state === 'resolved') return { units: s.labels.map((_, i) => (i === s.winner ? 1 : 0)), places: 0 };
  if (s.state === 'pending') return { units: s.labels.map((_, i) => (i === s.winner ? 9995 : 5)), places: 4 };
  const places = s.subcent ? 3 : 2;
  const scale = 10 ** places;
  if (k === 2) {
    const yes = s.subcent ? (s.rand() < 0.5 ? intIn(s.rand, 1, 40) : intIn(s.rand, 960, 999)) : intIn(s.rand, 2, 98);
    return { units: [yes, scale - yes], places };
  }
  const w = s.labels.map(() => intIn(s.rand, 1, 10));
  const sum = w.reduce((a, b) => a + b, 0);
  const units = w.map((x) => Math.max(1, Math.floor((x * (scale - k)) / sum)));
  units[0]! += scale - units.reduce((a, b) => a + b, 0);
  return { units, places };
}

export function buildMarket(s: MarketSpec): { wire: Wire; tokens: TokenInfo[] } {
  const { units, places } = prices(s);
  const texts = units.map((u) => decText(u, places));
  const tick = s.subcent ? 0.001 : 0.01;
  const closed = s.state === 'resolved' || s.state === 'pending';
  const trading = s.state === 'open';
  const conditionId = hex32(`condition:${s.id}`);
  const tokenIds = s.labels.map((_, i) => tokenIdFor(`${s.id}:${i}`));
  const volumeCents = intIn(s.rand, 0, 250_000_000);
  const minSize = s.rand() < 0.8 ? 5 : 1;
  const yes = units[0]!;
  const scale = 10 ** places;
  const wire: Wire = {
    id: String(s.id),
    question: s.question,
    conditionId,
    slug: s.slug,
    resolutionSource: '',
    endDate: isoAt(s.hours + 24 * intIn(s.rand, 30, 200)),
    startDate: isoAt(s.hours + 24),
    liquidity: decText(intIn(s.rand, 0, 5_000_000), 2),
    description: s.description,
    outcomes: JSON.stringify(s.labels),
    outcomePrices: JSON.stringify(texts),
    volume: decText(volumeCents, 2),
    active: s.state !== 'paused' && s.state !== 'inactive',
    closed,
    archived: s.archived,
    marketMakerAddress: '',
    createdAt: isoAt(s.hours),
    updatedAt: isoAt(s.hours + 48),
    closedTime: closed ? pgAt(s.hours + 24 * 40) : null,
    questionID: hex32(`question:${s.id}`),
    enableOrderBook: true,
    orderPriceMinTickSize: tick,
    orderMinSize: minSize,
    volumeNum: volumeCents / 100,
    liquidityNum: intIn(s.rand, 0, 50_000),
    volume24hr: trading ? intIn(s.rand, 0, 5_000_000) / 100 : 0,
    clobTokenIds: JSON.stringify(tokenIds),
    acceptingOrders: trading,
    negRisk: s.negRisk,
    lastTradePrice: closed ? Number(texts[0]) : Number(decText(yes, places)),
    spread: trading ? Number(decText(2, places)) : undefined,
  };
  if (s.negRiskMarketID) wire.negRiskMarketID = s.negRiskMarketID;
  if (s.groupItemTitle) wire.groupItemTitle = s.groupItemTitle;
  if (closed) wire.umaResolutionStatus = s.state === 'resolved' ? 'resolved' : 'proposed';
  if (!closed) {
    if (yes > 1) wire.bestBid = Number(decText(yes - 1, places));
    if (yes < scale - 1) wire.bestAsk = Number(decText(yes + 1, places));
  }
  if (s.stringy) for (const k of STRINGY_KEYS) if (wire[k] !== undefined) wire[k] = String(wire[k]);
  if (s.sparse) for (const k of SPARSE_KEYS) delete wire[k];
  if (s.noClob) {
    delete wire.clobTokenIds;
    wire.enableOrderBook = false;
    wire.acceptingOrders = false;
  }
  for (const k of Object.keys(wire)) if (wire[k] === undefined) delete wire[k];

  const tokens: TokenInfo[] = s.noClob
    ? []
    : s.labels.map((outcome, i) => ({
        tokenId: tokenIds[i]!,
        slug: s.slug,
        conditionId,
        outcome,
        tickSize: s.subcent ? '0.001' : '0.01',
        negRisk: s.negRisk,
        minOrderSize: s.sparse ? 5 : minSize,
        price: Number(texts[i]),
      }));
  return { wire, tokens };
}
