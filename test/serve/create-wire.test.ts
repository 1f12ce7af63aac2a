/**
 * One order, three surfaces, one wire body: `pmt order create --yes --json`, `POST
 * /v1/orders/create_order` on `pmt serve` and MCP's `create_order` with `confirm: true` run the one
 * orchestration (ops/order-create.ts), so each exchange's double receives the same upstream
 * request body from all three, but for what makes each order itself (Kalshi's client_order_id,
 * Polymarket's salt, timestamp and signature).
 *
 * MCP's `create_order` without `confirm` answers the CLI's `--dry-run --json` document for the
 * same order (one function, ops/order-preview.ts), and sends nothing.
 *
 * The prices and sizes are float traps (0.07, 0.29, 0.57, 0.58; a NO price whose YES side is
 * 1 − 0.07; a 0.001 tick; sizes such as 0.29 and 10.29 where the venue takes fractions): each
 * must reach the wire as its exact decimal, which a trip through a JS number would break
 * (0.29 × 100 is 28.999999999999996, 1 − 0.07 is 0.9299999999999999, 10.29 × 0.57 is
 * 5.865299999999999).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cleanEnv, PMT_BIN } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { catalogMarket, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { TAPERED_RANGES } from '../upstream/kalshi/market-fixtures.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';
import { startTradingEnv, type TradingEnv } from './trading-env.js';

const K = 'KXWIRET-26DEC31-A';
const US_FINE = 'polymarket-us:fed-cut-december-2026'; // tick 0.001, minimum 5
const US_CENT = 'polymarket-us:nba-finals-2026-thunder'; // tick 0.01, minimum 1
let t: TradingEnv;
let fine: CatalogPick;
let s: ServeProcess;
let mcp: Client;

beforeAll(async () => {
  t = await startTradingEnv('KXWIRE-26DEC31-C');
  // Kalshi's tapered grid (0.001 in the tails) with fractional contracts; a book at the edges, so orders rest.
  t.d.kalshi.orders.addMarket({ ticker: K, price_ranges: TAPERED_RANGES, fractional: true });
  t.d.kalshi.books.setBook(K, { yes: [[0.01, 1]], no: [[0.01, 1]] });
  fine = catalogMarket(t.d, { tick: '0.001', negRisk: false });
  // A Polymarket US key, registered and funded (the trading env holds the other two exchanges' keys).
  const seed = Buffer.alloc(32, 7);
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const pub = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
  t.d.polymarketUs.api.register('pmus-wire-key', pub);
  t.d.polymarketUs.api.setBuyingPower('pmus-wire-key', 100000);
  writeFileSync(join(t.dir, 'pmus.key'), seed.toString('base64') + '\n', { mode: 0o600 });
  Object.assign(t.env, { POLYMARKET_US_API_KEY_ID: 'pmus-wire-key', POLYMARKET_US_PRIVATE_KEY_PATH: join(t.dir, 'pmus.key') });
  // One profile for all three surfaces, with limits above every order here (MCP's defaults would refuse some).
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'desk', profiles: { desk: { risk: { max_order_notional: '1000', max_daily_notional: '100000' } } } }), { mode: 0o600 });
  s = await startServe([], { ...t.env, PMT_SERVE_TOKEN: TOKEN });
  mcp = new Client({ name: 'pmt-wire-test', version: '1.0.0' });
  await mcp.connect(new StdioClientTransport({ command: PMT_BIN, args: ['mcp', '--allow-trading'], env: cleanEnv(t.env) as Record<string, string>, stderr: 'pipe' }));
});
afterAll(async () => {
  await mcp?.close();
  expect(await s?.stop()).toBe(0);
  await t?.d.close();
});

interface Case {
  name: string;
  body: { asset_id: string; outcome?: string; side: 'buy' | 'sell'; price: number; size: number };
  flags: string[];
  /** Fields of the body as the exchange must receive it. */
  wire: Record<string, unknown>;
}

/** The create POSTs the exchanges' doubles received since their logs were reset, as parsed bodies. */
function creates(): Array<{ where: string; body: Record<string, unknown> }> {
  const pick = (where: string, reqs: Array<{ method: string; path: string; body: string }>, path: string) =>
    reqs.filter((r) => r.method === 'POST' && r.path === path).map((r) => ({ where, body: JSON.parse(r.body) as Record<string, unknown> }));
  return [
    ...pick('kalshi', t.d.kalshi.double.requests, '/portfolio/events/orders'),
    ...pick('polymarket', t.d.polymarket.clobDouble.requests, '/order'),
    ...pick('polymarket-us', t.d.polymarketUs.apiDouble.requests, '/v1/orders'),
  ];
}

