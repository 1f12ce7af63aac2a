/**
 * Kalshi markets without quotes: every price field absent (both the `_dollars` strings and the
 * legacy integer cents) is "no price", never 0: best bid/ask, last trade and each outcome's price
 * read null, and a table prints "-". Either spelling alone still reads (fixed point wins; cents
 * are the fallback). Placeholders such as "0.0000"/"1.0000" for "no quote" are another matter
 * (issue 12's parser change); these tests pin only the all-missing case and the two spellings.
 */
import { describe, expect, it } from 'vitest';
import { eventAsMarket } from '../../../src/exchanges/kalshi/event-market.js';
import { parseMarket } from '../../../src/exchanges/kalshi/parse.js';
import { Formatter } from '../../../src/render/format.js';
import { marketRow } from '../../../src/render/views/markets.js';
import { IO } from '../../../src/render/io.js';

const base = { ticker: 'KXNOQ-26-A', event_ticker: 'KXNOQ-26', yes_sub_title: 'Alpha', status: 'active', volume_fp: '0' };
const PRICE_KEYS = ['yes_bid', 'yes_ask', 'no_bid', 'no_ask', 'last_price', 'previous_price', 'previous_yes_bid', 'previous_yes_ask'];

describe('a Kalshi market whose price fields are all missing', () => {
  it('has no prices, not zeros', () => {
    const m = parseMarket(base)!;
    expect([m.best_bid, m.best_ask, m.last_trade_price]).toEqual([null, null, null]);
    expect(m.outcomes.map((o) => o.price)).toEqual([null, null]);
  });

  it('also when the fields are present but null or empty (either spelling)', () => {
    const blank: Record<string, unknown> = { ...base };
    for (const k of PRICE_KEYS) {
      blank[`${k}_dollars`] = null;
      blank[k] = null;
    }
    blank.yes_ask_dollars = '';
    const m = parseMarket(blank)!;
    expect([m.best_bid, m.best_ask, m.last_trade_price]).toEqual([null, null, null]);
    expect(m.outcomes.every((o) => o.price === null)).toBe(true);
  });

  it('is shown without prices in a table ("-"), and as empty cells when piped', () => {
    const m = parseMarket(base)!;
    const person = new IO({ env: { PMT_FORCE_TTY: '120' } });
    const row = marketRow(new Formatter(person), m);
    expect(row.slice(4, 7)).toEqual(['-', '-', '-']);
    const piped = new IO({ env: {} });
    expect(marketRow(new Formatter(piped), m).slice(4, 7)).toEqual(['', '', '']);
  });

  it('an event of such markets has outcomes without prices', () => {
    const ev = eventAsMarket({ event_ticker: 'KXNOQ-26', title: 'No quotes' }, [base, { ...base, ticker: 'KXNOQ-26-B', yes_sub_title: 'Beta' }])!;
    expect(ev.outcomes.map((o) => [o.label, o.price])).toEqual([['Alpha', null], ['Beta', null]]);
  });
});

describe('both spellings keep reading', () => {
  it('fixed-point strings', () => {
    const m = parseMarket({ ...base, yes_bid_dollars: '0.4100', yes_ask_dollars: '0.4300', last_price_dollars: '0.4200' })!;
    expect([m.best_bid, m.best_ask, m.last_trade_price]).toEqual([0.41, 0.43, 0.42]);
  });

  it('legacy integer cents alone', () => {
    const m = parseMarket({ ...base, yes_bid: 41, yes_ask: 43, last_price: 42 })!;
    expect([m.best_bid, m.best_ask, m.last_trade_price]).toEqual([0.41, 0.43, 0.42]);
    expect(m.outcomes.map((o) => o.price)).toEqual([0.43, 0.57]);
  });

  it('fixed point wins over cents; a missing one falls back field by field', () => {
    const m = parseMarket({ ...base, yes_bid_dollars: '0.4150', yes_bid: 40, yes_ask: 43 })!;
    expect([m.best_bid, m.best_ask, m.last_trade_price]).toEqual([0.415, 0.43, null]);
  });
});
