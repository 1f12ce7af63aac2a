/**
 * `GET /v1/markets/search_markets`: `pmt markets search` over HTTP, the same op (ops/search.ts)
 * with the same rules (words needed, at most 200 characters, `limit` 1-200, default 20 in all),
 * answering the CLI's `--json` document, `{markets, cursor: null}`.
 */
import { EXCHANGE_IDS, MARKET_STATUS_FILTERS, type MarketStatusFilter } from '../exchanges/types.js';
import type { ExchangeId } from '../exchanges/registry.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, searchMarkets } from '../ops/search.js';
import { partial, type RouteDef, routeOf } from './route-def.js';
import { MarketsPage } from './schemas.js';

interface SearchRequest {
  query: string;
  status?: MarketStatusFilter;
  limit?: number;
  exchange?: ExchangeId;
}

export const SEARCH_ROUTE: RouteDef = {
  ...routeOf('search_markets'),
  tag: 'Markets',
  summary: 'Markets found by words in their title, event or series, best match first',
  description:
    'Without `exchange`, both exchanges are searched and their markets ranked together; `limit` counts markets in all. ' +
    '`cursor` is always null (one page). When some exchanges answer and others fail: 200 with what came back and ' +
    '`Pmt-Failures`; when every exchange fails, the first failure\'s error object.',
  querystring: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 1000, description: 'The words to look for (at most 200 characters), e.g. `fed rates`' },
      status: { type: 'string', enum: [...MARKET_STATUS_FILTERS], default: 'active', description: 'Lifecycle filter' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `Markets in all, across exchanges (default ${DEFAULT_SEARCH_LIMIT})` },
      exchange: { type: 'string', enum: [...EXCHANGE_IDS], description: 'Search one exchange only' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  response: MarketsPage,
  errors: [429, 500, 501, 502],
  partial: true,
  handler: async (svc, { query }) => {
    const q = query as SearchRequest;
    const r = await searchMarkets(svc, { query: q.query, status: q.status, limit: q.limit, exchange: q.exchange });
    return partial({ markets: r.markets, cursor: null }, r.failed);
  },
};
