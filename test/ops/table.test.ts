/**
 * The operation table (src/ops/table.ts) is the one declaration of each operation: this walks it
 * and fails on an operation without flags, examples, a capability or a route, or with a parameter
 * declared in a way no surface could derive, and on a derived surface that disagrees with it: the
 * Commander tree, serve's routes and their schemas, the completion model, the list an MCP server
 * enumerates, and the input both surfaces read. In process: the tree and the routes are data, no
 * binary is spawned (test/ops/parity.test.ts runs both surfaces against the doubles).
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionModel, operationSpec, commanderSpec, allSpecs } from '../../src/commands/completion-model.js';
import { optionOf } from '../../src/commands/op-command.js';
import { OPERATIONS, UNLISTED_OPERATIONS } from '../../src/exchanges/manifest.js';
import { readCli, readHttp } from '../../src/ops/input.js';
import { exchange } from '../../src/ops/params.js';
import { argumentsOf, flagsOf, isArgument, longFlag, OPERATIONS_TABLE, servedName, servedOf, subcommandsOf, type OperationDecl } from '../../src/ops/table.js';
import { buildProgram, LAZY_COMMANDS } from '../../src/program.js';
import { inputSchema } from '../../src/serve/input-schema.js';
import { listOperations } from '../../src/serve/operations.js';
import { ROUTES } from '../../src/serve/routes.js';
import { STREAM_PATH, streamQuery } from '../../src/serve/stream-route.js';

const CAPABILITIES: readonly string[] = [...OPERATIONS, ...UNLISTED_OPERATIONS];
const snake = (op: string) => op.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const OPTION_RE = /^(-[a-z], )?--[a-z][a-z0-9-]*( <[a-z_]+>)?$/;
const ARGUMENT_RE = /^(<[a-z_]+(\.\.\.)?>|\[[a-z_]+\])$/;

/** What is wrong with an entry, in words (empty: nothing). */
function problemsOf(o: OperationDecl): string[] {
  const p: string[] = [];
  if (!Array.isArray(o.input)) return ['no flags: `input` must list its parameters (an empty list for none)'];
  if (!o.examples?.length) p.push('no examples');
  for (const e of o.examples ?? []) if (!new RegExp(`(^|\\| |\\$\\(|=)pmt ${o.cli}( |$)`).test(e.cmd)) p.push(`example "${e.cmd}" does not run pmt ${o.cli}`);
  if (!/^\S.*\S$/.test(o.summary ?? '')) p.push('no summary');
  if (!/^\S.*\S$/.test(o.description ?? '')) p.push('no description');
  // Only pmt's own operations (no interface name, no manifest capability) go without a
  // capability; every interface operation has one and a route.
  if (o.capability === null) {
    if (CAPABILITIES.map(snake).includes(o.id)) p.push('an interface operation without its capability');
  } else {
    if (!CAPABILITIES.includes(o.capability)) p.push(`capability ${o.capability} is not a manifest's`);
    if (!o.http) p.push('no route');
  }
  if (o.http) {
    if (o.http.path !== STREAM_PATH && o.http.path !== `/v1/${o.http.path.split('/')[2]}/${o.id}` && o.http.path !== `/v1/${o.id}`) p.push(`route ${o.http.path} is not /v1/<group>/${o.id}`);
    if (o.http.method === 'GET' && !o.readOnly) p.push('a GET that writes');
  }
  if (o.destructive && o.readOnly) p.push('destructive yet read-only');
  for (const x of o.input) {
    if (!x.cli && !x.schema) p.push(`${x.name}: neither on the CLI nor served`);
    if (x.cli && !(isArgument(x) ? ARGUMENT_RE : OPTION_RE).test(x.cli)) p.push(`${x.name}: "${x.cli}" is not an option or argument Commander and completion can take`);
    if (x.cli && !x.help) p.push(`${x.name}: no help line`);
    if (x.schema && !o.http && !x.global) p.push(`${x.name}: a schema, but the operation is not served`);
    if (x.text && !x.cli) p.push(`${x.name}: a text parse but no CLI flag`);
    if (typeof x.default === 'string' && x.choices && !x.choices.includes(x.default)) p.push(`${x.name}: default ${x.default} is not a choice`);
    if (x.required === true && x.cli && !isArgument(x) && x.cli.startsWith('-') && !/<.+>/.test(x.cli)) p.push(`${x.name}: a required flag that takes no value`);
  }
  const flags = flagsOf(o).map(longFlag);
  if (new Set(flags).size !== flags.length) p.push(`a flag twice: ${flags.join(' ')}`);
  if (o.http) {
    try {
      const names = servedOf(o).map(servedName);
      if (new Set(names).size !== names.length) p.push(`a served name twice: ${names.join(' ')}`);
      if (o.http.order && o.http.order.length !== o.input.filter((x) => x.schema).length) p.push('http.order leaves out a served parameter');
    } catch (e) {
      p.push((e as Error).message);
    }
  }
  // The parity test runs every filter of a read with its example (a cursor comes from a first page).
  if (o.http?.method === 'GET' && o.http.path !== STREAM_PATH) {
    for (const x of o.input) if ((filter(x) || x.required) && x.example === undefined && x.parse !== 'cursor' && x.name !== 'cursor') p.push(`${x.name}: no example for the parity test`);
  }
  return p;
}

