/**
 * Running the built CLI against the local chain and the loopback doubles: the environment a
 * wallet needs (key, signature type, funder, RPC), the journal read back, and a test that skips
 * (saying why) when the EVM could not start here.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { startChain, type Chain } from './chain.js';

export interface Who {
  key: string;
  type?: 'eoa' | 'gnosis-safe' | 'proxy' | 'poly-1271';
  funder?: string;
}

export const USD = (n: number) => BigInt(Math.round(n * 1e6));
export const POL = 10n ** 18n;

export function runner(get: () => { chain: Chain | null; doubles: Doubles }) {
  const pmt = (args: string[], who: Who, extra: Record<string, string> = {}, configDir = tempConfigDir()) =>
    runInProcess(args, {
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

/** One chain and the upstream doubles for a test file, started before its tests and stopped after. */
export function useChain() {
  const state: { chain: Chain | null; doubles: Doubles } = { chain: null, doubles: undefined as unknown as Doubles };
  beforeAll(async () => {
    state.chain = await startChain();
    state.doubles = await startDoubles();
  }, 120_000);
  afterAll(async () => {
    await state.chain?.stop();
    await state.doubles?.close();
  });
  return { state, ...runner(() => state) };
}

/** A JSON-RPC endpoint of another chain (Ethereum mainnet's id 1), for the chain id check; its URL getter. */
export function useOtherChainRpc(): () => string {
  let url = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result: '0x1' }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return () => url;
}
