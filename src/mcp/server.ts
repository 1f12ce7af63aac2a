/**
 * The MCP server. Its tools are derived: one per operation that `pmt serve` routes
 * (serve/operations.ts `listOperations`: the interface's name, serve's input schema, the answer
 * model, the handler serve runs), joined with the MCP rules of ops/tools.ts (trading gate,
 * preview without `confirm`, the `all` listing), plus pmt's own local tools (journal, limits).
 * A result is `structuredContent` (the `--json` document; a list as `{items: [...]}`; `failed`
 * when some exchange did not answer) with its text copy; a failure is an `isError` result holding
 * the error object (RiskLimit with its limit fields).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import { PmtError, toPmtError, usageError } from '../errors.js';
import { INPUTS } from '../models/inputs.js';
import { gate, LOCAL_TOOLS, TOOL_RULES, type ToolAnnotations, type ToolCall, type ToolResult } from '../ops/tools.js';
import type { Services } from '../ops/services.js';
import { listOperations } from '../serve/operations.js';
import { VERSION } from '../version.js';

type Schema = Record<string, unknown>;

/** JSON Schema without `$id`s (each tool's schema stands alone). */
function plain(s: unknown): Schema {
  return JSON.parse(JSON.stringify(s, (k, v) => (k === '$id' ? undefined : v))) as Schema;
}

const FAILED = { type: 'array', description: 'Exchanges that did not answer (the others did)', items: { type: 'object' } };

/** The answer schema as structuredContent carries it: an object model gains `failed`, a list becomes `{items, failed}`. */
function outputOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  const s = plain(schema);
  if (s.type === 'array') return { type: 'object', properties: { items: s, failed: FAILED }, required: ['items'], additionalProperties: false };
  if (s.type === 'object' && s.properties) return { ...s, properties: { ...(s.properties as Schema), failed: FAILED } };
  return undefined;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Schema;
  outputSchema?: Schema;
  annotations: ToolAnnotations;
  trading: boolean;
  run(svc: Services, input: Record<string, unknown>, call: ToolCall): Promise<ToolResult>;
}

/** Every tool: the routed operations with their rules, then pmt's local ones. */
export function mcpTools(): McpTool[] {
  const derived = listOperations().map((op): McpTool => {
    const rule = TOOL_RULES[op.name] ?? {};
    const input = plain(op.inputSchema);
    const inputSchema = { ...input, properties: { ...((input.properties as Schema) ?? {}), ...(rule.extraInputs ?? {}) } };
    return {
      name: op.name,
      description: op.description,
      inputSchema,
      outputSchema: rule.previewShape === 'other' ? undefined : outputOf(op.outputSchema as Schema),
      annotations: { readOnlyHint: op.readOnly, destructiveHint: !op.readOnly, idempotentHint: op.readOnly || rule.idempotent === true, openWorldHint: true },
      trading: rule.trading === true,
      async run(svc, q, call) {
        const instead = await rule.instead?.(svc, q, call);
        if (instead) return instead;
        if (rule.preview && q.confirm !== true) return rule.preview(svc, q);
        if (rule.trading) gate(op.name, call);
        rule.beforeSend?.(q);
        const { confirm: _c, all: _a, ...args } = q;
        const r = await op.run(svc, args);
        const failed = (r.failures ?? []).map((f) => {
          const x = f as { exchange: never; kind: PmtError['kind']; message: string };
          return { exchange: x.exchange, error: new PmtError(x.kind, x.message) };
        });
        return { document: r.body, failed: failed.length ? failed : undefined };
      },
    };
  });
  const local = LOCAL_TOOLS.map((t): McpTool => ({ ...t, inputSchema: plain(INPUTS[t.name]!), trading: false }));
  return [...derived, ...local];
}

export interface McpOptions {
  /** `--allow-trading`; the profile's `trading: on` also allows it (read per call). */
  allowTrading: boolean;
  /** The profile's own `trading` setting, read afresh. */
  profileTrading: () => Promise<'on' | 'off' | undefined>;
}

export function buildMcpServer(svc: Services, opts: McpOptions): Server {
  const tools = mcpTools();
  const server = new Server(
    { name: 'pmt', version: VERSION },
    { capabilities: { tools: {} }, instructions: 'pmt: prediction-market reads, previews and (when allowed) orders on Kalshi and Polymarket, through the same risk limits, journal and idempotency as the pmt CLI.' },
  );
  const allowed = async () => opts.allowTrading || (await opts.profileTrading()) === 'on';

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const trading = await allowed();
    return {
      tools: tools.map((t) => ({
        name: t.name,
        title: t.name.replace(/_/g, ' '),
        description: t.trading && !trading ? `${t.description} (trading is off in this server: previews only; start \`pmt mcp --allow-trading\` to send)` : t.description,
        inputSchema: t.inputSchema as { type: 'object' },
        ...(t.outputSchema ? { outputSchema: t.outputSchema as { type: 'object' } } : {}),
        annotations: { title: t.name.replace(/_/g, ' '), ...t.annotations },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const tool = tools.find((t) => t.name === req.params.name);
    try {
      if (!tool) throw usageError(`unknown tool "${req.params.name}" (tools/list names them)`);
      const input = structuredClone((req.params.arguments ?? {}) as Record<string, unknown>);
      checkInput(tool, input);
      const token = req.params._meta?.progressToken;
      const r = await tool.run(svc, input, {
        signal: extra.signal,
        tradingAllowed: await allowed(),
        progress:
          token === undefined
            ? undefined
            : async (done: number, message: string) => {
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

// As serve validates: defaults applied, a single value where a list is expected taken as a list.
const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, coerceTypes: 'array' });
const validators = new Map<string, ValidateFunction>();

/** The input against its schema, before any request: the first problem, named like serve names it. */
function checkInput(tool: McpTool, input: Record<string, unknown>): void {
  const v = validators.get(tool.name) ?? ajv.compile(tool.inputSchema);
  validators.set(tool.name, v);
  if (v(input)) return;
  const e = v.errors?.[0];
  const p = (e?.params ?? {}) as Record<string, unknown>;
  const field = (e?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || String(p.missingProperty ?? p.additionalProperty ?? 'arguments');
  const rule = e?.keyword === 'additionalProperties' ? 'is not a parameter of this tool' : e?.keyword === 'enum' ? `must be one of ${(p.allowedValues as unknown[]).join(', ')}` : (e?.message ?? 'is not valid');
  throw usageError(`${tool.name}: "${field}" ${rule}`);
}