/** A parameter both surfaces take: a filter of a read. */
const filter = (x: OperationDecl['input'][number]) => x.cli !== undefined && x.schema !== undefined && !x.required;

function at(program: Command, path: string): Command | undefined {
  let cmd: Command | undefined = program;
  for (const name of path.split(' ')) cmd = cmd?.commands.find((c) => c.name() === name);
  return cmd;
}

describe('every operation is declared whole', () => {
  it.each(OPERATIONS_TABLE.map((o) => [o.id, o] as const))('%s: flags, examples, capability, route, parameters', (_id, o) => {
    expect(problemsOf(o)).toEqual([]);
  });

  it('ids and CLI paths are unique', () => {
    expect(new Set(OPERATIONS_TABLE.map((o) => o.id)).size).toBe(OPERATIONS_TABLE.length);
    expect(new Set(OPERATIONS_TABLE.map((o) => o.cli)).size).toBe(OPERATIONS_TABLE.length);
  });

  it('the walk catches an entry that is not whole', () => {
    const good = OPERATIONS_TABLE.find((o) => o.id === 'fetch_markets')!;
    const broken = (change: Partial<OperationDecl>) => problemsOf({ ...good, ...change });
    expect(broken({ input: undefined as never })).toEqual([expect.stringMatching(/^no flags/)]);
    expect(broken({ examples: [] })).toEqual(['no examples']);
    expect(broken({ http: null })).toContain('no route');
    expect(broken({ capability: null })).toEqual(['an interface operation without its capability']);
    expect(broken({ examples: [{ note: 'x', cmd: 'pmt markets lineage X' }] })).toEqual(['example "pmt markets lineage X" does not run pmt markets list']);
    expect(broken({ input: [...good.input, { name: 'oops', cli: '--oops <x y>', help: 'h' }] })).toEqual(['oops: "--oops <x y>" is not an option or argument Commander and completion can take']);
    expect(broken({ input: [...good.input, { name: 'oops', cli: '--oops <x>' }] })).toEqual(['oops: no help line']);
    expect(broken({ input: [...good.input, { name: 'oops', cli: '--oops <x>', help: 'h', schema: { type: 'string' } }] })).toEqual(['http.order leaves out a served parameter', 'oops: no example for the parity test']);
    expect(broken({ http: { ...good.http!, order: [...good.http!.order!.slice(1), 'nope'] } })).toEqual(['fetch_markets: http.order names nope, which is not served']);
  });
});

