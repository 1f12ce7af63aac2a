/** A failure of a call that spanned exchanges: every exchange's error on stderr, the first one's exit code. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli.js';
import { PartialFailure, PmtError } from '../../src/errors.js';

function capture() {
  const s = new PassThrough();
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString()));
  return { s, text: () => text };
}

describe('reportError(PartialFailure)', () => {
  const failure = () => new PartialFailure([new PmtError('RateLimited', 'kalshi: slow down'), new PmtError('Authentication', 'polymarket: invalid api key')]);

  it('--json: one error object per failure, in order; exit code of the first', async () => {
    const c = capture();
    const code = reportError(failure(), ['markets', 'list', '--json'], c.s);
    await new Promise((r) => setImmediate(r));
    expect(code).toBe(7);
    expect(c.text().trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { kind: 'RateLimited', message: 'kalshi: slow down' },
      { kind: 'Authentication', message: 'polymarket: invalid api key' },
    ]);
  });

  it('people: one line per failure', async () => {
    const c = capture();
    const code = reportError(failure(), ['order', 'list', '--no-color'], c.s);
    await new Promise((r) => setImmediate(r));
    expect(code).toBe(7);
    expect(c.text()).toBe('error: kalshi: slow down [RateLimited]\nerror: polymarket: invalid api key [Authentication]\n');
  });

  it('acts as its first failure (kind, status) wherever one error is expected', () => {
    const e = failure();
    expect(e.kind).toBe('RateLimited');
    expect(e.message).toBe('kalshi: slow down');
  });
});
