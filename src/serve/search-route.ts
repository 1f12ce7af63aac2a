/**
 * `GET /v1/markets/search_markets`: `pmt markets search` over HTTP, the same op (ops/search.ts)
 * with the same rules (words needed, at most 200 characters, `limit` 1-200, default 20 in all),
 * answering the CLI's `--json` document, `{markets, cursor: null}`.
 */
import { searchMarkets } from '../ops/search.js';
import { partial, type RouteDef, routeOf } from './route-def.js';
import { MarketsPage } from './schemas.js';


export const SEARCH_ROUTE: RouteDef = {
  ...routeOf('search_markets'),
  tag: 'Markets',
  summary: 'Markets found by words in their title, event or series, best match first',
  description:
    'Without `exchange`, both exchanges are searched and their markets ranked together; `limit` counts markets in all. ' +
    '`cursor` is always null (one page). When some exchanges answer and others fail: 200 with what came back and ' +
    '`Pmt-Failures`; when every exchange fails, the first failure\'s error object.',
  response: MarketsPage,
  errors: [429, 500, 501, 502],
  partial: true,
  handler: async (svc, { input }) => {
    const r = await searchMarkets(svc, input);
    return partial({ markets: r.markets, cursor: null }, r.failed);
  },
};
