/**
 * `pmt book watch` through the built binary against the stream doubles: NDJSON BookUpdates
 * piped (`--count`, `--duration`), deltas driven while it runs, Kalshi NO on its own scale, a gap
 * in the middle of a script's stream, `--json` refused, bad input refused before connecting, and
 * failures as error objects with their exit codes. Build first (`npm run build`).
 */
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, PMT_BIN } from '../helpers/cli.js';
import { KALSHI_BOOK_TICKERS as K } from '../upstream/kalshi/book-routes.js';
import { POLY_BOOK_TOKENS as P } from '../upstream/polymarket/book-routes.js';
import { bookEnv, type BookEnv } from './book-fixture.js';

let t: BookEnv;
beforeAll(async () => {
  t = await bookEnv();
});
afterAll(() => t.d.close());

const lines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

/** Start a watch, call `drive` once the first line is out, collect until it exits. */
async function watching(args: string[], env: Record<string, string>, drive: () => void) {
  const p = execa(PMT_BIN, ['book', 'watch', ...args], { env: cleanEnv(env), extendEnv: false, reject: false, timeout: 20_000 });
  let driven = false;
  p.stdout!.on('data', () => {
    if (!driven) {
      driven = true;
      drive();
    }
  });
  const r = await p;
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

describe('pmt book watch (NDJSON)', () => {
  it('piped: one BookUpdate per line, snapshot then the deltas driven meanwhile; --count ends it with 0', async () => {
    const r = await watching([K.normal, '--count', '3'], t.env(), () => {
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, 10);
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, -10);
    });
    expect(r.exitCode).toBe(0);
    const ev = lines(r.stdout);
    expect(ev.map((e) => e.kind)).toEqual(['snapshot', 'delta', 'delta']);
    expect(ev.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(ev[1]).toMatchObject({ asset_id: K.normal, changes: [{ side: 'bid', price: 0.43, size: 10 }] });
    expect(ev[2]).toMatchObject({ changes: [{ side: 'bid', price: 0.43, size: 0 }] });
    expect(typeof ev[0]!.local_ts_ms).toBe('number');
    expect(r.stderr).toBe('');
  });

  it('--outcome no streams the Kalshi NO book (bids = NO bids, asks = 1 − YES bids)', async () => {
    const r = await t.pmt(['book', 'watch', K.normal, '--outcome', 'no', '--ndjson', '--count', '1'], t.env());
    expect(r.exitCode).toBe(0);
    const [snap] = lines(r.stdout);
    expect((snap!.book as { bids: unknown[] }).bids[0]).toEqual({ price: 0.55, size: 150 });
    expect((snap!.book as { asks: unknown[] }).asks[0]).toEqual({ price: 0.58, size: 100 });
  });

  it('a sequence gap reaches the script as clear (sequence_gap) and a fresh snapshot', async () => {
    const r = await watching([K.normal, '--ndjson', '--count', '3'], t.env(), () => {
      t.d.kalshi.stream.faults.skipSeq = 1;
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.3, 5);
    });
    t.d.kalshi.stream.delta(K.normal, 'yes', 0.3, -5);
    expect(r.exitCode).toBe(0);
    const ev = lines(r.stdout);
    expect(ev.map((e) => e.kind)).toEqual(['snapshot', 'clear', 'snapshot']);
    expect(ev[1]).toMatchObject({ reason: 'sequence_gap', seq: 2 });
  });

  it('Polymarket: book snapshot with hash, and --duration ends a quiet stream with 0', async () => {
    const r = await t.pmt(['book', 'watch', P.normal, '--duration', '0.5'], t.bare());
    expect(r.exitCode).toBe(0);
    const ev = lines(r.stdout);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ kind: 'snapshot', asset_id: P.normal, seq: 1 });
    expect((ev[0]!.book as { hash: string }).hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it('--json is refused (exit 2) with a hint to use --ndjson', async () => {
    const upgrades = t.d.kalshi.stream.stats.upgrades;
    const r = await t.pmt(['book', 'watch', K.normal, '--json'], t.env());
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ kind: 'Api', message: expect.stringMatching(/--json .*use --ndjson/) });
    expect(t.d.kalshi.stream.stats.upgrades).toBe(upgrades);
  });

  it('refuses bad limits before connecting', async () => {
    const before = t.d.kalshi.stream.stats.upgrades;
    for (const args of [['--count', '0'], ['--duration', '-1'], ['--duration', 'soon'], ['--depth', '0']]) {
      const r = await t.pmt(['book', 'watch', K.normal, ...args], t.env());
      expect(r.exitCode, args.join(' ')).toBe(2);
    }
    expect(t.d.kalshi.stream.stats.upgrades).toBe(before);
  });

  it('no Kalshi key: the public book (Kalshi documents it as public), polled: a snapshot, then the changes, exit 0', async () => {
    const r = await watching([K.normal, '--ndjson', '--count', '2'], { ...t.bare(), PMT_KALSHI_BOOK_POLL_MS: '50' }, () => {
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.31, 4);
    });
    t.d.kalshi.stream.delta(K.normal, 'yes', 0.31, -4);
    expect(r.exitCode, r.stderr).toBe(0);
    const ev = lines(r.stdout);
    expect(ev.map((e) => e.kind)).toEqual(['snapshot', 'delta']);
    expect(ev[1]).toMatchObject({ seq: 2, changes: [{ side: 'bid', price: 0.31, size: 4 }] });
  });

  it('the exchange away: NDJSON gets a status (reconnecting, retry_in_ms) at every retry, not silence (issue 21 item 9)', async () => {
    // Nothing listens on port 9: every connection attempt fails.
    const r = await t.pmt(['book', 'watch', P.normal, '--ndjson', '--count', '3'], { ...t.bare(), PMT_POLYMARKET_WS_URL: 'ws://127.0.0.1:9/ws' });
    expect(r.exitCode, r.stderr).toBe(0);
    const ev = lines(r.stdout);
    expect(ev).toHaveLength(3);
    for (const e of ev) {
      expect(e).toEqual({ kind: 'status', asset_id: P.normal, local_ts_ms: expect.any(Number), state: 'reconnecting', retry_in_ms: expect.any(Number) });
      expect(e.retry_in_ms as number).toBeGreaterThan(0);
    }
    // The backoff grows from one retry to the next (each is at least the previous cap's half).
    expect(ev[2]!.retry_in_ms as number).toBeGreaterThanOrEqual(250);
  });

  it('a dropped connection: clear, status reconnecting, the new snapshot, status live', async () => {
    const r = await watching([P.normal, '--ndjson', '--count', '5'], t.bare(), () => t.d.polymarket.stream.dropConnections());
    expect(r.exitCode, r.stderr).toBe(0);
    const ev = lines(r.stdout);
    expect(ev.map((e) => (e.kind === 'status' ? `status:${e.state as string}` : e.kind))).toEqual(['snapshot', 'clear', 'status:reconnecting', 'snapshot', 'status:live']);
  });

  it('--depth N keeps the snapshot and every update within the N best levels per side (issue 21 item 12)', async () => {
    const r = await watching([K.normal, '--ndjson', '--depth', '1', '--count', '3'], t.env(), () => {
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.3, 5); // beyond the best level: nothing to send
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, 10); // a new best bid
      t.d.kalshi.stream.delta(K.normal, 'yes', 0.43, -10); // gone again: 0.42 is back
    });
    t.d.kalshi.stream.delta(K.normal, 'yes', 0.3, -5);
    expect(r.exitCode, r.stderr).toBe(0);
    const ev = lines(r.stdout);
    expect(ev.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(ev[0]!.book).toMatchObject({ bids: [{ price: 0.42, size: 100 }], asks: [{ price: 0.45, size: 150 }] });
    expect(ev[1]!.changes).toEqual([{ side: 'bid', price: 0.42, size: 0 }, { side: 'bid', price: 0.43, size: 10 }]);
    expect(ev[2]!.changes).toEqual([{ side: 'bid', price: 0.43, size: 0 }, { side: 'bid', price: 0.42, size: 100 }]);
  });

  it('a signed Kalshi stream over plain ws:// to a host that is not loopback: refused before connecting, exit 9, naming wss', async () => {
    const r = await t.pmt(['book', 'watch', K.normal, '--ndjson'], t.env({ PMT_KALSHI_WS_URL: 'ws://kalshi.example.invalid/trade-api/ws/v2' }));
    expect(r.exitCode).toBe(9);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ kind: 'Config', message: expect.stringMatching(/not wss/) });
  });

  it('an unknown Kalshi market: MarketNotFound (exit 5)', async () => {
    const r = await t.pmt(['book', 'watch', 'KXNOPE-26', '--ndjson'], t.env());
    expect(JSON.parse(r.stderr)).toMatchObject({ kind: 'MarketNotFound' });
    expect(r.exitCode).toBe(5);
  });

  it('the screen (forced terminal) quits on q from a piped stdin, exit 0, with the cursor restored', async () => {
    const p = execa(PMT_BIN, ['book', 'watch', K.normal], { env: cleanEnv(t.env({ PMT_FORCE_TTY: '100', NO_COLOR: '1' })), extendEnv: false, reject: false, timeout: 20_000, stdin: 'pipe' });
    let out = '';
    await new Promise<void>((resolve) => p.stdout!.on('data', (d) => ((out += d), /● live/.test(out) && resolve())));
    p.stdin!.write('q');
    const r = await p;
    expect(r.exitCode).toBe(0);
    expect(String(r.stdout).endsWith('\u001b[?25h\u001b[?1049l')).toBe(true);
  });
});
