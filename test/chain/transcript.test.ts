/**
 * The closing transcripts of issue 25 (transcript.ts), for an EOA and a Safe: from "cannot trade"
 * to trading with `pmt doctor` and `pmt approvals set` alone, and a resolved position back to
 * collateral with `pmt position redeem`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { useChain } from './run.js';
import { dayTranscript } from './transcript.js';

const { state, pmt, maybe } = useChain();

describe.each(['eoa', 'gnosis-safe'] as const)('the day of a %s wallet', (kind) => {
  maybe('doctor FAIL → approvals set → doctor ok; split; resolve; redeem', async () => {
    const { text, steps } = await dayTranscript(state.chain!, pmt, kind);
    expect(steps.map((s) => s.exitCode), text).toEqual([9, 0, 0, 0, 0]);
    expect(steps[0]!.out).toContain('run `pmt approvals set`');
    expect(steps[4]!.out).toContain('receive: 10 pUSD');
    expect(text).toContain('holds 50 pUSD again');
    const out = process.env.PMT_TRANSCRIPT_DIR;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, `${kind}.txt`), text);
    }
  });
});
