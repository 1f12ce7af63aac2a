/**
 * Every filter answers alike on the CLI and over serve, walked from the operation table: for each
 * read operation, its required parameters alone, then each filter it declares (a parameter both
 * surfaces take) added with its example, asked of `pmt … --json` and of `pmt serve` against the
 * same doubles (test/helpers/parity.ts says what agreeing means). A filter added to the table is
 * covered here without a line of test; test/serve/parity.test.ts keeps the cases the table cannot
 * derive (paging on, refusals, every kind of book).
 *
 * A cursor is the one its operation's first page answered (or, when there is none, one that both
 * must refuse alike). On-chain reads (approvals, doctor) run against a chain that is not there (a
 * closed loopback port): both surfaces must fail, or report, alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsOf, isArgument, longFlag, OPERATIONS_TABLE, servedName, type OperationDecl, type Param } from '../../src/ops/table.js';
import { runPmt } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { expectSame } from '../helpers/parity.js';
import type { Doubles } from '../upstream/doubles.js';
import { TOKEN } from '../serve/helpers.js';
import { startServe, type ServeProcess } from '../serve/process.js';
import { startTradingEnv } from '../serve/trading-env.js';

const STREAM = OPERATIONS_TABLE.find((o) => o.id === 'watch_orderbook')!.http!.path;
/** The reads served as one JSON answer (the book stream is an endless one). */
const READS = OPERATIONS_TABLE.filter((o) => o.readOnly && o.http?.method === 'GET' && o.http.path !== STREAM);
/** A parameter both surfaces take and an operation runs without: a filter. */
const filters = (o: OperationDecl) => o.input.filter((p) => p.cli !== undefined && p.schema !== undefined && !p.required);
const isCursor = (p: Param) => p.parse === 'cursor' || p.name === 'cursor';

let d: Doubles;
let env: Record<string, string>;
let s: ServeProcess;
beforeAll(async () => {
  ({ d, env } = await startTradingEnv('KXPARITY-26DEC31-A'));
  // Both Kalshi rates fixed: the account's tier is then never read, so no answer depends on whether a
  // long-running server has read it yet (the doctor names it once it has).
  env = { ...env, PMT_POLYGON_RPC_URL: 'http://127.0.0.1:9', PMT_POLYMARKET_RATE: '5000', PMT_KALSHI_RATE: '5000', PMT_KALSHI_WRITE_RATE: '5000' };
  s = await startServe([], { ...env, PMT_SERVE_TOKEN: TOKEN });
  // The first signed Polymarket call creates the wallet's API key, every later one derives it (as
  // the doctor says): made once here, so both surfaces find the same account.
  await runPmt(['order', 'list', '--exchange', 'polymarket', '--json'], { env });
});
afterAll(async () => {
  const code = await s?.stop();
  expect(s.stderr()).not.toMatch(/does not match its schema/);
  expect(code).toBe(0);
  await d?.close();
});

/** The command line and the request path of one question: `values` by parameter. */
function question(o: OperationDecl, values: Map<Param, string>): { cli: string[]; path: string } {
  const args: string[] = [];
  const flags: string[] = [];
  const query = new URLSearchParams();
  for (const p of o.input) {
    const v = values.get(p);
    if (v === undefined) continue;
    if (isArgument(p)) args.push(...(p.cli!.includes('...') ? v.split(' ') : [v]));
    else if (p.cli) flags.push(longFlag(p), v);
    if (p.schema) query.append(servedName(p), v);
  }
  return { cli: [...o.cli.split(' '), ...args, ...flags], path: `${o.http!.path}${query.size ? `?${query}` : ''}` };
}

/** `pmt doctor` exits 9 when something blocks trading; serve answers 200 and `ok` says so (their contract). */
const VERDICTS = new Set(['doctor']);

async function same(o: OperationDecl, values: Map<Param, string>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const q = question(o, values);
  const before = Date.now();
  const [c, r] = await Promise.all([runInProcess([...q.cli, '--json'], { env }), s.call(q.path)]);
  try {
    return expectSame(c, r, before, { verdict: VERDICTS.has(o.id) });
  } catch (e) {
    // The assertion's own diff stays; its message says which question differed.
    (e as Error).message = `pmt ${q.cli.join(' ')} --json  vs  GET ${q.path}: ${(e as Error).message}`;
    throw e;
  }
}

describe('every filter of every read answers alike on the CLI and over serve', () => {
  it('the walk sees the reads and their filters (what it asks is derived, never listed)', () => {
    expect(READS.map((o) => o.id)).toEqual(expect.arrayContaining(['fetch_markets', 'fetch_orderbook', 'fetch_positions', 'fetch_trades', 'doctor']));
    expect(READS.map((o) => o.id)).not.toContain('create_order');
    expect(filters(READS.find((o) => o.id === 'fetch_markets')!).map((p) => p.name)).toEqual(['status', 'limit', 'cursor', 'event_ticker', 'series_ticker', 'market_tickers', 'exchange']);
  });

  it.each(READS.map((o) => [o.id, o] as const))('%s', async (_id, o) => {
    const required = new Map(o.input.filter((p) => p.required).map((p) => [p, p.example!] as const));
    expect([...required.values()].every((v) => v !== undefined), 'every required parameter has an example').toBe(true);
    const first = await same(o, required);
    for (const p of filters(o)) {
      const cursor = typeof first?.cursor === 'string' && first.cursor ? first.cursor : 'not-a-cursor';
      await same(o, new Map([...required, [p, isCursor(p) ? cursor : p.example!]]));
    }
    // Arguments come before flags on the command line, whatever the table's order.
    expect(question(o, required).cli.slice(o.cli.split(' ').length, o.cli.split(' ').length + argumentsOf(o).filter((a) => required.has(a)).length)).toEqual(argumentsOf(o).filter((a) => required.has(a)).map((a) => a.example));
  });
});
