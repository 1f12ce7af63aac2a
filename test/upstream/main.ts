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
  const dir = mkdtempSync(join(tmpdir(), 'pmt-demo-'));
  const pem = join(dir, 'kalshi-demo.pem');
  writeFileSync(pem, key.privatePem, { mode: 0o600 });
  chmodSync(pem, 0o600);
  // A well-known test key (Hardhat/Anvil account #0), funded only inside this double.
  const pk = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  d.polymarket.trading.fund(privateKeyToAccount(pk).address, 10_000);
  Object.assign(exports, { KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: pem, POLYMARKET_PRIVATE_KEY: pk });
}
for (const [k, v] of Object.entries(exports)) process.stdout.write(`export ${k}=${v}\n`);
process.stdout.write('# ready\n');
const stop = () => void d.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
