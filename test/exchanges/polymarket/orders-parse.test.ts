import { describe, expect, test } from 'vitest';
import { Decimal } from '../../../src/decimal.js';
import { isoFromUnix, parseOpenOrder, parseSendResponse, shareAmount, type CreateContext } from '../../../src/exchanges/polymarket/order-parse.js';

const NOW = Date.UTC(2026, 4, 1);
const raw = (over: Record<string, unknown> = {}) => ({
  id: '0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890',
  status: 'LIVE',
  owner: 'f4f247b7-4ac7-ff29-a152-04fda0a8755a',
  maker_address: '0x1234567890123456789012345678901234567890',
  market: '0x0000000000000000000000000000000000000000000000000000000000000001',
  asset_id: '123',
  side: 'BUY',
  original_size: '100',
  size_matched: '0',
  price: '0.5',
  outcome: 'Yes',
  expiration: '0',
  order_type: 'GTC',
  associate_trades: [],
  created_at: 1700000000,
  ...over,
});

describe('OpenOrder → Order', () => {
  test('fields map as the interface expects; sizes are shares', () => {
    expect(parseOpenOrder(raw(), NOW)).toEqual({
      id: '0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890',
      market_ticker: '0x0000000000000000000000000000000000000000000000000000000000000001',
      outcome: 'Yes',
      side: 'buy',
      price: 0.5,
      size: 100,
      filled: 0,
      status: 'open',
      created_at: '2023-11-14T22:13:20.000Z',
      fee: null,
      updated_at: null,
    });
  });

  test.each([
    ['LIVE', '0', 'open'],
    ['ORDER_STATUS_LIVE', '0', 'open'],
    ['LIVE', '25.0000', 'partially_filled'],
    ['MATCHED', '100', 'filled'],
    ['ORDER_STATUS_MATCHED', '100', 'filled'],
    ['CANCELED', '0', 'cancelled'],
    ['CANCELED_MARKET_RESOLVED', '10', 'cancelled'],
    ['ORDER_STATUS_CANCELED_MARKET_RESOLVED', '0', 'cancelled'],
    ['INVALID', '0', 'rejected'],
    ['ORDER_STATUS_INVALID', '0', 'rejected'],
    ['DELAYED', '0', 'pending'],
    ['UNMATCHED', '0', 'open'],
  ])('status %s with size_matched %s → %s', (status, matched, want) => {
    expect(parseOpenOrder(raw({ status, size_matched: matched }), NOW).status).toBe(want);
  });

  test('tolerant: missing fields become neutral values, never a throw', () => {
    const o = parseOpenOrder({}, NOW);
    expect(o).toMatchObject({ id: '', market_ticker: '', side: 'buy', price: 0, size: 0, filled: 0, status: 'open', fee: null });
    expect(o.created_at).toBe(new Date(NOW).toISOString());
  });

  test('created_at accepts seconds, digit strings and milliseconds', () => {
    expect(isoFromUnix(1700000000, NOW)).toBe('2023-11-14T22:13:20.000Z');
    expect(isoFromUnix('1700000000', NOW)).toBe('2023-11-14T22:13:20.000Z');
    expect(isoFromUnix(1700000000123, NOW)).toBe('2023-11-14T22:13:20.123Z');
  });
});

describe('SendOrderResponse amounts in either unit', () => {
  const size = Decimal.from('10');
  test.each([
    ['10000000', '10'], // 6-decimal fixed point (documented)
    ['4000000', '4'],
    ['4', '4'], // human units
    ['4.5', '4.5'],
    ['', '0'],
    ['-1', '0'],
    ['20.5', '10'], // clamped to the order size
  ])('%s → %s shares', (v, want) => {
    expect(shareAmount(v, size).toFixed()).toBe(want);
  });
});

describe('SendOrderResponse → Order', () => {
  const ctx: CreateContext = { id: '0xhash', marketTicker: '0xcond', outcome: 'Yes', side: 'buy', price: Decimal.from('0.52'), size: Decimal.from('10'), orderType: 'gtc', nowMs: NOW };
  test('live rests with nothing filled, even if the amounts echo the order', () => {
    const o = parseSendResponse({ success: true, orderID: '0xid', status: 'live', makingAmount: '5200000', takingAmount: '10000000' }, ctx);
    expect(o).toMatchObject({ id: '0xid', status: 'open', filled: 0, size: 10, price: 0.52 });
  });
  test('matched in full and in part (BUY reads takingAmount, SELL makingAmount)', () => {
    expect(parseSendResponse({ status: 'matched', orderID: '0xid', takingAmount: '10000000' }, ctx)).toMatchObject({ status: 'filled', filled: 10 });
    expect(parseSendResponse({ status: 'matched', orderID: '0xid', takingAmount: '4000000' }, { ...ctx, orderType: 'ioc' })).toMatchObject({ status: 'partially_filled', filled: 4 });
    expect(parseSendResponse({ status: 'matched', orderID: '0xid', makingAmount: '3', takingAmount: '1.5' }, { ...ctx, side: 'sell' })).toMatchObject({ status: 'partially_filled', filled: 3 });
  });
  test('a matched FOK is complete whatever the amounts say', () => {
    expect(parseSendResponse({ status: 'matched', orderID: '0xid', takingAmount: '' }, { ...ctx, orderType: 'fok' })).toMatchObject({ status: 'filled', filled: 10 });
  });
  test('delayed → pending', () => {
    expect(parseSendResponse({ status: 'delayed', orderID: '0xid' }, ctx).status).toBe('pending');
  });
});
