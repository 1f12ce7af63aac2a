/**
 * Running the built CLI against the local chain and the loopback doubles: the environment a
 * wallet needs (key, signature type, funder, RPC), the journal read back, and a test that skips
 * (saying why) when the EVM could not start here.
 */
import { it } from 'vitest';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import type { Doubles } from '../upstream/doubles.js';
import type { Chain } from './chain.js';

export interface Who {
  key: string;
  type?: 'eoa' | 'gnosis-safe' | 'proxy' | 'poly-1271';
  funder?: string;
}

export const USD = (n: number) => BigInt(Math.round(n * 1e6));
export const POL = 10n ** 18n;

export function runner(get: () => { chain: Chain | null; doubles: Doubles }) {
  const pmt = (args: string[], who: Who, extra: Record<string, string> = {}, configDir = tempConfigDir()) =>
    runPmt(args, {
      timeout: 60_000,
      env: {
        ...get().doubles.env,
        PMT_CONFIG_DIR: configDir,
        PMT_POLYGON_RPC_URL: get().chain!.url,
        POLYMARKET_PRIVATE_KEY: who.key,
        POLYMARKET_SIGNATURE_TYPE: who.type ?? 'eoa',
        ...(who.funder ? { POLYMARKET_FUNDER: who.funder } : {}),
        ...extra,
      },
    });
  const journal = async (who: Who, dir: string, extra: Record<string, string> = {}) => JSON.parse((await pmt(['order', 'journal', '--json'], who, extra, dir)).stdout) as Array<Record<string, unknown>>;
  const maybe = (name: string, fn: () => Promise<void>, timeout = 120_000) =>
    it(name, async (ctx) => {
      if (!get().chain) return ctx.skip('the local EVM could not start here');
      await fn();
    }, timeout);
  return { pmt, journal, maybe };
}
