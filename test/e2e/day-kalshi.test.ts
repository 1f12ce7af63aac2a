/**
 * A trader's day on Kalshi, end to end, in process, against the doubles (every portfolio
 * request signed and verified): place → see → amend → cancel → fill → fill listed → position with
 * P&L → balance moved → the tape → a chart. Also each command's formats (table, piped TSV,
 * --json) and exit codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { kalshiWireMarket } from '../upstream/kalshi/market-fixtures.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { CandleSchema } from '../../src/models/portfolio.js';
import { expectModel, fieldsOf } from '../helpers/models.js';
import { record, transcriptTitle } from './transcript.js';

const T = 'KXDAY-26DEC31-A';
let d: Doubles;
let env: Record<string, string>;
let keyId: string;
// A wide terminal, so the tables keep their columns (test/render/views/fit.test.ts covers narrow ones).
const TTY = { PMT_FORCE_TTY: '200', NO_COLOR: '1', LINES: '24', TZ: 'UTC' };

const pmt = async (args: string[], extra: Record<string, string> = {}, note = '') => record(args, await runInProcess(args, { env: { ...env, ...extra } }), note);

beforeAll(async () => {
  d = await startDoubles();
  const key = makeKalshiKey();
  keyId = key.keyId;
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.setBalance(key.keyId, 500);
  // A listed market (bid 0.50 / ask 0.52 / last 0.51) in series KXDAY, with resting liquidity
  // the double's engine trades against, and a week of hourly trades for the tape and the chart.
  const wire = kalshiWireMarket({ ticker: T, title: 'Will the day go well?' });
  d.kalshi.orders.addMarket(wire);
  d.kalshi.markets.put(wire);
  d.kalshi.markets.addEvent('KXDAY-26DEC31', 'KXDAY');
  d.kalshi.orders.seedBook(T, { asks: [['0.45', '6'], ['0.46', '20']], bids: [['0.44', '50']] });
  // The book `book show` and the order preview read: the same liquidity (NO bids 0.55/0.54 are YES asks 0.45/0.46).
  d.kalshi.books.setBook(T, { yes: [[0.44, 50]], no: [[0.55, 6], [0.54, 20]] });
  const now = Date.now();
  let p = 0.3;
  const trades = Array.from({ length: 7 * 24 }, (_, i) => {
    p = Math.min(0.8, Math.max(0.2, Math.round((p + Math.sin(i / 9) * 0.012 + ((i * 7919) % 13 - 6) * 0.002) * 100) / 100));
    return { price: p.toFixed(2), count: String(1 + (i % 5)), ms: now - (7 * 24 - i) * 3_600_000 + 60_000, taker: (i % 3 ? 'yes' : 'no') as 'yes' | 'no' };
  });
  d.kalshi.orders.portfolio.ledger.seedTrades(T, trades);
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
  transcriptTitle('## Kalshi', `Against the loopback doubles (every portfolio request RSA-PSS signed and checked). Market ${T}: bid 0.50, ask 0.52 listed; the double's engine holds asks 6 @ 0.45 and 20 @ 0.46.`);
});
afterAll(() => d?.close());

describe('a trader\'s day on kalshi', () => {
  let id = '';

  it('place a resting order and see it', async () => {
    const r = await pmt(['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.40', '--size', '10', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    id = JSON.parse(r.stdout).id;
    const l = await pmt(['order', 'list', '--exchange', 'kalshi'], TTY);
    expect(l.stdout).toContain(id);
  });

  it('amend it: new price and size, the Order back', async () => {
    const r = await pmt(['order', 'amend', id, '--price', '0.42', '--size', '12', '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, price: 0.42, size: 12, status: 'open' });
    expect(d.kalshi.double.requests.filter((q) => q.path === `/portfolio/events/orders/${id}/amend`)).toHaveLength(1);
  });

  it('cancel just it (not on a terminal --yes is required: exit 2, nothing sent)', async () => {
    const refused = await pmt(['order', 'cancel', id]);
    expect(refused.exitCode).toBe(2);
    expect(d.kalshi.double.requests.some((q) => q.method === 'DELETE')).toBe(false);
    const r = await pmt(['order', 'cancel', id, '--yes'], TTY);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/cancelled/);
    expect(d.kalshi.orders.portfolio.findOrder(keyId, id)?.status).toBe('canceled');
  });

  it('a marketable buy fills; the fill is listed (table, TSV, JSON)', async () => {
    const r = await pmt(['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.46', '--size', '10', '--yes', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'filled', filled: 10 });
    const table = await pmt(['fills'], TTY);
    expect(table.stdout).toMatch(/TIME\s+EXCHANGE\s+MARKET/);
    expect(table.stdout).toContain('0.46');
    const tsv = await pmt(['fills']);
    const rows = tsv.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((x) => [x[1], x[3], x[5], x[6], x[7]])).toEqual([
      ['kalshi', T, 'buy', '0.46', '4'],
      ['kalshi', T, 'buy', '0.45', '6'],
    ]);
    const json = JSON.parse((await pmt(['fills', '--json', '--limit', '1'])).stdout);
    expect(json.fills).toHaveLength(1);
    expect(json.cursor).toBeTruthy();
    const next = JSON.parse((await pmt(['fills', '--json', '--limit', '1', '--cursor', json.cursor])).stdout);
    expect(next.fills[0].price).toBe(0.45);
    const nd = (await pmt(['fills', '--all', '--ndjson', '--limit', '1'])).stdout.trim().split('\n');
    expect(nd.map((l) => JSON.parse(l).size)).toEqual([4, 6]);
  });

  it('the position with its P&L', async () => {
    const r = await pmt(['positions'], TTY);
    expect(r.exitCode, r.stderr).toBe(0);
    // 10 @ (6×0.45 + 4×0.46)/10 = 0.454, marked at the 0.50 bid: cost $4.54, value $5.00, +$0.46, +10.13%.
    expect(r.stdout).toMatch(new RegExp(`${T}\\s+kalshi\\s+Yes\\s+10\\s+0.454\\s+0.50\\s+\\$4.54\\s+\\$5.00\\s+\\+\\$0.46\\s+\\+10.13%`));
    const json = JSON.parse((await pmt(['positions', '--json', '--market', `kalshi:${T}`])).stdout);
    expect(json).toEqual([{ market_ticker: T, outcome: 'Yes', size: 10, average_price: 0.454, current_price: 0.5 }]);
    expect((await pmt(['positions'])).stdout.split('\t')[0]).toBe(T);
  });

  it('the balance moved: 500 − 4.54 − fee 0.18', async () => {
    expect(JSON.parse((await pmt(['balance', '--json'])).stdout)).toEqual({ kalshi: { USD: 495.28 } });
    const r = await pmt(['balance'], TTY);
    expect(r.stdout).toMatch(/kalshi\s+USD\s+\$495.28\s+portfolio value/);
  });

  it('the tape and the chart', async () => {
    const r = await pmt(['trades', T, '--limit', '5'], TTY);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(/0.46\s+4\s+buy\s+Yes/);
    const page = JSON.parse((await pmt(['trades', `kalshi:${T}`, '--limit', '2', '--json'])).stdout);
    expect(page.trades.map((t: { price: number }) => t.price)).toEqual([0.46, 0.45]);
    const chart = await pmt(['markets', 'history', T, '--interval', '1h', '--since', '7d'], { ...TTY, PMT_FORCE_TTY: '100', LINES: '20' });
    expect(chart.exitCode, chart.stderr).toBe(0);
    expect(chart.stdout).toContain('◀ 0.46 last');
    const lines = chart.stdout.trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    const candles = JSON.parse((await pmt(['markets', 'history', T, '--interval', '1d', '--json'])).stdout);
    expect(candles.at(-1)).toMatchObject({ close: 0.46 });
    expect(Object.keys(candles[0])).toEqual(fieldsOf(CandleSchema));
    for (const c of candles) expectModel(CandleSchema, c);
  });

  it('the preview checks the balance before anything is signed: ✗ with the shortfall, --yes still sends', async () => {
    const r = await pmt(['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.46', '--size', '2000', '--dry-run'], TTY);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✗ funds/);
    // 2000 × 0.46 = $920 against $495.28 (the series publishes no fee schedule here: fee left out).
    expect(r.stdout).toContain('✗ short by $424.72: cost needs $920.00 (fee unknown, not included), $495.28 available; --yes still sends the order (the exchange decides)');
    const j = JSON.parse((await pmt(['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.46', '--size', '2000', '--dry-run', '--json'])).stdout);
    expect(j.preview.checks.find((c: { name: string }) => c.name === 'funds')).toMatchObject({ ok: false });
    const sent = await pmt(['order', 'create', '--asset', T, '--side', 'buy', '--price', '0.46', '--size', '2000', '--yes']);
    expect(sent.exitCode).toBe(4); // the exchange decides: insufficient funds
    expect(sent.stderr).toContain('✗ short by');
  });

  it('exit codes: unknown order 6, bad interval 2, unknown market 5, no credentials 9', async () => {
    expect((await pmt(['order', 'cancel', '00000000-0000-4000-8000-000000000000', '--yes'])).exitCode).toBe(6);
    expect((await pmt(['markets', 'history', T, '--interval', '5m'])).exitCode).toBe(2);
    expect((await pmt(['trades', 'kalshi:KXNONE-1', '--json'])).exitCode).toBe(0); // an empty tape is not an error
    expect((await pmt(['markets', 'history', 'kalshi:KXNONE-1', '--json'])).exitCode).toBe(5);
    expect((await runInProcess(['balance', '--json'], { env: { ...d.env, PMT_CONFIG_DIR: tempConfigDir() } })).exitCode).toBe(9);
  });
});
