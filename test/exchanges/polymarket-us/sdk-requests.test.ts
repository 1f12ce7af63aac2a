/**
 * pmt's requests to Polymarket US have the shape the official `polymarket-us` SDK builds for the
 * same calls (fixtures/sdk-requests.json, recorded from the SDK in a scratch directory: method,
 * path, query parameter names, JSON body). Each fixture entry is matched against what the loopback
 * doubles received from the built binary, so the doubles and pmt cannot drift away from the SDK
 * together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../../upstream/doubles.js';
import type { RecordedRequest } from '../../upstream/server.js';
import { runPmt, tempConfigDir } from '../../helpers/cli.js';

type Sdk = { method: string; path: string; query: Array<[string, string]>; body: unknown };
const sdk = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/sdk-requests.json'), 'utf8')) as Record<string, Sdk>;
const SLUG = 'fed-cut-december-2026';

let d: Doubles;
let env: Record<string, string>;
const sent: RecordedRequest[] = [];

beforeAll(async () => {
  d = await startDoubles();
  const dir = tempConfigDir();
  const seed = Buffer.alloc(32, 3);
  d.polymarketUs.api.registerSeed('k', seed);
  d.polymarketUs.api.setBuyingPower('k', 100);
  const keyFile = join(dir, 'k.key');
  writeFileSync(keyFile, seed.toString('base64'), { mode: 0o600 });
  env = { ...d.env, PMT_CONFIG_DIR: dir, POLYMARKET_US_API_KEY_ID: 'k', POLYMARKET_US_PRIVATE_KEY_PATH: keyFile };
  const pmt = async (...args: string[]) => {
    const r = await runPmt([...args, '--json'], { env });
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  };
  const u = `polymarket-us:${SLUG}`;
  await pmt('markets', 'list', '--exchange', 'polymarket-us', '--limit', '2');
  await pmt('markets', 'list', '--exchange', 'polymarket-us', '--ticker', SLUG, '--ticker', 'nba-finals-2026-celtics');
  await pmt('markets', 'lineage', u);
  await pmt('book', 'show', u);
  await pmt('markets', 'search', 'fed', '--exchange', 'polymarket-us');
  await pmt('order', 'create', '--asset', u, '--outcome', 'no', '--side', 'buy', '--price', '0.37', '--size', '10', '--yes');
  await pmt('order', 'list', '--asset', u);
  await pmt('order', 'amend', 'pmus-ord-000001', '--exchange', 'polymarket-us', '--price', '0.38', '--size', '6', '--yes');
  await pmt('order', 'cancel', 'pmus-ord-000001', '--exchange', 'polymarket-us', '--yes');
  await pmt('order', 'create', '--asset', u, '--outcome', 'no', '--side', 'buy', '--price', '0.36', '--size', '5', '--yes');
  await pmt('order', 'cancel-all', '--asset', u, '--yes');
  await pmt('balance', '--exchange', 'polymarket-us');
  await pmt('positions', '--exchange', 'polymarket-us');
  await pmt('fills', '--exchange', 'polymarket-us');
  sent.push(...d.polymarketUs.gatewayDouble.requests, ...d.polymarketUs.apiDouble.requests);
}, 120_000);
afterAll(async () => {
  await d?.close();
});

const keys = (q: Iterable<[string, string]>) => [...new Set([...q].map(([k]) => k))].sort();

describe('requests as the polymarket-us SDK builds them', () => {
  it.each(Object.keys(sdk))('%s', (name) => {
    const want = sdk[name]!;
    const mine = sent.filter((r) => r.method === want.method && r.path === want.path);
    expect(mine.length, `pmt sent no ${want.method} ${want.path}`).toBeGreaterThan(0);
    // Some request to that path has the SDK's parameter names (values may differ: limits, offsets).
    expect(mine.map((r) => keys(r.query.entries()))).toContainEqual(keys(want.query));
    if (want.body !== null) expect(mine.map((r) => JSON.parse(r.body || 'null'))).toContainEqual(want.body);
    // Signed where the SDK signs (the authenticated API), and nowhere else.
    const signed = mine.every((r) => typeof r.headers['x-pm-signature'] === 'string');
    expect(signed).toBe(d.polymarketUs.apiDouble.requests.includes(mine[0]!));
  });
});
