// The live smoke suite's entry (`PMT_LIVE=1 npm run test:live`): read-only checks of both
// exchanges (markets, lineage, a book, stats, the CLOB's order version, the WebSocket snapshot,
// response shapes; with credentials, the account reads; never an order).
// Skipped with ONE line, exit 0, when PMT_LIVE is not 1 or none of the upstream bases answers;
// otherwise runs test/live/*.live.ts with vitest. Against the doubles: see docs/live-smoke.md.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const skip = (why) => {
  process.stdout.write(`live smoke suite skipped: ${why}\n`);
  process.exit(0);
};

if (env.PMT_LIVE !== '1') skip('PMT_LIVE is not set (run `PMT_LIVE=1 npm run test:live`; read-only, it never places an order)');

const bases = {
  Kalshi: env.PMT_KALSHI_API_URL || 'https://api.elections.kalshi.com/trade-api/v2',
  'Polymarket Gamma': env.PMT_POLYMARKET_GAMMA_URL || 'https://gamma-api.polymarket.com',
  'Polymarket CLOB': env.PMT_POLYMARKET_CLOB_URL || 'https://clob.polymarket.com',
};

/** Any HTTP answer (even a 404) means the network reaches it; only a failed connection does not. */
async function reachable(url) {
  try {
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(Number(env.PMT_LIVE_PROBE_MS) || 5000) });
    return true;
  } catch {
    return false;
  }
}

const answers = await Promise.all(Object.values(bases).map(reachable));
if (!answers.some(Boolean)) skip(`network unreachable (no answer from ${Object.values(bases).join(', ')})`);

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', '--config', join(root, 'vitest.live.config.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(r.status ?? 1);
