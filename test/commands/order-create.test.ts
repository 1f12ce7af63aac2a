/** `pmt order create` logic over an in-memory exchange: validation, preview, confirmation, sending once. */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/commands/order/create.js';
import { exitCodeFor, PmtError } from '../../src/errors.js';
import { FakeExchange, fakeContext, NO_TOKEN, ScriptedPrompter, YES_TOKEN } from './order-fake.js';

const K = 'KXTEST-25DEC31';

async function fails(p: Promise<unknown>): Promise<PmtError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PmtError);
    return e as PmtError;
  }
  throw new Error('expected the command to fail');
}

describe('order create with flags, not on a terminal', () => {
  it('sends exactly the normalized request once with --yes and prints the order row', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true });
    expect(k.created).toEqual([{ asset_id: K, outcome: 'yes', side: 'buy', price: 0.65, size: 10, order_type: 'gtc' }]);
    expect(k.ops().filter((o) => o === 'createOrder')).toHaveLength(1);
    expect(stdout.text.trim().split('\t')).toContain('buy');
    // The preview goes to stderr so stdout stays the result.
    expect(stderr.text).toContain('Order preview');
    expect(stderr.text).toMatch(/not a guaranteed fill/);
  });

  it('refuses to send without --yes: usage error (exit 2) before any request', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc' }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toMatch(/--yes/);
    expect(k.calls).toEqual([]);
  });

  it('names every missing required flag (exit 2) and sends nothing', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toContain('--price, --size are required');
    expect(k.calls).toEqual([]);
  });

  it.each([
    ['1', /between 0 and 1/],
    ['0', /between 0 and 1/],
    ['1e-2', /plain decimal/],
    ['-0.5', /must be between 0 and 1/],
    ['60', /between 0 and 1.*/],
  ])('rejects --price %s before any request', async (price, msg) => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price, size: '10', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toMatch(msg);
    expect(k.calls).toEqual([]);
  });

  it('rejects an off-grid price naming the nearest valid prices, and sends nothing', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.655', size: '10', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toContain('nearest valid prices: 0.65 or 0.66');
    expect(k.ops()).not.toContain('createOrder');
  });

  it('rejects a size below the minimum and sizes with more than two decimals', async () => {
    const p = new FakeExchange('polymarket');
    const { ctx } = fakeContext({ tty: false, exchanges: [p] });
    const e = await fails(run(ctx, { asset: YES_TOKEN, side: 'buy', price: '0.65', size: '4', type: 'gtc', yes: true }));
    expect(e.message).toContain('below this market\'s minimum order size of 5');
    const e2 = await fails(run(ctx, { asset: YES_TOKEN, side: 'buy', price: '0.65', size: '5.555', type: 'gtc', yes: true }));
    expect(e2.message).toContain('more than 2 decimal places');
    expect(p.ops()).not.toContain('createOrder');
  });

  it('Kalshi --outcome no --price 0.30 buys NO at 0.30; the preview shows both scales', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await run(ctx, { asset: `kalshi:${K}`, side: 'buy', price: '0.30', size: '10', outcome: 'no', type: 'gtc', yes: true });
    expect(k.created[0]).toMatchObject({ asset_id: K, outcome: 'no', side: 'buy', price: 0.3 });
    expect(stderr.text).toContain('BUY 10 No at 0.30 = Yes ask at 0.70');
    expect(stderr.text).toContain('Cost       $3.00 for 10 contracts');
  });

  it('Polymarket: an outcome that is not the token\'s names the token to use instead', async () => {
    const p = new FakeExchange('polymarket');
    const { ctx } = fakeContext({ tty: false, exchanges: [p] });
    const e = await fails(run(ctx, { asset: YES_TOKEN, side: 'buy', price: '0.35', size: '10', outcome: 'no', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toContain(`--asset ${NO_TOKEN}`);
    expect(p.ops()).not.toContain('createOrder');
  });

  it('Polymarket: a unified market id with --outcome trades that outcome\'s token', async () => {
    const p = new FakeExchange('polymarket');
    const { ctx } = fakeContext({ tty: false, exchanges: [p] });
    await run(ctx, { asset: 'polymarket:will-it-rain', side: 'sell', price: '0.35', size: '10', outcome: 'No', type: 'ioc', yes: true });
    expect(p.created).toEqual([{ asset_id: NO_TOKEN, outcome: 'no', side: 'sell', price: 0.35, size: 10, order_type: 'ioc' }]);
  });

  it('refuses a closed market', async () => {
    const k = new FakeExchange('kalshi');
    k.markets.get(K)!.market.status = 'closed';
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true }));
    expect(e.message).toContain('is closed');
    expect(k.ops()).not.toContain('createOrder');
  });

  it('an exchange that serves no books still previews, marked as without a live book', async () => {
    const k = new FakeExchange('kalshi');
    k.fetchOrderbook = async () => {
      throw new PmtError('NotSupported', 'fetch_orderbook is not supported on kalshi');
    };
    const { ctx, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true });
    expect(stderr.text).toContain('no live book: fill and slippage are unknown');
    expect(k.created).toHaveLength(1);
  });

  it('a book that cannot be read for another reason stops the order', async () => {
    const k = new FakeExchange('kalshi');
    k.fetchOrderbook = async () => {
      throw new PmtError('Authentication', 'invalid signature');
    };
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(3);
    expect(k.ops()).not.toContain('createOrder');
  });

  it('missing credentials is Config (exit 9) before any request', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: false, exchanges: [k], configured: [] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(9);
    expect(e.hint).toContain('pmt profile add');
    expect(k.calls).toEqual([]);
  });

  it('a send that may have landed carries a "check before resending" hint', async () => {
    const k = new FakeExchange('kalshi');
    k.createError = new PmtError('NetworkError', 'timed out after sending', { ambiguous: true });
    const { ctx } = fakeContext({ tty: false, exchanges: [k] });
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true }));
    expect(exitCodeFor(e)).toBe(8);
    expect(e.hint).toContain('pmt order list');
    expect(k.ops().filter((o) => o === 'createOrder')).toHaveLength(1);
  });
});

