/**
 * The MCP server: one tool per entry of ops/tools.ts (names = the interface's operation names),
 * input schemas = the input models (models/inputs.ts), output schemas = the result models where
 * the result is one. A result is `structuredContent` (the `--json` document; a list as
 * `{items: [...]}`, with `failed` when some exchange did not answer) plus its text copy; a
 * failure is an `isError` result holding the error object (RiskLimit with its limit fields).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { toPmtError, usageError } from '../errors.js';
import { INPUTS } from '../models/inputs.js';
import { MarketLineageSchema } from '../models/market.js';
import { OrderSchema } from '../models/order.js';
import { OrderbookImpactSchema, OrderbookSchema, OrderbookStatsSchema } from '../models/book.js';
import { TOOLS, type ToolDef } from '../ops/tools.js';
import type { Services } from '../ops/services.js';
import { VERSION } from '../version.js';

/** JSON Schema without TypeBox's `$id`s (each tool's schema stands alone) or symbols. */
function plain(s: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(s, (k, v) => (k === '$id' ? undefined : v))) as Record<string, unknown>;
}

const listOf = (item: TSchema) => ({ type: 'object', properties: { items: { type: 'array', items: plain(item) }, failed: { type: 'array' } }, required: ['items'] });
/** Output schemas: the model a tool answers with (a list wrapped as `{items}`). */
const OUTPUTS: Record<string, Record<string, unknown>> = {
  fetch_order: plain(OrderSchema),
  cancel_order: plain(OrderSchema),
  amend_order: plain(OrderSchema),
  fetch_market_lineage: plain(MarketLineageSchema),
  fetch_orderbook: plain(OrderbookSchema),
  fetch_orderbook_stats: plain(OrderbookStatsSchema),
  fetch_orderbook_impact: plain(OrderbookImpactSchema),
  fetch_open_orders: listOf(OrderSchema),
  cancel_all_orders: listOf(OrderSchema),
  kill: listOf(OrderSchema),
};

export interface McpOptions {
  /** `--allow-trading`; the profile's `trading: on` also allows it (read per call). */
  allowTrading: boolean;
  /** The profile's own `trading` setting, read afresh. */
  profileTrading: () => Promise<'on' | 'off' | undefined>;
}

export function toolList(opts: { tradingAllowed: boolean }) {
  return TOOLS.map((t) => ({
    name: t.name,
    title: t.name.replace(/_/g, ' '),
    description: t.trading && !opts.tradingAllowed ? `${t.description} (trading is off in this server: previews only; start \`pmt mcp --allow-trading\` to send)` : t.description,
    inputSchema: plain(INPUTS[t.name]!) as { type: 'object' },
    ...(OUTPUTS[t.name] ? { outputSchema: OUTPUTS[t.name] as { type: 'object' } } : {}),
    annotations: { title: t.name.replace(/_/g, ' '), ...t.annotations },
  }));
}

export function buildMcpServer(svc: Services, opts: McpOptions): Server {
  const server = new Server({ name: 'pmt', version: VERSION }, { capabilities: { tools: {} }, instructions: 'pmt: prediction-market reads, previews and (when allowed) orders on Kalshi and Polymarket, through the same risk limits, journal and idempotency as the pmt CLI.' });
  const allowed = async () => opts.allowTrading || (await opts.profileTrading()) === 'on';

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList({ tradingAllowed: await allowed() }) }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const tool = TOOLS.find((t) => t.name === req.params.name);
    try {
      if (!tool) throw usageError(`unknown tool "${req.params.name}" (tools/list names them)`);
      const input = (req.params.arguments ?? {}) as Record<string, unknown>;
      checkInput(tool, input);
      const token = req.params._meta?.progressToken;
      const r = await tool.run(svc, input, {
        signal: extra.signal,
        tradingAllowed: await allowed(),
        progress:
          token === undefined
            ? undefined
            : async (done, message) => {
                await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, message } });
              },
      });
      const structured: Record<string, unknown> = Array.isArray(r.document) ? { items: r.document } : { ...(r.document as object) };
      const content = [{ type: 'text' as const, text: JSON.stringify(r.document) }];
      if (r.failed) {
        const failed = r.failed.map((f) => ({ exchange: f.exchange, kind: f.error.kind, message: f.error.message }));
        structured.failed = failed;
        content.push({ type: 'text' as const, text: JSON.stringify({ failed }) });
      }
      return { structuredContent: structured, content };
    } catch (e) {
      const err = toPmtError(e).toObject();
      return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(err) }], structuredContent: err as Record<string, unknown> };
    }
  });
  return server;
}

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false });
const validators = new Map<string, ValidateFunction>();

/** The input against its model, before any request: the first problem, named like serve names it. */
function checkInput(tool: ToolDef, input: Record<string, unknown>): void {
  const v = validators.get(tool.name) ?? ajv.compile(plain(INPUTS[tool.name]!));
  validators.set(tool.name, v);
  if (v(input)) return;
  const e = v.errors?.[0];
  const p = (e?.params ?? {}) as Record<string, unknown>;
  const field = (e?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || String(p.missingProperty ?? p.additionalProperty ?? 'arguments');
  const rule = e?.keyword === 'additionalProperties' ? 'is not a parameter of this tool' : e?.keyword === 'enum' ? `must be one of ${(p.allowedValues as unknown[]).join(', ')}` : (e?.message ?? 'is not valid');
  throw usageError(`${tool.name}: "${field}" ${rule}`);
}