describe('the surfaces derived from the table agree with it', () => {
  it('the CLI: each operation is a command with exactly its declared description, arguments and options', async () => {
    const program = await buildProgram();
    for (const o of OPERATIONS_TABLE) {
      const cmd = at(program, o.cli);
      expect(cmd, o.cli).toBeDefined();
      expect(cmd!.description(), o.cli).toBe(o.description);
      // What Commander parses is what completion offers (both read from the declaration).
      expect(commanderSpec(cmd!), o.cli).toEqual(operationSpec(o));
      const options = cmd!.options.filter((x) => !x.hidden);
      expect(options.map((x) => x.long), o.cli).toEqual(flagsOf(o).map(longFlag));
      flagsOf(o).forEach((p, i) => {
        expect(options[i]!.defaultValue, `${o.cli} ${p.cli}`).toBe(typeof p.default === 'string' ? p.default : undefined);
        expect(options[i]!.mandatory, `${o.cli} ${p.cli}`).toBe(p.required === true);
      });
      const args = cmd!.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`));
      expect(args, o.cli).toEqual(argumentsOf(o).map((a) => a.cli));
    }
    // The one global parameter, --exchange, is the program's option.
    const global = program.options.find((x) => x.long === '--exchange')!;
    expect([global.flags, global.description, global.argChoices]).toEqual([optionOf(exchange).flags, exchange.help, [...exchange.choices!]]);
  });

  it("the lazily listed groups are the table's (names and order)", () => {
    const listed = Object.fromEntries(LAZY_COMMANDS.flatMap((m) => m.listed).map((l) => [l.name, l.subcommands ?? []]));
    for (const group of ['markets', 'book']) expect(listed[group], group).toEqual(subcommandsOf(group));
    // `order group …` (Kalshi order groups, issue 24) is pmt's own group of commands under order.
    expect(listed.order).toEqual([...subcommandsOf('order'), 'group']);
  });

  it("serve: every route is a table operation, at the table's method and path, taking exactly the declared parameters", () => {
    for (const r of ROUTES) {
      const o = OPERATIONS_TABLE.find((x) => x.id === r.operationId);
      expect(o, r.operationId).toBeDefined();
      expect(r.method).toBe(o!.http!.method);
      expect(r.path).toBe(o!.http!.path);
      expect(r.method === 'GET' ? r.querystring : r.body, r.operationId).toEqual(inputSchema(o!.id));
      expect(r.method === 'GET' ? r.body : r.querystring, r.operationId).toBeUndefined();
      expect(Object.keys((inputSchema(o!.id).properties as object) ?? {}), r.operationId).toEqual(servedOf(o!).map(servedName));
    }
    expect(streamQuery).toEqual(inputSchema('watch_orderbook'));
    // Every operation with a route is served (the book stream by its own SSE route).
    const served = new Set([...ROUTES.map((r) => r.path), STREAM_PATH]);
    for (const o of OPERATIONS_TABLE) if (o.http) expect(served.has(o.http.path), o.id).toBe(true);
  });

  it("completion: each operation's flags, values and arguments are the table's", async () => {
    const model = completionModel(await buildProgram());
    for (const o of OPERATIONS_TABLE) {
      const spec = allSpecs(model.root).find((s) => s.path.join(' ') === o.cli)!;
      expect(spec, o.cli).toBeDefined();
      expect(spec.summary).toBe(o.summary);
      expect(spec.options.filter((x) => x.long !== '--help')).toEqual(operationSpec(o).options);
      expect(spec.args).toEqual(operationSpec(o).args);
      for (const p of flagsOf(o)) {
        const x = spec.options.find((s) => s.long === longFlag(p))!;
        expect([x.description, x.choices, x.dynamic, x.repeatable], `${o.cli} ${p.cli}`).toEqual([p.help, p.choices ? [...p.choices] : undefined, p.complete, Boolean(p.repeatable)]);
      }
    }
  });

  it('the list another surface (MCP) enumerates: every routed operation with its schema', () => {
    const ops = listOperations();
    expect(ops.map((o) => o.name)).toEqual(OPERATIONS_TABLE.filter((o) => o.http && o.http.path !== STREAM_PATH).map((o) => o.id));
    for (const op of ops) {
      expect(op.inputSchema, op.name).toEqual(inputSchema(op.name));
      expect(op.description.length, op.name).toBeGreaterThan(10);
      expect(typeof op.run).toBe('function');
    }
    expect(ops.filter((o) => o.destructive).map((o) => o.name).sort()).toEqual(['amend_order', 'cancel_all_orders', 'cancel_order', 'kill']);
    expect(ops.filter((o) => !o.readOnly).map((o) => o.name).sort()).toEqual(['amend_order', 'cancel_all_orders', 'cancel_order', 'create_order', 'kill']);
  });
});

describe('one parse for a command line and a request', () => {
  const op = (id: string) => OPERATIONS_TABLE.find((o) => o.id === id)!;

  it.each(OPERATIONS_TABLE.filter((o) => o.http).map((o) => [o.id, o] as const))('%s: each parameter on both surfaces reads as the same input field and value', (_id, o) => {
    for (const p of o.input.filter((x) => x.cli && x.schema && x.example !== undefined && !x.text)) {
      const cli = isArgument(p) ? readCli(o, {}, [...argumentsOf(o).map((a) => (a === p ? p.example! : (a.example ?? 'X')))]) : readCli(o, { [p.global ? 'exchange' : attribute(p.cli!)]: p.repeatable ? [p.example] : p.example }, argumentsOf(o).map((a) => a.example ?? 'X'));
      const http = readHttp(o, { [servedName(p)]: p.repeatable ? [p.example] : p.example });
      expect(cli[p.name], `${o.id} ${p.name}`).toEqual(http[p.name]);
    }
  });

  it('a CLI flag and an HTTP parameter reach the op under the same name, whatever each surface calls it', () => {
    expect(readCli(op('fetch_price_history'), { since: '1700000000' }, ['kalshi:X'])).toEqual({ market_ticker: 'kalshi:X', interval: '1h', since: '1700000000' });
    expect(readHttp(op('fetch_price_history'), { asset_id: 'kalshi:X', start_ts: 1700000000, end_ts: 1700003600, interval: '1h' })).toEqual({ market_ticker: 'kalshi:X', interval: '1h', since: 1700000000, until: 1700003600 });
    expect(readCli(op('search_markets'), {}, ['fed', 'rates'])).toEqual({ query: 'fed rates', status: 'active' });
  });

  it('tickers: repeated or comma-separated on both, each checked as an id named as its surface names it', () => {
    const m = op('fetch_markets');
    expect(readCli(m, { ticker: ['A', 'B,kalshi:C'] }, []).market_tickers).toEqual(['A', 'B', 'kalshi:C']);
    expect(readHttp(m, { market_tickers: ['A,B', 'kalshi:C'] }).market_tickers).toEqual(['A', 'B', 'kalshi:C']);
    expect(readCli(m, {}, []).market_tickers).toEqual([]);
    expect(readHttp(m, {}).market_tickers).toEqual([]);
    expect(() => readCli(m, { ticker: ['A/B'] }, [])).toThrow(/^--ticker contains a character/);
    expect(() => readHttp(m, { market_tickers: ['A/B'] })).toThrow(/^market_tickers contains a character/);
    expect(() => readCli(m, { event: 'x y' }, [])).toThrow('--event must not contain spaces or control characters');
    expect(() => readHttp(m, { event_ticker: 'x y' })).toThrow('event_ticker must not contain spaces or control characters');
  });

  it("the CLI's text is typed as the served schema types a request (bounds, seconds)", () => {
    expect(readCli(op('fetch_markets'), { limit: '7' }, []).limit).toBe(7);
    expect(() => readCli(op('fetch_markets'), { limit: '0' }, [])).toThrow('--limit must be between 1 and 1000000 (got 0)');
    expect(() => readCli(op('search_markets'), { limit: 'lots' }, ['x'])).toThrow('--limit must be a whole number (got "lots")');
    expect(String(readCli(op('watch_orderbook'), { duration: '1.5' }, ['X']).duration)).toBe('1.5');
    expect(() => readCli(op('watch_orders'), { duration: '0' }, [])).toThrow('--duration must be a number of seconds above 0 (at most a year)');
  });
});

function attribute(cli: string): string {
  return /--([\w-]+)/.exec(cli)![1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
