/**
 * create_order's preview as an operation (MCP's `create_order` without `confirm: true`, and what
 * an agent sees before it trades): the same preview, risk limits and exact upstream request as
 * `pmt order create --dry-run --json`, from the same create_order body serve and MCP take.
 * Nothing is sent.
 */
import { bookImpact } from '../analytics/book.js';
import { Decimal } from '../decimal.js';
import type { CreateOrderRequest, ExchangeId } from '../exchanges/types.js';
import { resolveCreate, type CreateOrderBody } from './orders.js';
import { accountFor } from './portfolio.js';
import { buildPreview, previewJson, readFees, readOrderBook } from './preview.js';
import { checkLimits, intentOf, type LimitCheck } from './risk.js';
import type { Services } from './services.js';

export interface CreatePreview {
  dry_run: true;
  exchange: ExchangeId;
  request: CreateOrderRequest;
  preview: Record<string, unknown> & { limits: LimitCheck[] };
  upstream: { method: string; url: string; body: unknown };
}

export async function previewCreateOrder(svc: Services, b: CreateOrderBody): Promise<CreatePreview> {
  const { ex, info, req, label } = await resolveCreate(svc, b);
  const price = Decimal.from(req.price);
  const size = Decimal.from(req.size);
  const fees = readFees(ex, info);
  const book = await readOrderBook(ex, req.asset_id, label);
  const account = await accountFor(svc, info.exchange, info.market.ticker, label);
  const preview = buildPreview({
    exchange: info.exchange,
    environment: ex.environment,
    info,
    side: req.side,
    order_type: req.order_type,
    outcome: label,
    price,
    size,
    book,
    impact: book && bookImpact(book, req.size, new Date(svc.now()).toISOString()),
    now: svc.now(),
    fees: await fees,
    account: { cash: account.cash, held: account.held, reason: account.reason ?? undefined },
  });
  const upstream = await ex.previewOrder(req);
  const limits = await checkLimits(svc, intentOf(info, req, label, preview.fee.total), { all: true });
  return { dry_run: true, exchange: info.exchange, request: req, preview: { ...previewJson(preview), limits }, upstream };
}
