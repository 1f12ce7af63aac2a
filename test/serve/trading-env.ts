/**
 * Doubles with one tradable market per exchange and a profile-less environment holding both
 * exchanges' keys (Polymarket: alice, funded; Kalshi: a registered RSA key in a temp config
 * directory): what the order suites of `pmt serve` start from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempConfigDir } from '../helpers/cli.js';
import { addressOf, catalogMarket, KEYS, type CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';

export interface TradingEnv {
  d: Doubles;
  /** The Polymarket market (tick 0.01, not neg-risk). */
  m: CatalogPick;
  /** The config directory (PMT_CONFIG_DIR), which holds the Kalshi key file. */
  dir: string;
  env: Record<string, string>;
}

export async function startTradingEnv(kalshiTicker: string, title?: string): Promise<TradingEnv> {
  const d = await startDoubles();
  const m = catalogMarket(d, { tick: '0.01', negRisk: false });
  d.polymarket.trading.fund(addressOf(KEYS.alice), 1000);
  const key = makeKalshiKey();
  d.kalshi.auth.register(key.keyId, key.publicKey);
  d.kalshi.orders.addMarket({ ticker: kalshiTicker, ...(title ? { title } : {}) });
  d.kalshi.books.setBook(kalshiTicker, { yes: [[0.42, 100], [0.41, 250]], no: [[0.55, 150], [0.54, 200]] });
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'k.pem'), key.privatePem, { mode: 0o600 });
  const env = { ...d.env, PMT_CONFIG_DIR: dir, POLYMARKET_PRIVATE_KEY: KEYS.alice, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'k.pem') };
  return { d, m, dir, env };
}
