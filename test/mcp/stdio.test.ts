/**
 * `pmt mcp` driven by the MCP SDK's own Client over stdio (the built binary, spawned), against
 * the loopback doubles: every operation listed with a valid input schema, reads answered as
 * structuredContent + text, create_order previews without confirm (nothing sent), with confirm
 * places exactly one order for one client_order_id however often it is called, and a limit
 * breach comes back as an isError result holding the RiskLimit object.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { cleanEnv, PMT_BIN } from '../helpers/cli.js';
import { startTradingEnv, type TradingEnv } from '../serve/trading-env.js';
import { mcpTools } from '../../src/mcp/server.js';

const T = 'KXMCP-26DEC31-A';
let t: TradingEnv;
const kalshiCreates = () => t.d.kalshi.double.count(/^\/portfolio\/events\/orders$/, 'POST');

async function connect(args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: PMT_BIN, args: ['mcp', ...args], env: cleanEnv(t.env) as Record<string, string>, stderr: 'pipe' });
  const c = new Client({ name: 'pmt-test', version: '1.0.0' });
  await c.connect(transport);
  return c;
}

const order = { asset_id: T, side: 'buy', price: 0.42, size: 10 };

beforeAll(async () => {
  t = await startTradingEnv(T, 'MCP test market');
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'agent', profiles: { agent: {} } }), { mode: 0o600 });
});
afterAll(() => t?.d.close());
beforeEach(() => t.d.resetLogs());

describe('pmt mcp over stdio', () => {
  it('lists every operation, each with a valid input schema and honest annotations', async () => {
    const c = await connect();
    try {
      const { tools } = await c.listTools();
      expect(tools.map((x) => x.name)).toEqual(mcpTools().map((x) => x.name));
      for (const n of ['fetch_markets', 'fetch_orderbook', 'create_order', 'cancel_all_orders', 'fetch_open_orders', 'kill']) expect(tools.map((x) => x.name)).toContain(n);
      const ajv = new Ajv({ strict: false });
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
        if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema!), tool.name).not.toThrow();
      }
      const by = Object.fromEntries(tools.map((x) => [x.name, x]));
      expect(by.fetch_orderbook!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(by.create_order!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
      expect(by.cancel_all_orders!.annotations).toMatchObject({ destructiveHint: true });
      expect(Object.keys((by.create_order!.inputSchema as { properties: object }).properties)).toEqual(
        expect.arrayContaining(['asset_id', 'outcome', 'price', 'side', 'size', 'order_type', 'exchange', 'client_order_id', 'confirm']),
      );
      // Trading is off without --allow-trading: said in the description.
      expect(by.create_order!.description).toContain('trading is off in this server');
    } finally {
      await c.close();
    }
  });

  it('answers reads as structuredContent with a text copy', async () => {
    const c = await connect();
    try {
      const r = await c.callTool({ name: 'fetch_orderbook', arguments: { asset_id: T } });
      expect(r.isError).toBeFalsy();
      const sc = r.structuredContent as { bids: Array<{ price: number }> };
      expect(sc.bids[0]).toMatchObject({ price: 0.42 });
      expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(sc);
      const bad = await c.callTool({ name: 'fetch_orderbook', arguments: { asset_id: 'KXNOPE-1' } });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({ kind: 'MarketNotFound' });
      const invalid = await c.callTool({ name: 'create_order', arguments: { asset_id: T, side: 'hold', price: 0.4, size: 1 } });
      expect(invalid.isError).toBe(true);
      expect(invalid.structuredContent).toMatchObject({ kind: 'Api' });
    } finally {
      await c.close();
    }
  });

  it('create_order without confirm returns the preview and sends nothing; trading off refuses confirm', async () => {
    const c = await connect();
    try {
      // As a real client does: the tools (and their output schemas, which the client checks answers against) first.
      await c.listTools();
      const r = await c.callTool({ name: 'create_order', arguments: order });
      expect(r.isError).toBeFalsy();
      const p = r.structuredContent as { dry_run: boolean; preview: { cost: number; limits: Array<{ limit: string; headroom: number }> } };
      expect(p.dry_run).toBe(true);
      expect(p.preview.cost).toBe(4.2);
      // The MCP defaults when the profile sets none: $10 per order, $100 per day.
      expect(p.preview.limits.map((l) => [l.limit, l.headroom])).toEqual([
        ['max_order_notional', 5.8],
        ['max_daily_notional', 95.8],
      ]);
      const off = await c.callTool({ name: 'create_order', arguments: { ...order, confirm: true, client_order_id: 'agent-0' } });
      expect(off.isError).toBe(true);
      expect(off.structuredContent).toMatchObject({ kind: 'RiskLimit', limit: 'trading' });
      expect(kalshiCreates()).toBe(0);
    } finally {
      await c.close();
    }
  });

  it('with --allow-trading and confirm: exactly one order for one client_order_id, called twice', async () => {
    const c = await connect(['--allow-trading']);
    try {
      const args = { ...order, confirm: true, client_order_id: 'agent-order-1' };
      const a = await c.callTool({ name: 'create_order', arguments: args });
      expect(a.isError, JSON.stringify(a.content)).toBeFalsy();
      const b = await c.callTool({ name: 'create_order', arguments: args });
      expect((b.structuredContent as { id: string }).id).toBe((a.structuredContent as { id: string }).id);
      expect(kalshiCreates()).toBe(1);
      const missing = await c.callTool({ name: 'create_order', arguments: { ...order, confirm: true } });
      expect(missing.isError).toBe(true);
      expect(kalshiCreates()).toBe(1);
    } finally {
      await c.close();
    }
    // Another client, same id: still the same order (the key is kept on disk).
    const c2 = await connect(['--allow-trading']);
    try {
      const again = await c2.callTool({ name: 'create_order', arguments: { ...order, confirm: true, client_order_id: 'agent-order-1' } });
      expect(again.isError, JSON.stringify(again.content)).toBeFalsy();
      expect(kalshiCreates()).toBe(1);
    } finally {
      await c2.close();
    }
  });

  it('a limit breach is an isError result with the RiskLimit object, and nothing is sent', async () => {
    const c = await connect(['--allow-trading']);
    try {
      const r = await c.callTool({ name: 'create_order', arguments: { ...order, size: 30, confirm: true, client_order_id: 'agent-big' } });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toEqual({ kind: 'RiskLimit', message: expect.any(String), limit: 'max_order_notional', value: 10, would_be: 12.6 });
      expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(r.structuredContent);
      expect(kalshiCreates()).toBe(0);
    } finally {
      await c.close();
    }
  });

  it('fetch_markets with all: true sends progress notifications when a progress token is given', async () => {
    const c = await connect();
    try {
      const seen: number[] = [];
      const r = await c.callTool({ name: 'fetch_markets', arguments: { all: true, exchange: 'kalshi', limit: 1000 } }, CallToolResultSchema, { onprogress: (p) => seen.push(p.progress) });
      expect(r.isError, JSON.stringify(r.content).slice(0, 300)).toBeFalsy();
      const n = (r.structuredContent as { markets: unknown[] }).markets.length;
      expect(seen.length).toBeGreaterThan(1);
      expect(seen[seen.length - 1]).toBe(n);
    } finally {
      await c.close();
    }
  });

  it('fetch_markets with all: true reads its tickers as the page does (comma-separated, each checked)', async () => {
    const c = await connect();
    try {
      const tickers = (r: Awaited<ReturnType<typeof c.callTool>>) => (r.structuredContent as { markets: Array<{ ticker: string }> }).markets.map((m) => m.ticker).sort();
      const two = tickers(await c.callTool({ name: 'fetch_markets', arguments: { exchange: 'kalshi', limit: 2 } }, CallToolResultSchema));
      const args = { exchange: 'kalshi', status: 'all', market_tickers: [two.join(',')] };
      const page = await c.callTool({ name: 'fetch_markets', arguments: args }, CallToolResultSchema);
      const every = await c.callTool({ name: 'fetch_markets', arguments: { ...args, all: true } }, CallToolResultSchema);
      expect(two).toHaveLength(2);
      expect(tickers(page)).toEqual(two);
      expect(tickers(every)).toEqual(two);
      const bad = await c.callTool({ name: 'fetch_markets', arguments: { market_tickers: ['A/B'], all: true } }, CallToolResultSchema);
      expect(bad.structuredContent).toMatchObject({ kind: 'Api', message: expect.stringMatching(/^market_tickers contains a character/) });
    } finally {
      await c.close();
    }
  });
});
