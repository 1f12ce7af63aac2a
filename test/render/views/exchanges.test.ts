import { describe, expect, it } from 'vitest';
import { Formatter } from '../../../src/render/format.js';
import {
  capabilityRows,
  problemLines,
  skewText,
  statusRow,
  tsvRow,
  type ExchangeStatus,
} from '../../../src/render/views/exchanges.js';

const plain = new Formatter({ isTTY: true, color: false });
const coloured = new Formatter({ isTTY: true, color: true });
const human = (c: unknown) => (typeof c === 'string' ? c : (c as { human: string }).human);

function status(over: Partial<ExchangeStatus> = {}): ExchangeStatus {
  return {
    id: 'kalshi',
    environment: 'production',
    urls: { api: 'https://external-api.kalshi.com/trade-api/v2' },
    capabilities: { fetch_markets: { supported: true, auth: false }, create_order: { supported: true, auth: true }, fetch_trades: { supported: false, auth: false } },
    credentials: { status: 'configured', source: 'env', origin: 'KALSHI_API_KEY_ID', message: null },
    check: { status: 'ok', clock_skew_ms: 42, detail: 'credentials accepted', error: null },
    funds: null,
    ...over,
  };
}

describe('exchanges view', () => {
  it('skewText: sign and tenths of a second, with the ±1 s the exchanges\' clocks allow', () => {
    expect(skewText(440)).toBe('+0.4 s (±1 s)');
    expect(skewText(-7)).toBe('-0.0 s (±1 s)');
    expect(skewText(0)).toBe('±0.0 s (±1 s)');
    expect(skewText(-12_345)).toBe('-12.3 s (±1 s)');
    expect(skewText(null)).toBe('-');
  });

  it('statusRow: credentials with their origin, the check with its skew', () => {
    expect(statusRow(plain, status(), true).map(human)).toEqual(['kalshi', 'production', 'configured (KALSHI_API_KEY_ID)', 'ok, clock +0.0 s (±1 s)']);
    expect(statusRow(plain, status(), false)).toHaveLength(3);
    const missing = status({ credentials: { status: 'missing', source: null, origin: null, message: 'no kalshi credentials' }, check: null });
    expect(statusRow(plain, missing, true).map(human)).toEqual(['kalshi', 'production', 'not configured', '-']);
  });

  it('colours: configured green, failed red, a large skew yellow', () => {
    const failed = status({ check: { status: 'failed', clock_skew_ms: 9000, detail: null, error: { kind: 'Authentication', message: 'invalid API key' } } });
    const [, , creds, check] = statusRow(coloured, failed, true).map(human);
    expect(creds).toContain('\u001b[32mconfigured');
    expect(check).toContain('\u001b[31mfailed');
    expect(check).toContain('invalid API key');
    expect(check).toContain('\u001b[33m, clock +9.0 s (±1 s) (fix the system clock)');
  });

  it('tsvRow: raw values only', () => {
    expect(tsvRow(status())).toEqual(['kalshi', 'production', 'configured', 'KALSHI_API_KEY_ID', 'ok', '42', 'fetch_markets,create_order']);
    expect(tsvRow(status({ check: null }))).toEqual(['kalshi', 'production', 'configured', 'KALSHI_API_KEY_ID', '', '', 'fetch_markets,create_order']);
  });

  it('capabilityRows: one row per operation, one column per exchange', () => {
    const poly = status({ id: 'polymarket', capabilities: { fetch_markets: { supported: true, auth: false }, create_order: { supported: true, auth: true } } });
    expect(capabilityRows(plain, [status(), poly])).toEqual([
      ['fetch_markets', 'yes', 'yes'],
      ['create_order', 'yes (needs credentials)', 'yes (needs credentials)'],
      ['fetch_trades', 'no', 'no'],
    ]);
  });

  it('problemLines: the full reason for each problem', () => {
    const bad = status({
      credentials: { status: 'invalid', source: 'env', origin: 'KALSHI_API_KEY_ID', message: 'the Kalshi private key is not a readable PEM private key' },
      check: { status: 'skipped', clock_skew_ms: null, detail: 'credentials are invalid', error: null },
    });
    const failed = status({ id: 'polymarket', check: { status: 'failed', clock_skew_ms: null, detail: null, error: { kind: 'NetworkError', message: 'connection refused' } } });
    expect(problemLines([bad, failed, status()])).toEqual([
      ['kalshi', 'the Kalshi private key is not a readable PEM private key'],
      ['polymarket', 'check failed: connection refused'],
    ]);
  });
});
