// Placeholder until src/analytics/book.ts lands (merged from main): same names and signatures.
import { PmtError } from '../errors.js';
import type { Orderbook, OrderbookImpact, OrderbookStats } from '../exchanges/types.js';

export function bookStats(_book: Orderbook, _serviceTs: string): OrderbookStats {
  throw new PmtError('NotSupported', 'orderbook stats are not implemented yet');
}
export function bookImpact(_book: Orderbook, _size: number, _serviceTs: string): OrderbookImpact {
  throw new PmtError('NotSupported', 'orderbook impact is not implemented yet');
}
