/**
 * What a route is (the shape of the REST surface as data) and the partial-results answer, shared
 * by every route table (routes.ts, day-routes.ts) without the tables importing each other.
 */
import type { ExchangeFailure } from '../ops/fanout.js';
import type { Services } from '../ops/services.js';
import { readHttp } from '../ops/input.js';
import { operation } from '../ops/table.js';
import { inputSchema } from './input-schema.js';
import type { JsonSchema } from './schemas.js';

export type Tag = 'Markets' | 'Orders' | 'Orderbook' | 'Account' | 'Server';

/** What a handler returns: the body, plus headers when the body alone cannot say everything. */
export interface Outcome {
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response: JsonSchema;
  /** Error statuses this route documents besides 400/401 (which every route can answer). */
  errors: number[];
  /** Spans exchanges: a 200 may carry partial results with `Pmt-Failures` (see `partial`). */
  partial?: boolean;
  /** `input`: the op's input as the operation's declaration reads it from the query or body (`readRoute`). */
  handler(svc: Services, request: { input: never; headers: Record<string, string | string[] | undefined> }): Promise<Outcome>;
}

/**
 * A route's method, path, operationId and request schema (a GET's querystring, a POST's body),
 * from the operation's entry in the table (ops/table.ts).
 */
export function routeOf(id: string): Pick<RouteDef, 'method' | 'path' | 'operationId' | 'querystring' | 'body'> {
  const http = operation(id).http;
  if (!http) throw new Error(`operation ${id} has no route in ops/table.ts`);
  const input = inputSchema(id);
  return { method: http.method, path: http.path, operationId: id, ...(http.method === 'GET' ? { querystring: input } : { body: input }) };
}

/** The op's input of a request to `r` (its query or body, validated against its schema). */
export function readRoute(r: Pick<RouteDef, 'operationId'>, values: unknown): never {
  return readHttp(operation(r.operationId), (values ?? {}) as Record<string, unknown>) as never;
}

/**
 * A call over several exchanges where some failed and some answered: 200 with what answered (the
 * documented model, unchanged) and `Pmt-Failures`, a JSON array of `{exchange, kind, message}`
 * (non-ASCII escaped), one per exchange that failed. When every exchange failed the answer is the
 * first failure's error object and status.
 */
export const FAILURES_HEADER = 'Pmt-Failures';
export function partial(body: unknown, failed: ExchangeFailure[]): Outcome {
  if (failed.length === 0) return { body };
  const list = failed.map((f) => ({ exchange: f.exchange, kind: f.error.kind, message: f.error.message }));
  const ascii = JSON.stringify(list).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  return { body, headers: { [FAILURES_HEADER]: ascii } };
}