describe('order create --dry-run', () => {
  it('prints the request, preview and exact upstream payload as one JSON document, sending nothing', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k] });
    await run(ctx, { asset: K, side: 'sell', price: '0.66', size: '7', type: 'gtc', dryRun: true });
    const doc = JSON.parse(stdout.text);
    expect(doc.dry_run).toBe(true);
    expect(doc.exchange).toBe('kalshi');
    expect(doc.request).toEqual({ asset_id: K, outcome: 'yes', side: 'sell', price: 0.66, size: 7, order_type: 'gtc' });
    expect(doc.upstream).toEqual({ method: 'POST', url: 'https://fake/kalshi/orders', body: { fake: true, price: 0.66 } });
    expect(doc.preview.proceeds).toBe(4.62);
    expect(doc.preview.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(k.ops()).not.toContain('createOrder');
  });

  it('works without --yes when not on a terminal and prints the preview for people', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout } = fakeContext({ tty: false, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.66', size: '7', type: 'gtc', dryRun: true });
    expect(stdout.text).toContain('Upstream request (dry run: not sent)');
    expect(stdout.text).toContain('POST https://fake/kalshi/orders');
    expect(k.ops()).not.toContain('createOrder');
  });
});

describe('order create on a terminal', () => {
  it('walks through the prompts, re-asks an off-grid price, previews and sends on confirm', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout } = fakeContext({ tty: true, exchanges: [k] });
    const pr = new ScriptedPrompter([K, 'No', 'buy', '0.655', '1.5', '0.30', '0', '10', 'gtc', true]);
    await run(ctx, { type: 'gtc' }, [], { prompter: pr });
    expect(pr.rejected.map((r) => r.value)).toEqual(['0.655', '1.5', '0']);
    expect(pr.rejected[0]!.message).toContain('nearest valid prices: 0.65 or 0.66');
    expect(pr.hints).toContain('0.30  ✓ buy No at 0.30 = Yes ask at 0.70');
    // The prompt asks for No's own price: what the trader pays per contract.
    expect(pr.asked.find((q) => q.startsWith('Price of No'))).toMatch(/^Price of No \(what you pay per contract\)/);
    expect(k.created).toEqual([{ asset_id: K, outcome: 'no', side: 'buy', price: 0.3, size: 10, order_type: 'gtc' }]);
    expect(stdout.text).toContain('Order preview');
    expect(stdout.text).toContain('order sent');
    expect(pr.asked.at(-1)).toContain('Send this order to kalshi? buy 10 No at 0.30, cost $3.00');
    // The confirmation and the ticket's preview carry the fee estimate.
    expect(pr.asked.at(-1)).toMatch(/cost \$3\.00 \+ est\. fee \$\d+\.\d\d$/);
    expect(stdout.text).toMatch(/Fee \(est\.\) \$\d+\.\d\d · /);
    expect(stdout.text).toMatch(/Total      \$3\.\d\d cost with the estimated fee/);
  });

  it('on a 60-column terminal the confirmation keeps to the width: the order on its own line, then the question', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout } = fakeContext({ tty: true, exchanges: [k], columns: 60 });
    const pr = new ScriptedPrompter([true]);
    await run(ctx, { asset: K, outcome: 'no', side: 'buy', price: '0.30', size: '10', type: 'gtc' }, [], { prompter: pr });
    expect(pr.asked.at(-1)).toBe('Send this order to kalshi?');
    expect(stdout.text).toMatch(/^buy 10 No at 0\.30, cost \$3\.00 \+ est\. fee \$\d+\.\d\d$/m);
    for (const line of stdout.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
    expect(k.created).toHaveLength(1);
  });

  it('checks the ticker at its prompt and asks again; the side prompt shows what the chosen outcome costs now', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: true, exchanges: [k] });
    const pr = new ScriptedPrompter(['KXTYPO-1', K, 'No', 'buy', '0.70', '10', 'gtc', true]);
    await run(ctx, { type: 'gtc' }, [], { prompter: pr });
    expect(pr.rejected.map((r) => r.value)).toEqual(['KXTYPO-1']);
    expect(pr.rejected[0]!.message).toContain('no market "KXTYPO-1"');
    // The Yes book: bid 0.64, ask 0.66, so the No book is bid 0.34, ask 0.36: buying No pays its
    // ask, selling No receives its bid.
    expect(pr.choices.Side).toEqual(['buy No · pay 0.36 now', 'sell No · receive 0.34 now']);
    expect(k.created).toHaveLength(1);
  });

  it('a venue rule the adapter finds while building the request stops before the confirmation', async () => {
    const k = new FakeExchange('kalshi');
    k.previewOrder = async () => {
      throw new PmtError('Api', '--price 0.905 is not on the 0.01 grid above 0.90', { usage: true });
    };
    k.markets.get(K)!.tick_size = 0.001; // the finest tier passes pmt's own grid check
    const { ctx } = fakeContext({ tty: true, exchanges: [k] });
    const pr = new ScriptedPrompter([]);
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.905', size: '1', type: 'gtc' }, [], { prompter: pr }));
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toContain('above 0.90');
    expect(pr.asked).toEqual([]);
    expect(k.ops()).not.toContain('createOrder');
  });

  it('declining sends nothing and exits 130', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx } = fakeContext({ tty: true, exchanges: [k] });
    const pr = new ScriptedPrompter([false]);
    const e = await fails(run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc' }, [], { prompter: pr }));
    expect(exitCodeFor(e)).toBe(130);
    expect(k.ops()).not.toContain('createOrder');
  });

  it('Polymarket: choosing the other outcome at the prompt switches to its token', async () => {
    const p = new FakeExchange('polymarket');
    const { ctx } = fakeContext({ tty: true, exchanges: [p] });
    const pr = new ScriptedPrompter(['No', '0.35', '10', 'fok', true]);
    await run(ctx, { asset: 'polymarket:will-it-rain', side: 'buy', type: 'gtc' }, [], { prompter: pr });
    expect(p.created).toEqual([{ asset_id: NO_TOKEN, outcome: 'no', side: 'buy', price: 0.35, size: 10, order_type: 'fok' }]);
    // Fees are read for the token actually traded.
    expect(p.calls.filter((c) => c.op === 'fetchFeeSchedule').map((c) => c.arg)).toEqual([NO_TOKEN]);
  });
});