/** What makes each order itself, masked: the rest must be byte-for-byte the same. */
function sameOrder(b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...b };
  if ('client_order_id' in out) out.client_order_id = '<id>';
  if (out.order && typeof out.order === 'object') out.order = { ...(out.order as object), salt: '<salt>', timestamp: '<t>', signature: '<sig>' };
  return out;
}

let n = 0;
/** The same order through the CLI, serve and MCP: the three upstream bodies, in that order. */
async function viaEverySurface(c: Case): Promise<Array<{ where: string; body: Record<string, unknown> }>> {
  t.d.resetLogs();
  const cli = await runInProcess(['order', 'create', ...c.flags, '--yes', '--json'], { env: t.env });
  expect(cli.exitCode, cli.stderr).toBe(0);
  const served = await s.call('/v1/orders/create_order', { body: c.body });
  expect(served.status, served.text).toBe(200);
  const tool = await mcp.callTool({ name: 'create_order', arguments: { ...c.body, confirm: true, client_order_id: `wire-${++n}` } });
  expect(tool.isError, JSON.stringify(tool.content)).toBeFalsy();
  // Each surface answers the order as placed, on the outcome's own scale (fills may differ: the book moves).
  const terms = (o: Record<string, unknown>) => ({ outcome: o.outcome, side: o.side, price: o.price, size: o.size });
  expect(terms(served.json)).toEqual(terms(JSON.parse(cli.stdout)));
  expect(terms(tool.structuredContent as Record<string, unknown>)).toEqual(terms(served.json));
  expect(terms(served.json)).toMatchObject({ side: c.body.side, price: c.body.price, size: c.body.size });
  return creates();
}

const kalshi = (name: string, o: { outcome?: 'yes' | 'no'; side: 'buy' | 'sell'; price: string; size: string }, wire: Record<string, unknown>): Case => ({
  name,
  body: { asset_id: K, ...(o.outcome ? { outcome: o.outcome } : {}), side: o.side, price: Number(o.price), size: Number(o.size) },
  flags: ['--asset', K, ...(o.outcome ? ['--outcome', o.outcome] : []), '--side', o.side, '--price', o.price, '--size', o.size],
  wire,
});
const poly = (name: string, token: () => string, o: { side: 'buy' | 'sell'; price: string; size: string }, amounts: { makerAmount: string; takerAmount: string }): Case => ({
  name,
  get body() {
    return { asset_id: token(), side: o.side, price: Number(o.price), size: Number(o.size) };
  },
  get flags() {
    return ['--asset', token(), '--side', o.side, '--price', o.price, '--size', o.size];
  },
  wire: amounts,
});
const us = (name: string, asset: string, o: { outcome: 'yes' | 'no'; side: 'buy' | 'sell'; price: string; size: string }, wire: Record<string, unknown>): Case => ({
  name,
  body: { asset_id: asset, outcome: o.outcome, side: o.side, price: Number(o.price), size: Number(o.size) },
  flags: ['--asset', asset, '--outcome', o.outcome, '--side', o.side, '--price', o.price, '--size', o.size],
  wire,
});

