/**
 * Capabilities decide (issue 22): the adapter base answers NotSupported for what an exchange does
 * not bind; fan-outs leave out exchanges whose capability is off and say so on the verbose log;
 * an exchange named for an operation it lacks is NotSupported before any credential check; an
 * order id whose shape fits several exchanges is an error naming them. In process: no binary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodeFor, PmtError } from '../../src/errors.js';
import { Adapter } from '../../src/exchanges/adapter.js';
import { orderExchange } from '../../src/exchanges/ids.js';
import { manifestOf, type ExchangeId } from '../../src/exchanges/registry.js';
import { capable, requireCapability } from '../../src/ops/capabilities.js';
import { amendOrder } from '../../src/ops/order-one.js';
import { fetchBalance } from '../../src/ops/portfolio.js';
import { fetchOpenOrders } from '../../src/ops/orders.js';
import { CLI_NAMES, type Services } from '../../src/ops/services.js';
import type { Exchange } from '../../src/exchanges/exchange.js';
import { failure, usage } from '../helpers/failure.js';
import { amendReq } from '../helpers/order-request.js';

const UUID = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** Services over stub adapters: records which exchanges were asked, and the verbose log. */
function services(configured: ExchangeId[]) {
  const asked: string[] = [];
  const log: string[] = [];
  const stub = (id: ExchangeId) =>
    ({
      id,
      fetchBalance: async () => (asked.push(`${id}.fetchBalance`), { balance: { [id]: 1 } }),
      fetchOpenOrders: async () => (asked.push(`${id}.fetchOpenOrders`), []),
    }) as unknown as Exchange;
  const svc: Services = {
    exchange: async (id) => stub(id),
    configured: async () => configured,
    requireCredentials: async (id) => {
      if (!configured.includes(id)) throw new PmtError('Config', `no ${id} credentials`);
    },
    noCredentials: async () => new PmtError('Config', 'no credentials'),
    now: () => 0,
    log: (line) => log.push(line),
    names: CLI_NAMES,
  };
  return { svc, asked, log };
}

/** Turn one capability off for the length of a test (the registry's manifests are plain data). */
const restore: Array<() => void> = [];
function switchOff(id: ExchangeId, op: 'fetchBalance' | 'fetchOpenOrders') {
  const caps = manifestOf(id).capabilities as unknown as Record<string, { supported: boolean }>;
  const was = caps[op]!.supported;
  caps[op]!.supported = false;
  restore.push(() => (caps[op]!.supported = was));
}
afterEach(() => restore.splice(0).forEach((f) => f()));

describe('the adapter base', () => {
  it('answers NotSupported (exit 10) for an operation the exchange does not bind, naming both', async () => {
    const a = new Adapter('kalshi', manifestOf('kalshi').capabilities, 'production', {}, { fetchMarkets: async () => ({ markets: [], cursor: null }) });
    expect(await a.fetchMarkets({})).toEqual({ markets: [], cursor: null });
    const e = await failure(a.fetchBalance());
    expect([e.kind, e.message, exitCodeFor(e)]).toEqual(['NotSupported', 'fetch_balance is not supported on kalshi', 10]);
    // The synchronous operations (the streams) throw rather than returning a rejected promise.
    expect(() => a.watchBook('X', {} as never)).toThrow('watch_book is not supported on kalshi');
    expect(() => a.watchOrders({} as never)).toThrow('watch_orders is not supported on kalshi');
  });

  it("uses the manifest's reason and remedy where it gives them (Polymarket's amend)", async () => {
    const a = new Adapter('polymarket', manifestOf('polymarket').capabilities, 'production', {}, {});
    const e = await failure(a.amendOrder('0xabc', amendReq({ price: 0.4 })));
    expect(e.message).toBe('amend_order is not supported on polymarket: a signed CLOB order cannot be changed');
    expect(e.hint).toContain('`pmt order cancel 0xabc --yes`');
  });
});

describe('capabilities decide in ops', () => {
  it('a fan-out leaves out an exchange whose capability is off, and says so on the verbose log', async () => {
    switchOff('polymarket', 'fetchBalance');
    const { svc, asked, log } = services(['kalshi', 'polymarket']);
    const r = await fetchBalance(svc, {});
    expect(r.balances.map((b) => b.exchange)).toEqual(['kalshi']);
    expect(r.failed).toEqual([]);
    expect(asked).toEqual(['kalshi.fetchBalance']);
    expect(log).toEqual(['skipping polymarket: fetch_balance is not supported on polymarket']);
  });

  it('an exchange named for an operation it lacks is NotSupported before credentials are asked for', async () => {
    switchOff('polymarket', 'fetchOpenOrders');
    const { svc, asked } = services([]);
    const e = await failure(fetchOpenOrders(svc, { exchange: 'polymarket' }));
    expect([e.kind, exitCodeFor(e)]).toEqual(['NotSupported', 10]);
    expect(asked).toEqual([]);
  });

  it('Polymarket amend without credentials: NotSupported (exit 10), not Config', async () => {
    const { svc } = services([]);
    const e = await failure(amendOrder(svc, { order_id: `0x${'ab'.repeat(32)}`, price: '0.4' }));
    expect([e.kind, exitCodeFor(e)]).toEqual(['NotSupported', 10]);
    expect(e.hint).toContain(`pmt order cancel 0x${'ab'.repeat(32)} --yes`);
  });

  it('capable and requireCapability read the manifests', () => {
    const log: string[] = [];
    expect(capable({ log: (l) => log.push(l) }, ['kalshi', 'polymarket'], 'amendOrder')).toEqual(['kalshi']);
    expect(log).toEqual(['skipping polymarket: amend_order is not supported on polymarket: a signed CLOB order cannot be changed']);
    expect(() => requireCapability('kalshi', 'amendOrder')).not.toThrow();
    expect(() => requireCapability('polymarket', 'amendOrder')).toThrow(/not supported on polymarket/);
  });
});

describe('order ids route by every manifest\'s id shape', () => {
  const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const two = [
    { id: 'kalshi' as ExchangeId, name: 'Kalshi', ids: { ...manifestOf('kalshi').ids } },
    { id: 'polymarket' as ExchangeId, name: 'Polymarket', ids: { ...manifestOf('polymarket').ids, order: uuidShape } },
  ];

  it('one fit picks its exchange; none is a usage error listing the shapes', () => {
    expect(orderExchange(UUID, undefined)).toEqual({ exchange: 'kalshi', id: UUID });
    expect(usage(() => orderExchange('nope', undefined)).message).toMatch(/^"nope" is not an order id \(Kalshi: a UUID; Polymarket: /);
  });

  it('two exchanges whose order ids share a shape: an error naming both, never the first in registry order', () => {
    const e = usage(() => orderExchange(UUID, undefined, undefined, two));
    expect(e.message).toBe(`order id "${UUID}" could be on kalshi or polymarket (their order ids have the same shape)`);
    expect(e.hint).toBe('add --exchange kalshi or polymarket');
    // Naming one decides.
    expect(orderExchange(UUID, 'polymarket', undefined, two)).toEqual({ exchange: 'polymarket', id: UUID });
  });
});
