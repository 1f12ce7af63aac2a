/** `order list`, `order get`, `order cancel-all` logic over in-memory exchanges. */
import { describe, expect, it } from 'vitest';
import { runOp } from '../../src/commands/op-run.js';
import { run as cancelAll } from '../../src/commands/order/cancel-all.js';
import { exitCodeFor, PartialFailure, PmtError } from '../../src/errors.js';
import { FakeExchange, fakeContext, order, ScriptedPrompter } from './order-fake.js';

// `order list` and `order get` are derived from their entries (commands/op-run.ts).
const list = (ctx: Parameters<typeof runOp>[0], opts: object, args: string[] = []) => runOp(ctx, 'fetch_open_orders', opts, args);
const get = (ctx: Parameters<typeof runOp>[0], opts: object, args: string[] = []) => runOp(ctx, 'fetch_order', opts, args);

const POLY_ID = '0x' + 'ab'.repeat(32);

async function fails(p: Promise<unknown>): Promise<PmtError> {
  try {
    await p;
  } catch (e) {
    return e as PmtError;
  }
  throw new Error('expected the command to fail');
}

function both() {
  const k = new FakeExchange('kalshi');
  const p = new FakeExchange('polymarket');
  k.open = [order({ id: '11111111-1111-4111-8111-111111111111' }), order({ id: '22222222-2222-4222-8222-222222222222', outcome: 'No', price: 0.7 })];
  p.open = [order({ id: POLY_ID, market_ticker: '0xcond', price: 0.35, outcome: 'No' })];
  return { k, p };
}

describe('order list', () => {
  it('lists both configured exchanges; --json is exactly [Order]', async () => {
    const { k, p } = both();
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k, p] });
    await list(ctx, {});
    expect(JSON.parse(stdout.text)).toEqual([...k.open, ...p.open]);
  });
  it('only exchanges with credentials are asked', async () => {
    const { k, p } = both();
    const { ctx, stdout } = fakeContext({ tty: false, exchanges: [k, p], configured: ['polymarket'] });
    await list(ctx, {});
    expect(k.calls).toEqual([]);
    expect(stdout.text.split('\n').filter(Boolean)).toHaveLength(1);
    expect(stdout.text).toContain(`polymarket\t${POLY_ID}`);
  });
  it("one exchange failing: the other's orders are printed, then the failure, with its exit code (never a silent partial list)", async () => {
    const { k, p } = both();
    p.fetchOpenOrders = async () => {
      throw new PmtError('Authentication', 'polymarket: invalid api key');
    };
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k, p] });
    const e = await fails(list(ctx, {}));
    expect(exitCodeFor(e)).toBe(3);
    expect(e.message).toBe('polymarket: invalid api key');
    expect(JSON.parse(stdout.text)).toEqual(k.open);
  });
  it("every exchange failing: no rows, each failure reported, the first one's exit code", async () => {
    const { k, p } = both();
    k.fetchOpenOrders = async () => {
      throw new PmtError('RateLimited', 'kalshi: slow down');
    };
    p.fetchOpenOrders = async () => {
      throw new PmtError('Authentication', 'polymarket: invalid api key');
    };
    const { ctx, stdout } = fakeContext({ tty: false, exchanges: [k, p] });
    const e = await fails(list(ctx, {}));
    expect(exitCodeFor(e)).toBe(7);
    expect(e).toBeInstanceOf(PartialFailure);
    expect((e as PartialFailure).failures.map((f) => f.kind)).toEqual(['RateLimited', 'Authentication']);
    expect(stdout.text).toBe('');
  });
  it('no credentials at all is Config (exit 9) with the fixing command', async () => {
    const { ctx } = fakeContext({ tty: false, exchanges: [], configured: [] });
    const e = await fails(list(ctx, {}));
    expect(exitCodeFor(e)).toBe(9);
    expect(e.hint).toContain('pmt profile add');
  });
  it('--asset picks the exchange and scopes the call; --ndjson streams one order per line', async () => {
    const { k, p } = both();
    const { ctx, stdout } = fakeContext({ tty: false, exchanges: [k, p] });
    ctx.globals.ndjson = true;
    await list(ctx, { asset: 'KXTEST-25DEC31' });
    expect(p.calls).toEqual([]);
    expect(k.calls.find((c) => c.op === 'fetchOpenOrders')?.arg).toBe('KXTEST-25DEC31');
    expect(stdout.text.trim().split('\n').map((l) => JSON.parse(l))).toEqual(k.open);
  });
});

