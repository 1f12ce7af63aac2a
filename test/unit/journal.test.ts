/** The order journal: appended JSON lines, 0600, torn lines skipped, intent relabelling only on an exact match. */
import { appendFileSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intentsByOrderId, Journal, lastEntries, withIntent, type JournalEntry } from '../../src/journal.js';
import type { Order } from '../../src/exchanges/types.js';

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  ts: '2026-01-01T00:00:00.000Z',
  event: 'intent',
  exchange: 'kalshi',
  market_ticker: 'KX-A',
  outcome: 'No',
  side: 'buy',
  price: 0.3,
  size: 10,
  type: 'gtc',
  client_order_id: 'c-1',
  order_hash: null,
  order_id: null,
  status: null,
  message: null,
  ...over,
});
const order = (over: Partial<Order>): Order => ({
  id: 'o-1', market_ticker: 'KX-A', outcome: 'Yes', side: 'sell', price: 0.7, size: 10, filled: 0, status: 'open', created_at: 'x', fee: null, updated_at: null, ...over,
});

describe('Journal', () => {
  it('appends JSON lines in a 0600 file and reads them back, skipping a torn line', () => {
    const j = new Journal(join(mkdtempSync(join(tmpdir(), 'pmt-j-')), 'cfg'));
    j.append(entry({}), true);
    appendFileSync(j.path, '{"ts":"2026-01-01T00:00:01Z","event":"res'); // a crash mid-write
    appendFileSync(j.path, '\n');
    j.append(entry({ event: 'result', order_id: 'o-1', status: 'open' }));
    expect(statSync(j.path).mode & 0o777).toBe(0o600);
    expect(j.read().map((e) => e.event)).toEqual(['intent', 'result']);
    expect(lastEntries(j.read(), 1).map((e) => e.event)).toEqual(['result']);
  });

  it('an unwritable journal stops the order (Config), naming the file', () => {
    // The config "directory" is a file: nothing can be written under it.
    const file = join(mkdtempSync(join(tmpdir(), 'pmt-j-')), 'not-a-dir');
    appendFileSync(file, 'x');
    const j = new Journal(join(file, 'cfg'));
    expect(() => j.append(entry({}))).toThrow(/cannot write the order journal .*the order was not sent/);
  });
});

describe('withIntent', () => {
  const intents = intentsByOrderId([entry({}), entry({ event: 'result', order_id: 'o-1', status: 'open' })]);
  it('relabels the YES-book form of an order pmt placed with its intent', () => {
    expect(withIntent(order({}), intents)).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3 });
  });
  it('keeps the exchange\'s terms when anything differs, or the order is not pmt\'s', () => {
    expect(withIntent(order({ price: 0.71 }), intents)).toMatchObject({ outcome: 'Yes', side: 'sell', price: 0.71 });
    expect(withIntent(order({ side: 'buy' }), intents)).toMatchObject({ outcome: 'Yes', side: 'buy' });
    expect(withIntent(order({ id: 'other' }), intents)).toMatchObject({ outcome: 'Yes', side: 'sell' });
    expect(withIntent(order({ outcome: 'No', side: 'buy', price: 0.3 }), intents)).toMatchObject({ outcome: 'No', price: 0.3 });
  });
});
