/**
 * Issue 15, finding 9 run in process against the loopback doubles: a book size of 1e308 is a
 * clear Api error; `kalshi:..` is refused before any request; signed requests refuse a plain
 * http:// base URL that is not loopback (before anything is sent); a user:password in a PMT_*_URL
 * never shows in `exchanges --json` or an order's `--dry-run`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEnv, type BookEnv } from '../commands/book-fixture.js';

const T = 'KXHUGE-26DEC31-A';
const OK = 'KXFINE-26DEC31-A';
let b: BookEnv;
beforeAll(async () => {
  b = await bookEnv();
  b.d.kalshi.orders.addMarket({ ticker: T, title: 'Huge book' });
  b.d.kalshi.books.setBook(T, { yes: [[0.3, 1e308]], no: [[0.6, 10]] });
  b.d.kalshi.orders.addMarket({ ticker: OK, title: 'Ordinary book' });
  b.d.kalshi.books.setBook(OK, { yes: [[0.3, 10]], no: [[0.6, 10]] });
});
afterAll(() => b?.d.close());

describe('hostile values and URLs', () => {
  it('a book size of 1e308 is a clear Api error, not an internal BigInt error', async () => {
    for (const cmd of [['book', 'stats', T], ['book', 'show', T], ['book', 'impact', T, '--size', '5']]) {
      const r = await b.pmt([...cmd, '--json'], b.env());
      expect(r.exitCode, r.stderr).toBe(1);
      const e = JSON.parse(r.stderr.trim().split('\n').at(-1)!);
      expect(e.kind).toBe('Api');
      expect(e.message).toMatch(/a book level of 1e\+308 contracts at 0\.3, beyond any real book/);
      expect(r.stderr).not.toMatch(/BigInt|RangeError/);
    }
  });

  it.each([['book', 'show', 'kalshi:..'], ['book', 'show', 'kalshi:.'], ['markets', 'lineage', 'kalshi:..']])('%s %s %s is refused (exit 2) before any request', async (...args) => {
    b.d.resetLogs();
    const r = await b.pmt(args, b.env());
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/path segment|not allowed in an id/);
    expect(b.d.kalshi.double.requests).toHaveLength(0);
  });

  it('signed requests refuse a plain http:// base URL beyond loopback (Config, nothing sent)', async () => {
    const r = await b.pmt(['order', 'list', '--exchange', 'kalshi', '--json'], b.env({ PMT_KALSHI_API_URL: 'http://kalshi.example.invalid/trade-api/v2' }));
    expect(r.exitCode).toBe(9);
    expect(JSON.parse(r.stderr.trim())).toMatchObject({ kind: 'Config', message: expect.stringMatching(/is signed, and its base URL http:\/\/kalshi\.example\.invalid\/trade-api\/v2 is not https/) });
  });

  it('user:password in a PMT_*_URL never shows in `exchanges --json` or `--dry-run`', async () => {
    const withLogin = b.d.env.PMT_KALSHI_API_URL!.replace('http://', 'http://proxyuser:hunter2-proxy-password@');
    const env = b.env({ PMT_KALSHI_API_URL: withLogin });
    const ex = await b.pmt(['exchanges', '--json'], env);
    expect(ex.exitCode, ex.stderr).toBe(0);
    expect(ex.stdout).toContain('"environment":"custom"');
    const dry = await b.pmt(['order', 'create', '--asset', OK, '--side', 'buy', '--price', '0.40', '--size', '1', '--dry-run', '--json'], env);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/trade-api\/v2\/portfolio\/events\/orders$/);
    for (const r of [ex, dry]) {
      expect(r.stdout + r.stderr).not.toContain('hunter2-proxy-password');
      expect(r.stdout + r.stderr).not.toContain('proxyuser');
    }
  });
});
