/**
 * create_order's dry run as one document, for every surface: `pmt order create --dry-run --json`
 * and MCP's `create_order` without `confirm: true` (what an agent sees before it trades) print the
 * same preview, risk limits and exact upstream request, from the one orchestration
 * (ops/order-create.ts prepareOrder). Nothing is sent.
 */
import type { CreateOrderRequest, ExchangeId } from '../exchanges/types.js';
import { prepareOrder, type PreparedOrder } from './order-create.js';
import { bodyInput, type CreateOrderBody } from './orders.js';
import { previewJson } from './preview.js';
import type { LimitCheck } from './risk.js';
import type { Services } from './services.js';

/** The request as the contract prints it: the interface's numbers, in the request's own key order. */
export type RequestJson = Omit<CreateOrderRequest, 'price' | 'size'> & { price: number; size: number };

export interface CreatePreview {
  dry_run: true;
  exchange: ExchangeId;
  request: RequestJson;
  preview: Record<string, unknown> & { limits: LimitCheck[] };
  upstream: { method: string; url: string; body: unknown };
}

/** The request's exact decimals as JSON numbers (the shortest text of each is the decimal itself). */
export function requestJson(req: CreateOrderRequest): RequestJson {
  return { ...req, price: req.price.toNumber(), size: req.size.toNumber() };
}

/** The dry run of a prepared order, as `--dry-run --json` prints it. */
export function dryRunDocument(p: PreparedOrder): CreatePreview {
  return { dry_run: true, exchange: p.exchange, request: requestJson(p.req), preview: { ...previewJson(p.preview), limits: p.limits }, upstream: p.upstream };
}

/** MCP's create_order without `confirm`: the CLI's dry run of the same body. */
export async function previewCreateOrder(svc: Services, b: CreateOrderBody): Promise<CreatePreview> {
  return dryRunDocument(await prepareOrder(svc, bodyInput(b, { dryRun: true })));
}