describe('order create: the fee estimate', () => {
  it('--dry-run --json carries fee_estimate and the cost with fees', async () => {
    const k = new FakeExchange('kalshi');
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.50', size: '10', type: 'gtc', dryRun: true });
    const doc = JSON.parse(stdout.text);
    // Nothing fills at 0.50 on the fake book: all 10 rest, and quadratic series charge no maker fee.
    expect(doc.preview.fee_estimate).toMatchObject({ taker: 0, maker: 0, total: 0, taker_size: 0, maker_size: 10, reason: null });
    expect(doc.preview.cost_with_fees).toBe(5);
  });

  it('a fee lookup that fails never blocks the order: the fee is unknown and the order is sent', async () => {
    const k = new FakeExchange('kalshi');
    k.feeSchedule = new PmtError('NetworkError', 'Kalshi did not answer');
    const { ctx, stderr } = fakeContext({ tty: false, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', yes: true });
    expect(k.created).toHaveLength(1);
    expect(stderr.text).toContain('Fee (est.) unknown: fee schedule unavailable: Kalshi did not answer');
    expect(stderr.text).toContain('fee unknown, not included');
  });

  it('the schedule is read while the book is read, not after it', async () => {
    const k = new FakeExchange('kalshi');
    // The fee read finishes only once the book read has started: were they serial, this would hang.
    let bookStarted!: () => void;
    const started = new Promise<void>((r) => (bookStarted = r));
    let feesInFlight = false;
    const fees = k.fetchFeeSchedule.bind(k);
    k.fetchFeeSchedule = async (info) => {
      feesInFlight = true;
      await started;
      return fees(info).finally(() => (feesInFlight = false));
    };
    const read = k.fetchOrderbook.bind(k);
    let overlapped = false;
    k.fetchOrderbook = async (id: string) => {
      overlapped = feesInFlight;
      bookStarted();
      return read(id);
    };
    const { ctx, stdout } = fakeContext({ tty: false, json: true, exchanges: [k] });
    await run(ctx, { asset: K, side: 'buy', price: '0.65', size: '10', type: 'gtc', dryRun: true });
    expect(overlapped).toBe(true);
    expect(JSON.parse(stdout.text).preview.fee_estimate.reason).toBeNull();
  });
});
