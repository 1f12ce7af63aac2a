/**
 * `pmt book show` run in process against the doubles: the ladder on a terminal, TSV
 * piped, the Orderbook model with --json; Kalshi credentials from env and from the profile, and
 * every way Kalshi auth can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../src/profiles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { bookEnv, TTY, type BookEnv } from './book-fixture.js';

let t: BookEnv;
beforeAll(async () => {
  t = await bookEnv();
});
afterAll(() => t.d.close());

describe('pmt book show', () => {
  it('--outcome no on Kalshi is the NO book, labelled; stats and impact are computed on it', async () => {
    const show = await t.pmt(['book', 'show', K.normal, '--outcome', 'no', '--json'], t.env());
    expect(show.exitCode, show.stderr).toBe(0);
    const book = JSON.parse(show.stdout);
    // YES bids 0.42/0.41/0.40 → NO asks 0.58/0.59/0.60; YES asks 0.45/0.46/0.50 → NO bids 0.55/0.54/0.50.
    expect(book.bids.map((l: { price: number }) => l.price)).toEqual([0.55, 0.54, 0.5]);
    expect(book.asks.map((l: { price: number }) => l.price)).toEqual([0.58, 0.59, 0.6]);
    const stats = JSON.parse((await t.pmt(['book', 'stats', K.normal, '--outcome', 'no', '--json'], t.env())).stdout);
    expect([stats.best_bid, stats.best_ask, stats.mid]).toEqual([0.55, 0.58, 0.565]);
    const impact = JSON.parse((await t.pmt(['book', 'impact', K.normal, '--outcome', 'no', '--size', '100', '--json'], t.env())).stdout);
    expect(impact.buy_avg_price).toBe(0.58);
    const tty = await t.pmt(['book', 'show', K.normal, '--outcome', 'no'], t.env(TTY));
    expect(tty.stdout.split('\n')[0]).toBe(`kalshi market ${K.normal} (NO book: NO prices; NO bid = 1 − YES ask, NO ask = 1 − YES bid)`);
  });

  it('--depth N keeps the N best levels per side in --json too (the exchange hash only while nothing was cut)', async () => {
    const k = await t.pmt(['book', 'show', K.normal, '--depth', '2', '--json'], t.env());
    expect(k.exitCode, k.stderr).toBe(0);
    const kb = JSON.parse(k.stdout);
    expect(kb.bids).toEqual([{ price: 0.42, size: 100 }, { price: 0.41, size: 250 }]);
    expect(kb.asks).toEqual([{ price: 0.45, size: 150 }, { price: 0.46, size: 200 }]);
    const p = JSON.parse((await t.pmt(['book', 'show', P.normal, '--depth', '1', '--json'], t.bare())).stdout);
    expect([p.bids, p.asks, p.hash]).toEqual([[{ price: 0.45, size: 100 }], [{ price: 0.46, size: 150 }], null]);
    const whole = JSON.parse((await t.pmt(['book', 'show', P.normal, '--depth', '3', '--json'], t.bare())).stdout);
    expect(whole.bids).toHaveLength(3);
    expect(whole.hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it('draws a Kalshi ladder on a terminal: asks above bids, spread between, cumulative bars', async () => {
    const r = await t.pmt(['book', 'show', K.normal], t.env(TTY));
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`kalshi market ${K.normal} (YES book: YES prices; NO at p = YES at 1 − p)`);
    expect(lines[1]).toMatch(/^\s+PRICE\s+SIZE\s+TOTAL\s+DEPTH$/);
    expect(lines.slice(2, 9).map((l) => l.replace(/\s*█[█▏▎▍▌▋▊▉]*$|[▏▎▍▌▋▊▉]$/, ''))).toEqual([
      'ask   0.50   300    650',
      'ask   0.46   200    350',
      'ask   0.45   150    150',
      '  ── spread 0.03 · 689.66 bps · mid 0.435 ──',
      'bid   0.42   100    100',
      'bid   0.41   250    350',
      'bid   0.40   500    850',
    ]);
    // the deepest cumulative level (850) draws the longest bar
    const bars = lines.slice(2, 9).map((l) => (l.match(/[█▏▎▍▌▋▊▉]+$/)?.[0] ?? '').length);
    expect(Math.max(...bars)).toBe(bars[6]);
    expect(lines[9]).toMatch(/^snapshot \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(r.stderr).toBe('');
  });

  it('colours asks red and bids green on a colour terminal', async () => {
    const r = await t.pmt(['book', 'show', K.normal], t.env({ PMT_FORCE_TTY: '80' }));
    expect(r.stdout).toMatch(/\u001b\[31mask/);
    expect(r.stdout).toMatch(/\u001b\[32mbid/);
  });

  it('prints TSV rows when piped: side, price, size, cumulative, every level', async () => {
    const r = await t.pmt(['book', 'show', `kalshi:${K.normal}`], t.env());
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('ask\t0.5\t300\t650\nask\t0.46\t200\t350\nask\t0.45\t150\t150\nbid\t0.42\t100\t100\nbid\t0.41\t250\t350\nbid\t0.4\t500\t850\n');
    const deep = await t.pmt(['book', 'show', P.deep], t.bare());
    expect(deep.stdout.trimEnd().split('\n')).toHaveLength(9998);
  });

  it('--json prints exactly the Orderbook model with every level (without --depth)', async () => {
    const r = await t.pmt(['book', 'show', P.normal, '--json'], t.bare());
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      asset_id: P.normal,
      asks: [{ price: 0.46, size: 150 }, { price: 0.47, size: 250 }, { price: 0.5, size: 300 }],
      bids: [{ price: 0.45, size: 100 }, { price: 0.44, size: 200 }, { price: 0.43, size: 500 }],
      hash: expect.stringMatching(/^[0-9a-f]{40}$/),
      last_update_id: null,
      timestamp: '2026-01-01T00:00:00.123Z',
    });
    const k = JSON.parse((await t.pmt(['book', 'show', K.bidsOnly, '--json'], t.env())).stdout);
    expect(k).toEqual({ asset_id: K.bidsOnly, asks: [], bids: [{ price: 0.3, size: 40 }, { price: 0.29, size: 60 }], hash: null, last_update_id: null, timestamp: expect.any(String) });
  });

  it('--depth limits the ladder and says how many levels are hidden; the default fits the terminal', async () => {
    const r = await t.pmt(['book', 'show', P.deep, '--depth', '2'], t.bare(TTY));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => /^(ask|bid) /.test(l))).toHaveLength(4);
    expect(r.stdout).toContain('… 4,997 more ask levels above');
    expect(r.stdout).toContain('… 4,997 more bid levels below');
    const fit = await t.pmt(['book', 'show', P.deep], t.bare({ ...TTY, LINES: '30' }));
    expect(fit.stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(29); // leaves the prompt line
  });

  it('shows empty and one-sided books plainly', async () => {
    const empty = await t.pmt(['book', 'show', P.empty], t.bare(TTY));
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toContain('no resting orders on either side');
    const asks = await t.pmt(['book', 'show', K.asksOnly], t.env(TTY));
    expect(asks.stdout).toContain('no spread: no bids');
    expect(asks.stdout).toContain('(no bids)');
    const piped = await t.pmt(['book', 'show', P.empty], t.bare());
    expect(piped.stdout).toBe('');
  });

  it('rejects a bad --depth, a non-yes/no Kalshi --outcome and --outcome beside a token id, before any request', async () => {
    t.d.resetLogs();
    const a = await t.pmt(['book', 'show', K.normal, '--depth', '0'], t.env());
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/--depth must be between 1/);
    const b = await t.pmt(['book', 'show', `kalshi:${K.normal}`, '--outcome', 'maybe'], t.env());
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/--outcome must be yes or no on Kalshi/);
    expect(t.d.kalshi.double.requests).toHaveLength(0);
    const c = await t.pmt(['book', 'show', P.normal, '--outcome', 'no'], t.bare());
    expect(c.exitCode).toBe(2);
    expect(c.stderr).toMatch(/--outcome goes with a market id/);
    expect(t.d.polymarket.clobDouble.requests).toHaveLength(0);
  });

  it('an unknown asset is MarketNotFound (exit 5) on both exchanges', async () => {
    expect((await t.pmt(['book', 'show', 'KXNOSUCH-1'], t.env())).exitCode).toBe(5);
    const r = await t.pmt(['book', 'show', '2'.repeat(77), '--json'], t.bare());
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stderr)).toEqual({ kind: 'MarketNotFound', message: expect.stringContaining('2'.repeat(77)) });
    expect(r.stdout).toBe('');
  });
});

describe('Kalshi book authentication', () => {
  it('without credentials: the public book, unsigned (Kalshi documents the orderbook as public); show, stats and impact work', async () => {
    t.d.resetLogs();
    const r = await t.pmt(['book', 'show', K.normal, '--json'], t.bare());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).bids[0]).toEqual({ price: 0.42, size: 100 });
    const sent = t.d.kalshi.double.requests.filter((q) => q.path.endsWith('/orderbook'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['kalshi-access-key']).toBeUndefined();
    expect(sent[0]!.headers['kalshi-access-signature']).toBeUndefined();
    const j = await t.pmt(['book', 'stats', K.normal, '--json'], t.bare());
    expect(j.exitCode).toBe(0);
    expect(JSON.parse(j.stdout).mid).toBe(0.435);
    const i = await t.pmt(['book', 'impact', K.normal, '--size', '10', '--json'], t.bare());
    expect(i.exitCode).toBe(0);
    expect(JSON.parse(i.stdout).buy_avg_price).toBe(0.45);
  });

  it('with credentials the book read is signed', async () => {
    t.d.resetLogs();
    const r = await t.pmt(['book', 'show', K.normal, '--json'], t.env());
    expect(r.exitCode, r.stderr).toBe(0);
    const sent = t.d.kalshi.double.requests.filter((q) => q.path.endsWith('/orderbook'));
    expect(sent[0]!.headers['kalshi-access-key']).toBe(t.key.keyId);
    expect(sent[0]!.headers['kalshi-access-signature']).toEqual(expect.any(String));
  });

  it('a key Kalshi does not know: refused by the exchange, exit 3, counted by the double', async () => {
    const stranger = makeKalshiKey('00000000-0000-4000-8000-0000000000ff');
    const env = t.env({ KALSHI_API_KEY_ID: stranger.keyId, KALSHI_PRIVATE_KEY: stranger.privatePem, KALSHI_PRIVATE_KEY_PATH: '' });
    const before = t.d.kalshi.auth.refusals;
    const r = await t.pmt(['book', 'show', K.normal], env);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/Kalshi refused the RSA key.*invalid API key/);
    expect(t.d.kalshi.auth.refusals).toBe(before + 1);
  });

  it('a signature made with the wrong private key: refused, exit 3', async () => {
    const wrong = makeKalshiKey(t.key.keyId);
    const before = t.d.kalshi.auth.refusals;
    const r = await t.pmt(['book', 'impact', K.normal, '--size', '10'], t.env({ KALSHI_PRIVATE_KEY: wrong.privatePem, KALSHI_PRIVATE_KEY_PATH: '' }));
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/invalid signature/);
    expect(t.d.kalshi.auth.refusals).toBe(before + 1);
  });

  it('a clock far off: refused as expired, with a hint about the clock', async () => {
    t.d.kalshi.auth.clockOffsetMs = 120_000;
    try {
      const r = await t.pmt(['book', 'show', K.normal], t.env());
      expect(r.exitCode).toBe(3);
      expect(r.stderr).toMatch(/clock/);
    } finally {
      t.d.kalshi.auth.clockOffsetMs = 0;
    }
  });

  it('credentials from the active profile work the same as the environment', async () => {
    const env = t.bare();
    await new ProfileStore(env).put('me', { kalshi: { api_key_id: t.key.keyId, private_key_path: t.keyPath } });
    const r = await t.pmt(['book', 'stats', K.normal, '--json'], env);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).mid).toBe(0.435);
  });
});

describe('Polymarket market ids', () => {
  // openpx's fixture market in the Gamma double: outcomes Yes (…0001) and No (…0002).
  const SLUG = 'polymarket-test-slug-2025q4';
  const YES = '123456789012345678901234567890123456789012345678901234567890001';
  const NO = '123456789012345678901234567890123456789012345678901234567890002';

  it('polymarket:<slug> shows the first outcome token, --outcome picks another (case-insensitive)', async () => {
    const first = JSON.parse((await t.pmt(['book', 'show', `polymarket:${SLUG}`, '--json'], t.bare())).stdout);
    expect(first.asset_id).toBe(YES);
    const no = await t.pmt(['book', 'stats', `polymarket:${SLUG}`, '--outcome', 'no', '--json'], t.bare());
    expect(no.exitCode).toBe(0);
    const s = JSON.parse(no.stdout);
    expect(s.asset_id).toBe(NO);
    // the NO token's own book sits around its own price (0.35), not the YES price
    expect(s.mid).toBeGreaterThan(0.3);
    expect(s.mid).toBeLessThan(0.4);
    const imp = await t.pmt(['book', 'impact', `polymarket:${SLUG}`, '--outcome', 'YES', '--size', '5', '--json'], t.bare());
    expect(JSON.parse(imp.stdout).asset_id).toBe(YES);
  });

  it('an unknown outcome is a usage error naming the valid ones; an unknown slug is MarketNotFound', async () => {
    const r = await t.pmt(['book', 'show', `polymarket:${SLUG}`, '--outcome', 'maybe'], t.bare());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/valid: Yes, No/);
    const gone = await t.pmt(['book', 'show', 'polymarket:no-such-market-anywhere'], t.bare());
    expect(gone.exitCode).toBe(5);
  });
});
