/**
 * The answers' schemas by the name an operation's route gives (ops/table.ts `http.response`): a
 * model of `src/models/` as serve uses it (schemas.ts), `<Name>[]` for a list of them. A new
 * operation answering one of these models names it; a new model adds its line here.
 */
import { BalanceAnswerSchema, CandleSchema, FillsPageSchema, PositionSchema, TradesPageSchema } from '../models/portfolio.js';
import { MarketLineage, MarketsPage, Order, Orderbook, OrderbookImpact, OrderbookStats, served, type JsonSchema } from './schemas.js';

const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });
const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullable = (t: string, description: string): JsonSchema => ({ type: [t, 'null'], description });

/** A spender's approval of the wallet's tokens (Polymarket, on chain). */
const Approval = object(
  {
    spender: str('Contract allowed to move the tokens'),
    name: str('Its name'),
    token: str('`pUSD` (ERC-20) or `CTF` (ERC-1155 outcome tokens)'),
    standard: { type: 'string', enum: ['erc20', 'erc1155'] },
    ok: { type: 'boolean' },
    allowance: nullable('string', 'ERC-20 allowance in token units (`unlimited` for the maximum); null for an ERC-1155 operator'),
  },
  ['spender', 'name', 'token', 'standard', 'ok', 'allowance'],
);
/** One of the doctor's checks. */
const Check = object({ check: str('What was checked'), ok: { type: 'boolean' }, detail: str('What was found'), fix: nullable('string', 'The fix when not ok') }, ['check', 'ok', 'detail', 'fix']);
const Settlement = object(
  {
    exchange: str('Exchange'),
    market_ticker: str('Market'),
    event_ticker: nullable('string', 'Event'),
    result: str('`yes`, `no`, `scalar` or `void`'),
    yes_count: str('YES contracts held at settlement'),
    no_count: str('NO contracts held at settlement'),
    cost: str('Cost basis, dollars'),
    payout: str('Paid out, dollars'),
    fees: str('Fees, dollars'),
    net: str('payout − cost − fees, dollars'),
    settled_time: nullable('string', 'When it settled (ISO 8601)'),
  },
  ['exchange', 'market_ticker', 'event_ticker', 'result', 'yes_count', 'no_count', 'cost', 'payout', 'fees', 'net', 'settled_time'],
);

const MODELS: Record<string, JsonSchema> = {
  MarketsPage,
  MarketLineage,
  Order,
  Orderbook,
  OrderbookStats,
  OrderbookImpact,
  BalanceAnswer: served(BalanceAnswerSchema),
  Position: served(PositionSchema),
  FillsPage: served(FillsPageSchema),
  TradesPage: served(TradesPageSchema),
  Candle: served(CandleSchema),
  Approval,
  Settlement,
  /** Per exchange, its checks. */
  DoctorReport: { type: 'object', additionalProperties: { type: 'array', items: Check } },
};

/** The schema a route's `response` names (throws on a name with no model: the table is checked at load). */
export function responseOf(id: string, name: string | undefined): JsonSchema {
  const list = name?.endsWith('[]');
  const model = name === undefined ? undefined : MODELS[list ? name.slice(0, -2) : name];
  if (!model) throw new Error(`ops/table.ts: ${id}'s http.response ${name === undefined ? 'is missing' : `names no model (${name})`}: serve/responses.ts`);
  return list ? { type: 'array', items: model } : model;
}
