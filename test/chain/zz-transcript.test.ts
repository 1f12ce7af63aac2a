import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, it } from 'vitest';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { startChain, type Chain } from './chain.js';
let chain: Chain; let d: Doubles;
beforeAll(async () => { chain = (await startChain())!; d = await startDoubles(); }, 120_000);
afterAll(async () => { await chain.stop(); await d.close(); });
it('transcripts', async () => {
  let out = '';
  for (const kind of ['eoa', 'gnosis-safe'] as const) {
    const k = chain.newKey();
    await chain.setPol(k.address, 10n ** 17n);
    let holder = k.address as `0x${string}`;
    const env: Record<string, string> = { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYGON_RPC_URL: chain.url, POLYMARKET_PRIVATE_KEY: k.key, POLYMARKET_SIGNATURE_TYPE: kind, COLUMNS: '200' };
    if (kind === 'gnosis-safe') { holder = await chain.deploySafe(holder); env.POLYMARKET_FUNDER = holder; }
    await chain.mintPusd(holder, 100_000_000n);
    const run = async (args: string[]) => {
      const r = await runPmt(args, { env, timeout: 60_000 });
      out += `$ pmt ${args.join(' ')}\n${r.stdout}${r.stderr}[exit ${r.exitCode}]\n\n`;
    };
    out += `===== ${kind} (signer ${k.address}${kind !== 'eoa' ? `, Safe ${holder}` : ''}) =====\n\n`;
    await run(['doctor', '--exchange', 'polymarket']);
    await run(['approvals']);
    await run(['approvals', 'set', '--yes']);
    await run(['approvals', 'set', '--yes']);
    await run(['doctor', '--exchange', 'polymarket']);
    const label = `t-${kind}`;
    const cond = await chain.prepareCondition(label);
    out += `# (a market ${cond} on the local chain)\n\n`;
    await run(['position', 'split', cond, '--size', '25', '--yes']);
    await run(['position', 'merge', cond, '--size', '5', '--yes']);
    await chain.resolve(label, [1, 0]);
    out += `# (the market resolves: first outcome wins)\n\n`;
    await run(['position', 'redeem', cond, '--yes']);
    await run(['order', 'journal']);
    await run(['order', 'journal', '--json', '--limit', '1']);
  }
  writeFileSync('/tmp/onchain-transcripts.txt', out);
}, 300_000);
