/**
 * `pmt serve` obeys the same limits as the CLI: a breach is 403 with the RiskLimit object and
 * nothing sent; a `pmt kill` run elsewhere stops the running server's next order (limits are read
 * per order); `POST /v1/kill` cancels everything and turns trading off; the OpenAPI document
 * names the 403 and the RiskLimitError model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPmt } from '../helpers/cli.js';
import { startTradingEnv, type TradingEnv } from '../serve/trading-env.js';
import { startServe, type ServeProcess } from '../serve/process.js';
import { TOKEN } from '../serve/helpers.js';

const K = 'KXRISKS-26DEC31-A';
let t: TradingEnv;
let s: ServeProcess;
const creates = () => t.d.kalshi.double.count(/^\/portfolio\/events\/orders$/, 'POST');
const body = { asset_id: K, side: 'buy', price: 0.42, size: 10 };
const pmt = (...args: string[]) => runPmt(args, { env: t.env });

beforeAll(async () => {
  t = await startTradingEnv(K, 'Will the server refuse?');
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'srv', profiles: { srv: { risk: { max_order_notional: '4' } } } }), { mode: 0o600 });
  s = await startServe([], { ...t.env, PMT_SERVE_TOKEN: TOKEN });
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  await t?.d.close();
});

describe('pmt serve and the risk limits', () => {
  it('a breach is 403 with the RiskLimit object; nothing is sent', async () => {
    t.d.resetLogs();
    const r = await s.call('/v1/orders/create_order', { body });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ kind: 'RiskLimit', message: expect.stringContaining('max_order_notional'), limit: 'max_order_notional', value: 4, would_be: 4.2 });
    expect(creates()).toBe(0);
  });

  it('a `pmt kill` in another process stops the running server; POST /v1/kill cancels what it placed', async () => {
    expect((await pmt('risk', 'set', '--clear', 'max_order_notional')).exitCode).toBe(0);
    const placed = await s.call('/v1/orders/create_order', { body });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect((await pmt('kill', '--yes', '--exchange', 'kalshi')).exitCode).toBe(0);
    t.d.resetLogs();
    const refused = await s.call('/v1/orders/create_order', { body });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ kind: 'RiskLimit', limit: 'trading', value: 'off' });
    expect(creates()).toBe(0);

    expect((await pmt('risk', 'resume')).exitCode).toBe(0);
    const again = await s.call('/v1/orders/create_order', { body });
    expect(again.status).toBe(200);
    const k = await s.call('/v1/kill', { body: {} });
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    expect((k.json as Array<{ id: string; status: string }>).map((o) => [o.id, o.status])).toEqual([[(again.json as { id: string }).id, 'cancelled']]);
    expect(JSON.parse((await pmt('risk', 'show', '--json')).stdout)).toMatchObject({ trading: 'off' });
    expect((await s.call('/v1/orders/create_order', { body })).status).toBe(403);
  });

  it('create_order takes `group` as the CLI takes --group: placed into the group, an unknown name refused before any request', async () => {
    expect((await pmt('risk', 'resume')).exitCode).toBe(0);
    expect((await pmt('risk', 'set', '--clear', 'all')).exitCode).toBe(0);
    expect((await pmt('order', 'group', 'create', 'desk', '--limit', '50', '--exchange', 'kalshi')).exitCode).toBe(0);
    t.d.resetLogs();
    const unknown = await s.call('/v1/orders/create_order', { body: { ...body, group: 'nope' } });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { message: string }).message).toContain('no order group named "nope"');
    expect(creates()).toBe(0);
    const placed = await s.call('/v1/orders/create_order', { body: { ...body, group: 'desk' } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const sent = JSON.parse(t.d.kalshi.double.requests.find((q) => q.method === 'POST' && q.path === '/portfolio/events/orders')!.body) as { order_group_id?: string };
    expect(sent.order_group_id).toBeTruthy();
  });

  it('OpenAPI documents the 403 with the RiskLimitError model and the kill route', async () => {
    const doc = (await s.call('/v1/openapi.json')).json as { paths: Record<string, Record<string, { responses: Record<string, { content: unknown }> }>>; components: { schemas: Record<string, unknown> } };
    expect(doc.paths['/v1/orders/create_order']!.post!.responses['403']!.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/RiskLimitError' } } });
    expect(doc.paths['/v1/kill']!.post).toBeDefined();
    expect(doc.components.schemas.RiskLimitError).toBeDefined();
  });
});