const CASES: Case[] = [
  kalshi('kalshi: YES buy 0.29 × 0.29 contracts', { side: 'buy', price: '0.29', size: '0.29' }, { side: 'bid', price: '0.2900', count: '0.29' }),
  kalshi('kalshi: YES buy 0.57 × 0.3', { side: 'buy', price: '0.57', size: '0.3' }, { side: 'bid', price: '0.5700', count: '0.30' }),
  kalshi('kalshi: NO buy 0.07 is a YES ask at 1 − 0.07 = 0.93', { outcome: 'no', side: 'buy', price: '0.07', size: '10' }, { side: 'ask', price: '0.9300', count: '10.00' }),
  kalshi('kalshi: NO sell 0.58 is a YES bid at 0.42', { outcome: 'no', side: 'sell', price: '0.58', size: '1.15' }, { side: 'bid', price: '0.4200', count: '1.15' }),
  kalshi('kalshi: the 0.001 step of the tail, 0.057', { side: 'buy', price: '0.057', size: '2' }, { side: 'bid', price: '0.0570', count: '2.00' }),
  kalshi('kalshi: NO at 0.057 is a YES ask at 0.943', { outcome: 'no', side: 'buy', price: '0.057', size: '2' }, { side: 'ask', price: '0.9430', count: '2.00' }),
  // Polymarket: BUY makerAmount = shares × price in 10^-6 USD, takerAmount = shares in 10^-6.
  poly('polymarket: buy 10.29 at 0.57 (tick 0.001)', () => fine.yes, { side: 'buy', price: '0.57', size: '10.29' }, { makerAmount: '5865300', takerAmount: '10290000' }),
  poly('polymarket: buy 10.07 at 0.07 (tick 0.001)', () => fine.yes, { side: 'buy', price: '0.07', size: '10.07' }, { makerAmount: '704900', takerAmount: '10070000' }),
  poly('polymarket: buy the No token at 0.057 (tick 0.001)', () => fine.no, { side: 'buy', price: '0.057', size: '10.3' }, { makerAmount: '587100', takerAmount: '10300000' }),
  poly('polymarket: buy 5.29 at 0.29 (tick 0.01)', () => t.m.yes, { side: 'buy', price: '0.29', size: '5.29' }, { makerAmount: '1534100', takerAmount: '5290000' }),
  us('polymarket-us: YES buy at 0.057 (tick 0.001)', US_FINE, { outcome: 'yes', side: 'buy', price: '0.057', size: '5' }, { intent: 'ORDER_INTENT_BUY_LONG', price: { value: '0.057', currency: 'USD' }, quantity: 5 }),
  us('polymarket-us: NO buy at 0.07 is the long side at 0.93', US_FINE, { outcome: 'no', side: 'buy', price: '0.07', size: '6' }, { intent: 'ORDER_INTENT_BUY_SHORT', price: { value: '0.93', currency: 'USD' }, quantity: 6 }),
  us('polymarket-us: NO buy at 0.58 (tick 0.01)', US_CENT, { outcome: 'no', side: 'buy', price: '0.58', size: '3' }, { intent: 'ORDER_INTENT_BUY_SHORT', price: { value: '0.42', currency: 'USD' }, quantity: 3 }),
];

describe('create_order: the same upstream body from the CLI, serve and MCP', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sent = await viaEverySurface(c);
    expect(sent, JSON.stringify(sent)).toHaveLength(3);
    expect(new Set(sent.map((x) => x.where)).size).toBe(1);
    const [cli, served, tool] = sent.map((x) => sameOrder(x.body));
    expect(served).toEqual(cli);
    expect(tool).toEqual(cli);
    // Byte for byte, too: the same key order and the same number texts.
    expect(JSON.stringify(served)).toBe(JSON.stringify(cli));
    expect(JSON.stringify(tool)).toBe(JSON.stringify(cli));
    // The exact decimals on the wire.
    const body = sent[0]!.body;
    expect(body.order && typeof body.order === 'object' ? body.order : body).toMatchObject(c.wire);
  });
});

describe("create_order without confirm: the CLI's dry run, through the same function", () => {
  /** What differs between two previews a moment apart: the book's time and age, a Polymarket order's salt and timestamp. */
  const still = (doc: Record<string, unknown>) => {
    const d = JSON.parse(JSON.stringify(doc)) as { preview: Record<string, unknown>; upstream: { body: Record<string, unknown> } };
    Object.assign(d.preview, { book_time: '<t>', book_age_s: '<age>' });
    const order = d.upstream.body?.order as Record<string, unknown> | undefined;
    if (order) Object.assign(order, { salt: '<salt>', timestamp: '<t>' });
    return d;
  };
  beforeAll(async () => {
    // The Polymarket account's API key exists (any signed read makes it): a dry run never creates
    // one, while MCP's preview, on a server that also sends, may (see docs/spec-additions.md).
    expect((await runInProcess(['order', 'list', '--exchange', 'polymarket', '--json'], { env: t.env })).exitCode).toBe(0);
  });
  it.each([CASES[2]!, CASES[8]!, CASES[11]!].map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    t.d.resetLogs();
    const cli = await runInProcess(['order', 'create', ...c.flags, '--dry-run', '--json'], { env: t.env });
    expect(cli.exitCode, cli.stderr).toBe(0);
    const tool = await mcp.callTool({ name: 'create_order', arguments: c.body });
    expect(tool.isError, JSON.stringify(tool.content)).toBeFalsy();
    expect(still(tool.structuredContent as Record<string, unknown>)).toEqual(still(JSON.parse(cli.stdout)));
    expect((tool.structuredContent as { request: unknown }).request).toMatchObject({ price: c.body.price, size: c.body.size });
    expect(creates()).toEqual([]);
  });
});
