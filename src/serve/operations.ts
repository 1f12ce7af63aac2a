/**
 * The operations another surface (an MCP server) enumerates: the operation table (ops/table.ts)
 * joined with each route's input schema and handler, so a tool runs the same orchestration as
 * `pmt serve` and the CLI (the ops). Loaded only by a surface that needs it (it loads the routes).
 *
 *   for (const op of listOperations()) server.tool(op.name, op.description, op.inputSchema, …)
 *   const out = await op.run(services, input)   // input validated against op.inputSchema first
 *
 * `input` must have been validated (and defaults applied) against `inputSchema` as fastify does
 * for serve (Ajv with `useDefaults`, `coerceTypes: 'array'`); the ops check every rule again.
 * `run` resolves to the interface's model (`body`) and, for a call over several exchanges where
 * some failed, `failures` (what serve sends as `Pmt-Failures`); it rejects with a PmtError
 * (`toObject()` is the interface's error object).
 */
import { OPERATIONS_TABLE } from '../ops/table.js';
import type { Services } from '../ops/services.js';
import { FAILURES_HEADER, readRoute } from './route-def.js';
import { ROUTES } from './routes.js';
import type { JsonSchema } from './schemas.js';

export interface OperationEntry {
  /** The interface's name (`fetch_markets`). */
  name: string;
  description: string;
  /** JSON Schema of the input object (serve's query or body schema). */
  inputSchema: JsonSchema;
  /** JSON Schema of the answer (the interface's model). */
  outputSchema: JsonSchema;
  readOnly: boolean;
  /** Cancels or changes what exists: ask the user first. */
  destructive: boolean;
  /** The HTTP method serve answers it on (`POST` operations write). */
  method: 'GET' | 'POST';
  run(svc: Services, input: Record<string, unknown>, headers?: Record<string, string>): Promise<{ body: unknown; failures?: unknown[] }>;
}

/** Every operation with a route, in the table's order (the book stream, a long-lived SSE route, is not one). */
export function listOperations(): OperationEntry[] {
  return OPERATIONS_TABLE.flatMap((o) => {
    const r = ROUTES.find((x) => x.operationId === o.id);
    if (!r) return [];
    return [
      {
        name: o.id,
        description: r.description ? `${r.summary}. ${r.description}` : r.summary,
        inputSchema: r.querystring ?? r.body ?? { type: 'object', properties: {}, additionalProperties: false },
        outputSchema: r.response,
        readOnly: o.readOnly,
        destructive: o.destructive,
        method: r.method,
        run: async (svc: Services, input: Record<string, unknown>, headers: Record<string, string> = {}) => {
          const out = await r.handler(svc, { input: readRoute(r, input), headers });
          const failures = out.headers?.[FAILURES_HEADER];
          return failures === undefined ? { body: out.body } : { body: out.body, failures: JSON.parse(failures) as unknown[] };
        },
      },
    ];
  });
}
