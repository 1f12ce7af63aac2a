/**
 * The day of issue 25 as a transcript, run for real against the local chain: a new wallet that
 * cannot trade (`pmt doctor` FAIL), `pmt approvals set`, `pmt doctor` ok, a position split and,
 * once the condition resolves, redeemed. transcript.test.ts runs it for an EOA and a Safe and
 * checks every step; with PMT_TRANSCRIPT_DIR set it also writes the transcripts there
 * (`PMT_TRANSCRIPT_DIR=/tmp/t npx vitest run test/chain/transcript.test.ts`).
 */
import type { RunResult } from '../helpers/cli.js';
import { tempConfigDir } from '../helpers/cli.js';
import type { Chain } from './chain.js';
import { POL, USD, type Who } from './run.js';

type Pmt = (args: string[], who: Who, extra?: Record<string, string>, dir?: string) => Promise<RunResult>;

export interface Step {
  args: string[];
  exitCode: number;
  out: string;
}

export async function dayTranscript(chain: Chain, pmt: Pmt, kind: 'eoa' | 'gnosis-safe'): Promise<{ text: string; steps: Step[] }> {
  const k = chain.newKey();
  await chain.setPol(k.address, POL);
  const holder = kind === 'eoa' ? (k.address as `0x${string}`) : await chain.deploySafe(k.address as `0x${string}`);
  await chain.mintPusd(holder, USD(50));
  const who: Who = kind === 'eoa' ? { key: k.key } : { key: k.key, type: 'gnosis-safe', funder: holder };
  const dir = tempConfigDir();
  const label = `transcript-${kind}-${holder}`;
  const cond = await chain.prepareCondition(label);
  const lines: string[] = [
    `# ${kind === 'eoa' ? 'An EOA' : 'A Safe (gnosis-safe)'} on the local chain (chain id 137): POLYMARKET_SIGNATURE_TYPE=${who.type ?? 'eoa'}${who.funder ? `, POLYMARKET_FUNDER=${who.funder}` : ''}`,
    `# the wallet ${holder} holds 50 pUSD; the key ${k.address} holds 1 POL for gas; a market's condition ${cond} is open`,
  ];
  const steps: Step[] = [];
  const run = async (args: string[]) => {
    const r = await pmt(args, who, {}, dir);
    // Previews and errors go to stderr, results to stdout: shown in the order a terminal shows them.
    const out = (args[0] === 'doctor' ? [r.stdout, r.stderr] : [r.stderr, r.stdout]).filter((s) => s.trim() !== '').join('\n').trimEnd();
    steps.push({ args, exitCode: r.exitCode ?? -1, out });
    lines.push('', `$ pmt ${args.join(' ')}`, out, `[exit ${r.exitCode}]`);
  };
  await run(['doctor', '--exchange', 'polymarket']);
  await run(['approvals', 'set', '--yes']);
  await run(['doctor', '--exchange', 'polymarket']);
  await run(['position', 'split', cond, '--size', '10', '--yes']);
  await chain.resolve(label, [1, 0]);
  lines.push('', '# the oracle reports the first outcome (Yes) as the winner');
  await run(['position', 'redeem', cond, '--yes']);
  lines.push('', `# the wallet holds ${Number(await chain.pusdBalance(holder)) / 1e6} pUSD again`);
  return { text: lines.join('\n') + '\n', steps };
}
