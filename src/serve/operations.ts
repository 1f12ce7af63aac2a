/**
 * The operations another surface (the MCP server) enumerates: each route's operation with its
 * input schema, answer schema and handler, so a tool runs exactly what `pmt serve` runs (the same
 * ops). Loaded only by a surface that needs it (it loads the routes).
 *
 * (Stand-in until the operation table of issue 22 lands: the same shape, built from the routes.)
 */
import type { Services } from '../ops/services.js';
import { FAILURES_HEADER } from './route-def.js';
import { ROUTES } from './routes.js';
import type { JsonSchema } from './schemas.js';

export interface OperationEntry {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  readOnly: boolean;
  destructive: boolean;
  method: 'GET' | 'POST';
  run(svc: Services, input: Record<string, unknown>, headers?: Record<string, string>): Promise<{ body: unknown; failures?: unknown[] }>;
}

const DESTRUCTIVE = new Set(['cancel_order', 'amend_order', 'cancel_all_orders', 'kill']);

export function listOperations(): OperationEntry[] {
  return ROUTES.map((r) => ({
    name: r.operationId,
    description: r.description ? `${r.summary}. ${r.description}` : r.summary,
    inputSchema: r.querystring ?? r.body ?? { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: r.response,
    readOnly: r.method === 'GET',
    destructive: DESTRUCTIVE.has(r.operationId),
    method: r.method,
    run: async (svc: Services, input: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const out = await r.handler(svc, { query: input as never, body: input as never, headers });
      const failures = out.headers?.[FAILURES_HEADER];
      return failures === undefined ? { body: out.body } : { body: out.body, failures: JSON.parse(failures) as unknown[] };
    },
  }));
}
