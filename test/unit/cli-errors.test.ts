/** The one place errors become a line on stderr and an exit code. */
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { reportError } from '../../src/cli.js';
import { cancelledError, ERROR_KINDS, exitCodeFor, httpStatusFor, PmtError, usageError } from '../../src/errors.js';

function capture(): { stream: Writable; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      out += String(chunk);
      cb();
    },
  });
  return { stream, text: () => out };
}

describe('exit codes and statuses', () => {
  it('maps every kind as the contract says', () => {
    const exits = Object.fromEntries(ERROR_KINDS.map((k) => [k, exitCodeFor(new PmtError(k, 'x'))]));
    expect(exits).toEqual({
      Api: 1, Authentication: 3, InsufficientFunds: 4, MarketNotFound: 5, OrderNotFound: 6,
      RateLimited: 7, NetworkError: 8, Config: 9, NotSupported: 10, RiskLimit: 11,
    });
    expect(exitCodeFor(usageError('bad'))).toBe(2);
    expect(exitCodeFor(cancelledError())).toBe(130);
    expect(exitCodeFor(new Error('boom'))).toBe(1);
    const statuses = Object.fromEntries(ERROR_KINDS.map((k) => [k, httpStatusFor(new PmtError(k, 'x'))]));
    expect(statuses).toEqual({
      Api: 502, Authentication: 401, InsufficientFunds: 402, MarketNotFound: 404, OrderNotFound: 404,
      RateLimited: 429, NetworkError: 502, Config: 500, NotSupported: 501, RiskLimit: 403,
    });
    expect(httpStatusFor(usageError('bad'))).toBe(400);
  });
});

describe('reportError', () => {
  it('prints the error object as one JSON line with --json', () => {
    const c = capture();
    const code = reportError(new PmtError('MarketNotFound', 'no market "X"', { hint: 'try --status all' }), ['--json'], c.stream);
    expect(code).toBe(5);
    expect(c.text()).toBe('{"kind":"MarketNotFound","message":"no market \\"X\\""}\n');
  });

  it('prints one human line with the kind and hint, and no stack', () => {
    const c = capture();
    const err = new PmtError('Authentication', 'Kalshi requires an API key\nto read this', { hint: 'run `pmt profile add`' });
    reportError(err, [], c.stream);
    const out = c.text();
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
    expect(out).toContain('error: Kalshi requires an API key to read this [Authentication] (hint: run `pmt profile add`)');
    expect(out).not.toMatch(/\s+at\s/);
  });

  it('shows the stack of an unexpected error only with --verbose', () => {
    const quiet = capture();
    expect(reportError(new TypeError('x is undefined'), [], quiet.stream)).toBe(1);
    expect(quiet.text()).toBe('error: x is undefined [Api]\n');
    const loud = capture();
    reportError(new TypeError('x is undefined'), ['--verbose'], loud.stream);
    expect(loud.text()).toMatch(/\s+at\s/);
  });
});
