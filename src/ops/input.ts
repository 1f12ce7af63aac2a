/**
 * An operation's input from either surface, by its declaration in the table (ops/params.ts):
 * the CLI's flags and arguments (text) or a request's query or body (typed by fastify against
 * the schema generated from the same declaration). Each parameter is read under its surface's
 * name, typed (the CLI's `text`), then parsed by its `parse`, the same on both surfaces, with the
 * field named as that surface names it in a message (`--event` / `event_ticker`). The result is
 * keyed by the op's own field names, with what was not given left out.
 */
import { usageError } from '../errors.js';
import { splitIds } from '../split-ids.js';
import { parseCursor, parseDecimal, parseId, parseInteger } from '../validate.js';
import type { TextParse, ValueParse } from './params.js';
import { argumentsOf, isArgument, longFlag, servedName, servedOf, type OperationDecl, type Param } from './table.js';

export type Input = Record<string, unknown>;

/** Commander's name for an option's value (`--client-order-id` → `clientOrderId`). */
export function attributeOf(p: Param): string {
  return longFlag(p)
    .replace(/^--(no-)?/, '')
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * From a command line: `values` are the options by attribute name (pmt's global `--exchange`
 * among them), `args` the positional words (a variadic last argument takes the rest).
 */
export function readCli(o: OperationDecl, values: Record<string, unknown>, args: readonly string[]): Input {
  const positions = argumentsOf(o);
  const out: Input = {};
  for (const p of o.input) {
    if (p.cli === undefined) continue;
    const at = positions.indexOf(p);
    const given = !isArgument(p) ? values[attributeOf(p)] : /\.\.\.[>\]]$/.test(p.cli) ? args.slice(at) : args[at];
    // Commander applies a flag's default; a verb run in process may be handed none.
    const raw = given ?? (typeof p.default === 'string' ? p.default : undefined);
    const field = isArgument(p) ? p.name : longFlag(p);
    put(out, p, raw === undefined || p.text === undefined ? raw : fromText(p.text, field, raw), field);
  }
  return out;
}

/** From a request's query or body, validated against the operation's schema (serve/input-schema.ts). */
export function readHttp(o: OperationDecl, values: Record<string, unknown>): Input {
  const out: Input = {};
  // fastify (Ajv, useDefaults) has applied the defaults; another caller may not have.
  for (const p of servedOf(o)) put(out, p, values[servedName(p)] ?? p.default, servedName(p));
  return out;
}

function put(out: Input, p: Param, value: unknown, field: string): void {
  const v = p.parse === undefined || (value === undefined && p.parse !== 'ids') ? value : parse(p.parse, field, value);
  if (v !== undefined) out[p.name] = v;
}

/** The CLI's text as the value the schema would have typed. */
function fromText(t: TextParse, field: string, text: unknown): unknown {
  if (t === 'words') return (text as string[]).join(' ').trim();
  if (t === 'seconds') {
    const d = parseDecimal(field, text);
    if (!d.gt(0) || d.gt(31_536_000)) throw usageError(`${field} must be a number of seconds above 0 (at most a year)`);
    return d;
  }
  return parseInteger(field, text, t.integer[0], t.integer[1]);
}

/** The same on both surfaces. */
function parse(kind: ValueParse, field: string, v: unknown): unknown {
  switch (kind) {
    case 'id':
      return parseId(field, v);
    case 'cursor':
      return parseCursor(v);
    case 'ids':
      // Repeated (`--ticker A --ticker B`, `?market_tickers=A&market_tickers=B`) or comma-separated.
      return ((v ?? []) as string[]).flatMap(splitIds).map((t) => parseId(field, t));
  }
}
