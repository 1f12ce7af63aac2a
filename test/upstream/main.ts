/**
 * Run the upstream doubles standalone (for the README tour, manual trials and the benchmark):
 *   node .doubles/doubles.js [--kalshi-markets N] [--polymarket-events N] [--demo-credentials]
 * Prints `export PMT_...=...` lines (and, with --demo-credentials, a funded demo Kalshi key and
 * Polymarket wallet the doubles accept — test keys, never real ones), then serves until killed.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { startDoubles } from './doubles.js';
import { makeKalshiKey } from './kalshi/auth.js';

const args = process.argv.slice(2);
const num = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const d = await startDoubles({ kalshi: { markets: num('--kalshi-markets') }, polymarket: { events: num('--polymarket-events') } });
const exports: Record<string, string> = { ...d.env };
if (args.includes('--demo-credentials')) {
  const key = makeKalshiKey('00000000-0000-4000-8000-0000000de300');
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.setBalance(key.keyId, 10_000);
  // Two markets that settled last week (`pmt settlements` in the README tour).
  d.kalshi.portfolio.seedSettlements(key.keyId, [
    { ticker: 'KXTEST-25Q3-WON', event_ticker: 'KXTEST-25Q3', market_result: 'yes', yes_count_fp: '40.00', yes_total_cost_dollars: '24.8000', no_count_fp: '0.00', no_total_cost_dollars: '0.0000', revenue: 4000, settled_time: '2026-11-20T21:00:00Z', fee_cost: '0.5600', value: 100 },
    { ticker: 'KXTEST-25Q3-LOST', event_ticker: 'KXTEST-25Q3', market_result: 'yes', yes_count_fp: '0.00', yes_total_cost_dollars: '0.0000', no_count_fp: '15.00', no_total_cost_dollars: '4.3500', revenue: 0, settled_time: '2026-11-20T21:00:00Z', fee_cost: '0.1500', value: 100 },
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'pmt-demo-'));
  const pem = join(dir, 'kalshi-demo.pem');
  writeFileSync(pem, key.privatePem, { mode: 0o600 });
  chmodSync(pem, 0o600);
  // A well-known test key (Hardhat/Anvil account #0), funded only inside this double.
  const pk = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  d.polymarket.trading.fund(privateKeyToAccount(pk).address, 10_000);
  // Polymarket US: a fixed test Ed25519 seed (never a real key), with $1,000 of buying power.
  const usSeed = Buffer.alloc(32, 0x5e);
  const usKey = join(dir, 'polymarket-us-demo.key');
  writeFileSync(usKey, usSeed.toString('base64') + '\n', { mode: 0o600 });
  d.polymarketUs.api.registerSeed('pmus-demo-key', usSeed);
  d.polymarketUs.api.setBuyingPower('pmus-demo-key', 1_000);
  Object.assign(exports, { KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: pem, POLYMARKET_PRIVATE_KEY: pk, POLYMARKET_US_API_KEY_ID: 'pmus-demo-key', POLYMARKET_US_PRIVATE_KEY_PATH: usKey });
  seedTradersDay();
}

/**
 * Liquidity the doubles' matching engines trade against, and a week of trades, so the README's
 * trader's-day tour (fills, positions, the tape, charts) has something to show. Kalshi: the demo
 * market's engine book mirrors its displayed book (asks 0.67/0.68, bid 0.65); Polymarket: the
 * first open Yes/No market of the catalogue, named on stdout for the tour.
 */
function seedTradersDay(): void {
  const K = 'KXTEST-25Q4-CONTRACT';
  d.kalshi.orders.seedBook(K, { asks: [['0.67', '392'], ['0.68', '426']], bids: [['0.65', '398'], ['0.64', '128']] });
  const now = Date.now();
  const walk = (n: number, start: number, end: number, seed: number) => {
    let x = seed;
    const rnd = () => ((x = (x * 48271) % 2147483647) / 2147483647);
    const out: number[] = [];
    let p = start;
    for (let i = 0; i < n; i++) {
      p += (end - p) / (n - i) + (rnd() - 0.5) * 0.02;
      out.push(Math.min(0.95, Math.max(0.05, Math.round(p * 100) / 100)));
    }
    return out;
  };
  d.kalshi.orders.portfolio.ledger.seedTrades(K, walk(7 * 24, 0.52, 0.66, 7).map((price, i) => ({ price: price.toFixed(2), count: String(5 + ((i * 37) % 40)), ms: now - (7 * 24 - i) * 3_600_000 + 120_000, taker: i % 3 ? 'yes' : 'no' })));
  const g = d.polymarket.gamma;
  for (const t of g.catalog.tokens.values()) {
    const w = g.market(t.slug)?.wire as Record<string, unknown> | undefined;
    if (!w || w.active !== true || w.closed === true || t.tickSize !== '0.01' || t.negRisk) continue;
    const ids = JSON.parse(String(w.clobTokenIds ?? '[]')) as string[];
    if (ids.length !== 2 || JSON.parse(String(w.outcomes ?? '[]')).join() !== 'Yes,No') continue;
    const [yes] = ids as [string];
    d.polymarket.trading.seed(yes, 'SELL', 0.56, 120);
    d.polymarket.trading.seed(yes, 'SELL', 0.58, 300);
    d.polymarket.trading.seed(yes, 'BUY', 0.53, 200);
    const s = Math.floor(now / 1000);
    d.polymarket.account.seedHistory(yes, walk(7 * 24 * 4, 0.41, 0.55, 11).map((p, i) => ({ t: s - (7 * 24 * 4 - i) * 900, p })));
    d.polymarket.data.seedTrades(yes, walk(40, 0.5, 0.55, 3).map((price, i) => ({ price, size: 10 + i, ts: s - (40 - i) * 600, side: i % 4 ? 'BUY' : 'SELL' })));
    process.stdout.write(`# polymarket demo market: polymarket:${t.slug} (Yes token ${yes})\n`);
    break;
  }
}
for (const [k, v] of Object.entries(exports)) process.stdout.write(`export ${k}=${v}\n`);
process.stdout.write('# ready\n');
const stop = () => void d.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
