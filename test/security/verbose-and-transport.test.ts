/**
 * Issue 21 item 14 on the built binary against the doubles: `--verbose` stack traces go through
 * the one sanitizer (an upstream error's escape sequences never reach the terminal raw), and a
 * plain http:// base URL of a signing API beyond loopback is refused before any request, reads
 * included (not only at the first signed one).
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli.js';
import { PmtError } from '../../src/errors.js';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

const K = 'KXESC-26DEC31-A';
let d: Doubles;
let env: Record<string, string>;
beforeAll(async () => {
  d = await startDoubles({ kalshi: { markets: 5 } });
  d.kalshi.orders.addMarket({ ticker: K });
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_RETRY_BASE_MS: '2' };
});
afterAll(() => d?.close());

describe('--verbose', () => {
  it('prints the stack of an upstream cause with every escape sequence and control character removed', async () => {
    const hostile = 'bad \u001b]0;pwned\u0007title \u001b[2Jclear \u009b31mred';
    const s = new PassThrough();
    let text = '';
    s.on('data', (b: Buffer) => (text += b.toString()));
    reportError(new PmtError('Api', 'Kalshi failed', { cause: new Error(hostile) }), ['markets', 'list', '--verbose'], s);
    await new Promise((r) => setImmediate(r));
    expect(text).toMatch(/\n\s*at /); // the stack is there
    expect(text).toContain('bad');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('a signing API over plain http:// beyond loopback', () => {
  it.each([
    [['markets', 'lineage', `kalshi:${K}`], { PMT_KALSHI_API_URL: 'http://kalshi.example.invalid/trade-api/v2' }],
    [['book', 'show', '1234567890123456789012345678901234567890'], { PMT_POLYMARKET_CLOB_URL: 'http://clob.example.invalid' }],
  ])('%j is refused (Config, exit 9) before any request, reads included', async (args, urls) => {
    const r = await runPmt([...args, '--json'], { env: { ...env, ...urls } });
    expect(r.exitCode, r.stderr).toBe(9);
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toMatchObject({ kind: 'Config', message: expect.stringMatching(/is not https: keys and orders never travel unencrypted/) });
  });
});
