/**
 * The Polymarket US double's catalogue: a few named events (one with a series, one resolved) and,
 * on request, generated markets for paging. Wire shapes follow the venue's OpenAPI
 * (docs.polymarket.us: gateway.market.v1.Market, MarketSide, Event) and the `polymarket-us` SDK.
 */
export interface UsMarket {
  id: number;
  slug: string;
  question: string;
  eventSlug: string;
  active: boolean;
  closed: boolean;
  status: string;
  tick: string;
  minimumTradeQty: number;
  /** Long (Yes) price as the venue's market side carries it. */
  yes: string;
  bestBid: number | null;
  bestAsk: number | null;
  volume: number;
  volume24hr: number;
  endDate: string;
  startDate: string;
  description: string;
  /** The market's taker fee coefficient Θ as the gateway sends it (`feeCoefficient`); null: not sent. */
  feeCoefficient: number | null;
}

export interface UsEvent {
  id: number;
  slug: string;
  title: string;
  active: boolean;
  closed: boolean;
  series?: { id: number; slug: string; title: string; recurrence?: string };
  markets: string[];
}

export interface UsBook {
  bids: Array<[string, string]>;
  offers: Array<[string, string]>;
}

export function buildUsCatalog(extraMarkets = 0) {
  const markets = new Map<string, UsMarket>();
  const events = new Map<string, UsEvent>();
  const books = new Map<string, UsBook>();
  const m = (x: Partial<UsMarket> & Pick<UsMarket, 'id' | 'slug' | 'question' | 'eventSlug' | 'yes'>): UsMarket => ({
    active: true,
    closed: false,
    status: 'MARKET_STATUS_OPEN',
    tick: '0.01',
    minimumTradeQty: 1,
    bestBid: null,
    bestAsk: null,
    volume: 1000,
    volume24hr: 100,
    endDate: '2026-12-31T23:00:00Z',
    startDate: '2026-01-05T15:00:00Z',
    description: 'Resolves Yes if it happens before the close.',
    feeCoefficient: 0.0695,
    ...x,
  });
  const add = (ev: Omit<UsEvent, 'markets'>, ms: UsMarket[]) => {
    events.set(ev.slug, { ...ev, markets: ms.map((x) => x.slug) });
    for (const x of ms) markets.set(x.slug, x);
  };
  add({ id: 9001, slug: 'nba-finals-2026', title: 'NBA Finals 2026', active: true, closed: false, series: { id: 77, slug: 'nba-finals', title: 'NBA Finals', recurrence: 'annual' } }, [
    m({ id: 101, slug: 'nba-finals-2026-celtics', question: 'Will the Celtics win the 2026 NBA Finals?', eventSlug: 'nba-finals-2026', yes: '0.34', bestBid: 0.33, bestAsk: 0.35, volume: 52000, volume24hr: 4100 }),
    m({ id: 102, slug: 'nba-finals-2026-thunder', question: 'Will the Thunder win the 2026 NBA Finals?', eventSlug: 'nba-finals-2026', yes: '0.41', bestBid: 0.4, bestAsk: 0.42, volume: 61000, volume24hr: 5300, feeCoefficient: 0.1 }),
  ]);
  add({ id: 9002, slug: 'fed-december-2026', title: 'Fed decision in December 2026', active: true, closed: false }, [
    m({ id: 201, slug: 'fed-cut-december-2026', question: 'Will the Fed cut rates in December 2026?', eventSlug: 'fed-december-2026', yes: '0.62', bestBid: 0.61, bestAsk: 0.63, tick: '0.001', minimumTradeQty: 5, volume: 88000, volume24hr: 9000, feeCoefficient: null }),
  ]);
  add({ id: 9003, slug: 'super-bowl-lx', title: 'Super Bowl LX', active: false, closed: true }, [
    m({ id: 301, slug: 'super-bowl-lx-seahawks', question: 'Will the Seahawks win Super Bowl LX?', eventSlug: 'super-bowl-lx', yes: '1', active: false, closed: true, status: 'MARKET_STATUS_RESOLVED', endDate: '2026-02-08T23:30:00Z' }),
  ]);
  for (let i = 0; i < extraMarkets; i++) {
    const slug = `us-generated-market-${String(i).padStart(4, '0')}`;
    add({ id: 10_000 + i, slug: `us-generated-event-${String(i).padStart(4, '0')}`, title: `Generated event ${i}`, active: true, closed: false }, [
      m({ id: 20_000 + i, slug, question: `Generated market ${i}?`, eventSlug: `us-generated-event-${String(i).padStart(4, '0')}`, yes: '0.5' }),
    ]);
  }
  books.set('nba-finals-2026-celtics', { bids: [['0.33', '150'], ['0.32', '400']], offers: [['0.35', '120'], ['0.36', '300']] });
  books.set('nba-finals-2026-thunder', { bids: [['0.40', '90']], offers: [['0.42', '75']] });
  books.set('fed-cut-december-2026', { bids: [['0.610', '500'], ['0.605', '250']], offers: [['0.630', '200'], ['0.640', '800']] });
  return { markets, events, books };
}
export type UsCatalog = ReturnType<typeof buildUsCatalog>;

/** The gateway's market object. */
export function marketWire(x: UsMarket): Record<string, unknown> {
  const no = (1 - Number(x.yes)).toFixed(Math.max(2, x.tick.split('.')[1]?.length ?? 2));
  return {
    id: String(x.id),
    question: x.question,
    slug: x.slug,
    endDate: x.endDate,
    startDate: x.startDate,
    category: 'sports',
    description: x.description,
    active: x.active,
    marketType: 'binary',
    closed: x.closed,
    archived: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: x.closed ? x.endDate : '2026-06-01T00:00:00Z',
    orderPriceMinTickSize: Number(x.tick),
    bestBid: x.bestBid,
    bestAsk: x.bestAsk,
    status: x.status,
    eventSlug: x.eventSlug,
    minimumTradeQty: x.minimumTradeQty,
    ...(x.feeCoefficient !== null ? { feeCoefficient: x.feeCoefficient } : {}),
    volume: x.volume,
    volume24hr: x.volume24hr,
    marketSides: [
      { id: `${x.id}-long`, marketSideType: 'MARKET_SIDE_TYPE_INSTRUMENT', description: 'Yes', price: x.yes, marketId: x.id, long: true, tradable: x.active },
      { id: `${x.id}-short`, marketSideType: 'MARKET_SIDE_TYPE_INSTRUMENT', description: 'No', price: Number(x.yes) === 1 ? '0' : no, marketId: x.id, long: false, tradable: x.active },
    ],
  };
}