describe('order get', () => {
  it('tells the exchange by the id shape', async () => {
    const { k, p } = both();
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k, p] });
    await get(ctx, {}, [POLY_ID]);
    expect(p.ops()).toEqual(['fetchOrder']);
    expect(JSON.parse(stdout.text).id).toBe(POLY_ID);
  });
  it('rejects an id of neither shape (exit 2) before any request', async () => {
    const { k, p } = both();
    const { ctx } = fakeContext({ tty: false, exchanges: [k, p] });
    const e = await fails(get(ctx, {}, ['12345']));
    expect(exitCodeFor(e)).toBe(2);
    expect([...k.calls, ...p.calls]).toEqual([]);
  });
});

describe('order cancel-all', () => {
  it('not on a terminal without --yes: exit 2 and nothing is even listed', async () => {
    const { k, p } = both();
    const { ctx } = fakeContext({ tty: false, exchanges: [k, p] });
    const e = await fails(cancelAll(ctx, {}));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toContain('--yes');
    expect([...k.calls, ...p.calls]).toEqual([]);
  });
  it('lists both exchanges, confirms with the counts, cancels, and prints the cancelled orders', async () => {
    const { k, p } = both();
    const { ctx, stdout } = fakeContext({ tty: true, exchanges: [k, p] });
    const pr = new ScriptedPrompter([true]);
    await cancelAll(ctx, {}, [], { prompter: pr });
    expect(pr.asked).toEqual(['Cancel 3 open orders (2 on kalshi, 1 on polymarket)?']);
    expect(k.ops()).toEqual(['fetchOpenOrders', 'cancelAllOrders']);
    expect(p.ops()).toEqual(['fetchOpenOrders', 'cancelAllOrders']);
    expect(stdout.text).toContain('cancelled 3 orders');
  });
  it('declining cancels nothing (exit 130)', async () => {
    const { k, p } = both();
    const { ctx } = fakeContext({ tty: true, exchanges: [k, p] });
    const e = await fails(cancelAll(ctx, {}, [], { prompter: new ScriptedPrompter([false]) }));
    expect(exitCodeFor(e)).toBe(130);
    expect([...k.ops(), ...p.ops()]).not.toContain('cancelAllOrders');
  });
  it('nothing open: says so and exits 0 without cancelling', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await cancelAll(ctx, { yes: true });
    expect(stderr.text).toContain('no open orders on kalshi: nothing to cancel');
    expect(k.ops()).toEqual(['fetchOpenOrders']);
  });
  it('--json prints the cancelled orders; refusals are in the error (stderr holds only it) and exit 1', async () => {
    const { k } = both();
    k.cancelResult = { cancelled: [{ ...k.open[0]!, status: 'cancelled' }], failed: [{ id: k.open[1]!.id, reason: 'order already executed' }] };
    const { ctx, stdout, stderr } = fakeContext({ tty: false, json: true, exchanges: [k] });
    const e = await fails(cancelAll(ctx, { yes: true }));
    expect(JSON.parse(stdout.text)).toEqual([{ ...k.open[0], status: 'cancelled' }]);
    expect(stderr.text).toBe('');
    expect(exitCodeFor(e)).toBe(1);
    expect(e.message).toContain(`1 order was not cancelled (kalshi ${k.open[1]!.id}: order already executed)`);
  });
  it('one exchange failing outright still cancels on the other, then fails with that kind', async () => {
    const { k, p } = both();
    k.cancelAllOrders = async () => {
      throw new PmtError('RateLimited', 'too many requests');
    };
    const { ctx, stdout, stderr } = fakeContext({ tty: false, json: true, exchanges: [k, p] });
    const e = await fails(cancelAll(ctx, { yes: true }));
    expect(p.ops()).toContain('cancelAllOrders');
    expect(JSON.parse(stdout.text).map((o: { id: string }) => o.id)).toEqual([POLY_ID]);
    expect(stderr.text).toBe('');
    expect(e.message).toContain('cancel-all failed on kalshi: too many requests');
    expect(exitCodeFor(e)).toBe(7);
  });
  it('orders cancelled that were not in the list shown are reported', async () => {
    const { k } = both();
    k.cancelResult = { cancelled: [...k.open, order({ id: '33333333-3333-4333-8333-333333333333' })], failed: [] };
    const { ctx, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await cancelAll(ctx, { yes: true });
    expect(stderr.text).toContain('1 of them were placed after the list was shown: 33333333-3333-4333-8333-333333333333');
  });
});
