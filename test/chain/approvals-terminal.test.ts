/**
 * `pmt approvals set` on a real pseudo-terminal (tmux) over the local EVM: the preview and the
 * confirmation; declining sends nothing (exit 130), confirming sends what is missing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { hasTmux, Terminal } from '../pty/tmux.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { startChain, type Chain } from './chain.js';

const TMUX = hasTmux();
if (!TMUX) console.warn('tmux is not installed: the terminal test of `pmt approvals set` does not run');

describe.runIf(TMUX)('approvals set on a terminal', () => {
  let chain: Chain | null = null;
  let d: Doubles;
  let t: Terminal | undefined;
  beforeAll(async () => {
    chain = await startChain();
    d = await startDoubles();
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
    await d?.close();
  });
  afterEach(() => t?.close());

  it('previews, then declining sends nothing (130) and confirming sends the approvals', async (ctx) => {
    if (!chain) return ctx.skip('the local EVM could not start here');
    const k = chain.newKey();
    await chain.setPol(k.address, 10n ** 18n);
    const env = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYGON_RPC_URL: chain.url, POLYMARKET_PRIVATE_KEY: k.key };
    t = new Terminal({ cols: 160, rows: 50, env });
    await t.startPmt(['approvals', 'set']);
    const screen = await t.waitFor(/Send 14 approval transaction\(s\)\?/, 'the confirmation', 60_000);
    expect(screen).toContain('approve pUSD (unlimited) for CTF Exchange (V2)');
    expect(screen).toMatch(/gas: +about [\d.]+ POL/);
    await t.press('Enter'); // the default is No
    expect(await t.exitCode()).toBe(130);
    expect(await chain.pub.getTransactionCount({ address: k.address as `0x${string}` })).toBe(0);
    await t.close();

    t = new Terminal({ cols: 160, rows: 50, env });
    await t.startPmt(['approvals', 'set']);
    await t.waitFor(/Send 14 approval transaction\(s\)\?/, 'the confirmation', 60_000);
    await t.typeText('y');
    await t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(await chain.pub.getTransactionCount({ address: k.address as `0x${string}` })).toBe(14);
  }, 180_000);
});
