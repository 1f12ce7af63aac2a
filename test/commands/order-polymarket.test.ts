/**
 * The order commands end to end in process against the Polymarket CLOB double (L1/L2
 * auth, EIP-712 signed orders), and with both exchanges configured at once: list and cancel-all
 * span both, one exchange failing fails the list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';

const K = 'KXBOTH-26DEC31-A';
let d: Doubles;
let m: CatalogPick;
let poly: Record<string, string>;
let both: Record<string, string>;

const posts = () => d.polymarket.clobDouble.count(/^\/order$/, 'POST');
const clobWrites = () => d.polymarket.clobDouble.requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/auth/')).length;

beforeAll(async () => {
  d = await startDoubles();
  m = catalogMarket(d, { tick: '0.01', negRisk: false });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 1000);
  poly = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), POLYMARKET_PRIVATE_KEY: KEYS.alice };
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: K });
  d.kalshi.books.setBook(K, { yes: [[0.42, 100]], no: [[0.55, 150]] });
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  both = { ...poly, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
});
afterAll(() => d?.close());
beforeEach(async () => {
  await runInProcess(['order', 'cancel-all', '--yes'], { env: both });
  d.polymarket.trading.clearHouse();
  d.resetLogs();
});

describe('order create on polymarket', () => {
  it('a unified market id with --outcome no trades the No token: one signed POST, the Order model back', async () => {
    const r = await runInProcess(['order', 'create', '--asset', `polymarket:${m.slug}`, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '10', '--yes', '--json'], { env: poly });
    expect(r.exitCode, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o).toMatchObject({ outcome: 'No', side: 'buy', price: 0.3, size: 10, status: 'open' });
    expect(o.id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(posts()).toBe(1);
    const body = JSON.parse(d.polymarket.clobDouble.requests.find((q) => q.method === 'POST' && q.path === '/order')!.body);
    // The NO token is traded at 0.30 itself: price unchanged (3 pUSD for 10 contracts).
    expect(body.order).toMatchObject({ tokenId: m.no, side: 'BUY', makerAmount: '3000000', takerAmount: '10000000' });
    // --yes --json: stderr holds nothing (no preview); the preview shows without --json.
    expect(r.stderr).toBe('');
    const dry = await runInProcess(['order', 'create', '--asset', `polymarket:${m.slug}`, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '10', '--dry-run'], { env: poly });
    expect(dry.stdout).toContain('BUY 10 No at 0.30 (= Yes at 0.70)');
    expect(r.stdout + r.stderr).not.toContain(KEYS.alice.slice(2, 30));
  });

  it('naming the other outcome of a token id is exit 2 naming the token to use; nothing is signed or sent', async () => {
    const r = await runInProcess(['order', 'create', '--asset', m.yes, '--outcome', 'no', '--side', 'buy', '--price', '0.30', '--size', '10', '--yes'], { env: poly });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`use its token: --asset ${m.no}`);
    expect(clobWrites()).toBe(0);
  });

  it('--dry-run --json: the exact body with no signature or API key in it, and nothing sent', async () => {
    const r = await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'sell', '--price', '0.55', '--size', '5', '--dry-run', '--json'], { env: poly });
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.request).toEqual({ asset_id: m.yes, outcome: 'yes', side: 'sell', price: 0.55, size: 5, order_type: 'gtc' });
    expect(doc.upstream.body.order).toMatchObject({ tokenId: m.yes, side: 'SELL', signature: '(signed with your private key when sent)' });
    expect(doc.preview.proceeds).toBe(2.75);
    expect(clobWrites()).toBe(0);
    expect(r.stdout).not.toContain(KEYS.alice.slice(2, 30));
  });

  it('--dry-run --json on a fee-free market: the fee estimate is $0.00 and says so', async () => {
    const f = catalogMarket(d, { tick: '0.01', negRisk: false, nth: 1 });
    d.polymarket.books.setBook(f.yes, { market: f.conditionId, bids: [[0.45, 100]], asks: [[0.5, 20], [0.55, 100]] });
    const r = await runInProcess(['order', 'create', '--asset', f.yes, '--side', 'buy', '--price', '0.50', '--size', '20', '--dry-run', '--json'], { env: poly });
    expect(r.exitCode, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout).preview;
    expect(p.fee_estimate).toMatchObject({ taker: 0, maker: 0, total: 0, taker_size: 20, maker_size: 0, reason: null });
    expect(p.fee_estimate.basis).toContain('0 bps base fee');
    expect(p.cost_with_fees).toBe(10);
  });

  it('--dry-run --json on a fee-charging market: C × rate × p × (1 − p) on the taker part', async () => {
    const f = catalogMarket(d, { tick: '0.01', negRisk: false, nth: 1 });
    d.polymarket.books.setBook(f.yes, { market: f.conditionId, bids: [[0.45, 100]], asks: [[0.5, 20], [0.55, 100]] });
    d.polymarket.trading.setFees(f.conditionId, { baseFee: 1000, fd: { r: 0.04, e: 1, to: true } });
    try {
      // 20 take the 0.50 asks: 20 × 0.04 × 0.5 × 0.5 = 0.2; the 10 resting at 0.50 pay no maker fee.
      const r = await runInProcess(['order', 'create', '--asset', f.yes, '--side', 'buy', '--price', '0.50', '--size', '30', '--dry-run', '--json'], { env: poly });
      expect(r.exitCode, r.stderr).toBe(0);
      const p = JSON.parse(r.stdout).preview;
      expect(p.fee_estimate).toMatchObject({ taker: 0.2, maker: 0, total: 0.2, taker_size: 20, maker_size: 10, reason: null });
      expect(p.fee_estimate.schedule).toEqual({ base_fee_bps: 1000, fee_rate: 0.04, exponent: 1, taker_only: true });
      expect(p.cost_with_fees).toBe(15.2);
      // Without the fee curve, the base fee alone does not give the amount: shown, not guessed.
      d.polymarket.trading.setFees(f.conditionId, { baseFee: 1000 });
      const u = JSON.parse((await runInProcess(['order', 'create', '--asset', f.yes, '--side', 'buy', '--price', '0.50', '--size', '30', '--dry-run', '--json'], { env: poly })).stdout).preview;
      expect(u.fee_estimate).toMatchObject({ taker: null, total: null, schedule: { base_fee_bps: 1000, fee_rate: null } });
      expect(u.fee_estimate.reason).toContain('1000 bps base fee');
    } finally {
      d.polymarket.trading.setFees(f.conditionId, { baseFee: 0 });
    }
  });

  it('a size under the market minimum is refused before anything is signed', async () => {
    const r = await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.30', '--size', '4.99', '--yes'], { env: poly });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`below this market's minimum order size of ${m.minSize}`);
    expect(clobWrites()).toBe(0);
  });
});

describe('both exchanges configured', () => {
  it('list spans both; cancel-all lists both, cancels both, reports each', async () => {
    const p = JSON.parse((await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.10', '--size', '5', '--yes', '--json'], { env: both })).stdout);
    const k = JSON.parse((await runInProcess(['order', 'create', '--asset', K, '--side', 'buy', '--price', '0.10', '--size', '5', '--yes', '--json'], { env: both })).stdout);

    const listed = await runInProcess(['order', 'list'], { env: both });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const rows = listed.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[1]]).sort()).toEqual([['kalshi', k.id], ['polymarket', p.id]]);

    const got = await runInProcess(['order', 'get', p.id, '--json'], { env: both });
    expect(JSON.parse(got.stdout)).toMatchObject({ id: p.id, status: 'open', price: 0.1 });

    const c = await runInProcess(['order', 'cancel-all', '--yes', '--json'], { env: both });
    expect(c.exitCode, c.stderr).toBe(0);
    expect(c.stderr).toBe('');
    expect(JSON.parse(c.stdout).map((o: { id: string; status: string }) => [o.id, o.status]).sort()).toEqual([[k.id, 'cancelled'], [p.id, 'cancelled']].sort());
    expect(JSON.parse((await runInProcess(['order', 'list', '--json'], { env: both })).stdout)).toEqual([]);
  });

  it('one exchange failing fails the list (its exit code), never a partial list', async () => {
    d.polymarket.clobDouble.inject({ kind: 'status', status: 401, body: JSON.stringify({ error: 'Unauthorized/Invalid api key' }) }, { path: /^\/data\/orders$/, times: 5 });
    const r = await runInProcess(['order', 'list'], { env: both });
    d.polymarket.clobDouble.clearFaults();
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
