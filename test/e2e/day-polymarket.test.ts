/**
 * A trader's day on Polymarket, end to end, in process, against the doubles (L2-signed
 * CLOB requests, EIP-712 orders, the Data API): place → see → cancel (amend is NotSupported,
 * exit 10, naming the way by hand) → fill → fill listed → position with P&L → balance moved →
 * the tape → a chart; and `exchanges --check` naming the wallet setting that finds the funds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { derivedWallet } from '../upstream/polymarket/account-routes.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { record, transcriptTitle } from './transcript.js';

let d: Doubles;
let m: CatalogPick;
let env: Record<string, string>;
const alice = addressOf(KEYS.alice);
// A wide terminal, so the tables keep their columns (test/render/views/fit.test.ts covers narrow ones).
const TTY = { PMT_FORCE_TTY: '200', NO_COLOR: '1', LINES: '24', TZ: 'UTC' };
const pmt = async (args: string[], extra: Record<string, string> = {}, note = '') => record(args, await runInProcess(args, { env: { ...env, ...extra } }), note);

beforeAll(async () => {
  d = await startDoubles();
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  d.polymarket.trading.fund(alice, 250);
  d.polymarket.trading.seed(m.yes, 'SELL', 0.55, 8);
  d.polymarket.trading.seed(m.yes, 'SELL', 0.57, 40);
  d.polymarket.trading.seed(m.yes, 'BUY', 0.52, 30);
  // What `/book` (and so the order preview) shows: the same liquidity as the engine's.
  d.polymarket.books.setBook(m.yes, { asks: [[0.55, 8], [0.57, 40]], bids: [[0.52, 30]] });
  const now = Math.floor(Date.now() / 1000);
  let p = 0.5;
  d.polymarket.account.seedHistory(m.yes, Array.from({ length: 7 * 24 * 4 }, (_, i) => {
    p = Math.min(0.9, Math.max(0.1, p + Math.sin(i / 30) * 0.004 + ((i * 104729) % 11 - 5) * 0.0015));
    return { t: now - (7 * 24 * 4 - i) * 900, p: Math.round(p * 1000) / 1000 };
  }));
  d.polymarket.data.seedTrades(m.yes, [{ price: 0.53, size: 12, ts: now - 600 }, { price: 0.54, size: 3, ts: now - 300, side: 'SELL' }]);
  env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), POLYMARKET_PRIVATE_KEY: KEYS.alice };
  transcriptTitle('## Polymarket', `Against the loopback doubles (CLOB with L1/L2 auth and EIP-712 orders, Data API). Market ${m.slug}: house asks 8 @ 0.55 and 40 @ 0.57, bid 30 @ 0.52 on the Yes token; signer ${alice} funded with $250.`);
});
afterAll(() => d?.close());

describe("a trader's day on polymarket", () => {
  let id = '';

  it('place a resting order, see it, amend is NotSupported (exit 10), cancel just it', async () => {
    const r = await pmt(['order', 'create', '--asset', `polymarket:${m.slug}`, '--side', 'buy', '--price', '0.40', '--size', '10', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    id = JSON.parse(r.stdout).id;
    expect((await pmt(['order', 'list', '--exchange', 'polymarket'], TTY)).stdout).toContain(id);
    const a = await pmt(['order', 'amend', id, '--price', '0.42', '--yes']);
    expect(a.exitCode).toBe(10);
    expect(a.stderr).toMatch(/cancel it and place a new one: `pmt order cancel 0x/);
    const c = await pmt(['order', 'cancel', id, '--yes', '--json']);
    expect(c.exitCode, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout)).toMatchObject({ id, status: 'cancelled' });
    expect(d.polymarket.trading.engine.orders.get(id)?.status).toBe('CANCELED');
  });

  it('a marketable buy fills; the fill, the position with P&L, the balance', async () => {
    const r = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.57', '--size', '20', '--yes', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'filled', filled: 20 });
    const fills = JSON.parse((await pmt(['fills', '--json'])).stdout);
    expect(fills.fills.map((f: { price: number; size: number; market_ticker: string }) => [f.market_ticker, f.price, f.size])).toEqual([
      [m.slug, 0.57, 12],
      [m.slug, 0.55, 8],
    ]);
    await pmt(['fills'], TTY);
    const pos = await pmt(['positions'], TTY);
    // 20 @ (8×0.55 + 12×0.57)/20 = 0.562, marked at the 0.52 bid: cost $11.24, value $10.40, −$0.84, −7.47%.
    expect(pos.stdout).toMatch(/polymarket\s+Yes\s+20\s+0.562\s+0.52\s+\$11.24\s+\$10.40\s+-\$0.84\s+-7.47%/);
    expect(JSON.parse((await pmt(['positions', '--json'])).stdout)).toEqual([{ market_ticker: m.slug, outcome: 'Yes', size: 20, average_price: 0.562, current_price: 0.52 }]);
    expect(JSON.parse((await pmt(['balance', '--json'])).stdout)).toEqual({ polymarket: { USDC: 238.76 } });
    expect((await pmt(['balance'], TTY)).stdout).toMatch(/polymarket\s+USDC\s+\$238.76\s+portfolio value \$10.40 · allowance unlimited · wallet 0x/);
  });

  it('GTD: --expires inside the 3-minute lead is refused before sending, naming the earliest; a later one rests as GTD', async () => {
    const soon = String(Math.floor(Date.now() / 1000) + 60);
    const r = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '10', '--expires', soon, '--yes']);
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/--expires .* is too soon: Polymarket needs an expiry at least 3 minutes ahead; the earliest allowed now is 20\d\d-.*Z \(\d+\)/)]);
    const later = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const d = await pmt(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '10', '--expires', later, '--dry-run', '--json']);
    expect(d.exitCode, d.stderr).toBe(0);
    const body = JSON.parse(d.stdout).upstream.body;
    expect([body.orderType, body.order.expiration]).toEqual(['GTD', String(Date.parse(later) / 1000)]);
  });

  it('positions by status: open is the default, the others are asked of the Data API; Kalshi lists open only', async () => {
    expect(JSON.parse((await pmt(['positions', '--status', 'open', '--json'])).stdout)).toHaveLength(1);
    expect(JSON.parse((await pmt(['positions', '--status', 'closed', '--json'])).stdout)).toEqual([]);
    const bad = await pmt(['positions', '--status', 'lost']);
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringMatching(/status must be one of open, redeemable, mergeable, closed \(got "lost"\)/)]);
    const k = await pmt(['positions', '--status', 'redeemable', '--exchange', 'kalshi']);
    expect([k.exitCode, k.stderr]).toEqual([2, expect.stringMatching(/Kalshi positions can only be listed as open \(got status redeemable\)/)]);
  });

  it('the tape and the chart', async () => {
    const t = await pmt(['trades', `polymarket:${m.slug}`, '--limit', '4'], TTY);
    expect(t.exitCode, t.stderr).toBe(0);
    expect(t.stdout.split('\n')[1]).toMatch(/0.57\s+12\s+buy\s+Yes/);
    const tsv = (await pmt(['trades', m.yes, '--limit', '2'])).stdout.trim().split('\n');
    expect(tsv[0]!.split('\t')[0]).toMatch(/^0x[0-9a-f]{64}$/);
    const chart = await pmt(['markets', 'history', `polymarket:${m.slug}`, '--interval', '1h', '--since', '7d'], { ...TTY, LINES: '20' });
    expect(chart.exitCode, chart.stderr).toBe(0);
    expect(chart.stdout).toContain('◀ 0.57 last');
    const piped = (await pmt(['markets', 'history', m.yes, '--interval', '1d', '--since', '3d'])).stdout.trim().split('\n');
    expect(piped.length).toBeGreaterThanOrEqual(3);
    expect(piped[0]!.split('\t')).toHaveLength(6);
  });

  it('exchanges --check names the wallet setting that finds the funds', async () => {
    const bob = addressOf(KEYS.bob);
    const safe = derivedWallet(bob, 2);
    d.polymarket.trading.fund(safe, 75);
    const r = await pmt(['exchanges', '--check', '--exchange', 'polymarket'], { ...TTY, POLYMARKET_PRIVATE_KEY: KEYS.bob, PMT_FORCE_TTY: '200' });
    expect(r.stdout + r.stderr).toMatch(new RegExp(`USDC is held by the Safe ${safe}; set POLYMARKET_SIGNATURE_TYPE=gnosis-safe and POLYMARKET_FUNDER=${safe}`, 'i'));
  });
});
