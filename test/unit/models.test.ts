/**
 * The model definitions (src/models) and the check the tests hold adapters' output to: each
 * model is closed and fully required, and the check fails on a field too many or too few.
 */
import { describe, expect, it } from 'vitest';
import { LevelSchema, OrderbookImpactSchema, OrderbookSchema, OrderbookStatsSchema } from '../../src/models/book.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { EventSchema, MarketLineageSchema, MarketSchema, MarketsPageSchema, OutcomeSchema, SeriesSchema, SettlementSourceSchema } from '../../src/models/market.js';
import { OrderSchema } from '../../src/models/order.js';
import { CandleSchema, FillSchema, MarketTradeSchema, PositionSchema } from '../../src/models/portfolio.js';
import { expectModel, fieldsOf } from '../helpers/models.js';
import { book, market, order } from '../serve/fake.js';

const MODELS = [
  OutcomeSchema, MarketSchema, EventSchema, SeriesSchema, SettlementSourceSchema, MarketLineageSchema, MarketsPageSchema,
  OrderSchema, LevelSchema, OrderbookSchema, OrderbookStatsSchema, OrderbookImpactSchema, ErrorObjectSchema,
  PositionSchema, FillSchema, MarketTradeSchema, CandleSchema,
];

describe('the model definitions', () => {
  it('are closed objects, every field required, each named', () => {
    for (const m of MODELS) {
      expect(m.$id).toMatch(/^[A-Z]\w+$/);
      expect(m.required, m.$id).toEqual(fieldsOf(m));
      expect(m.additionalProperties, m.$id).toBe(false);
    }
    expect(new Set(MODELS.map((m) => m.$id)).size).toBe(MODELS.length);
  });
});

describe('expectModel', () => {
  const m = market('kalshi', 'KXTEST-26');

  it('accepts a model as the adapters build it', () => {
    expectModel(MarketSchema, m);
    expectModel(OrderSchema, order('x'));
    expectModel(OrderbookSchema, book('KXTEST-26'));
    expectModel(MarketLineageSchema, { market: m, event: null, series: null });
  });

  it('fails on a field too many, too few, of the wrong type, null where not nullable, or off its enum (nested too)', () => {
    const { title: _title, ...missing } = m;
    for (const bad of [
      { ...m, extra: 1 },
      missing,
      { ...m, volume: '1' },
      { ...m, title: null },
      { ...m, status: 'open' },
      { ...m, best_bid: 1.5 },
      { ...m, outcomes: [{ ...m.outcomes[0], extra: true }] },
    ]) {
      expect(() => expectModel(MarketSchema, bad), JSON.stringify(bad).slice(0, 80)).toThrow();
    }
    expect(() => expectModel(MarketLineageSchema, { market: { ...m, extra: 1 }, event: null, series: null })).toThrow();
  });
});
