/**
 * Set-up for every test file.
 *
 * One seed for every property test, so a CI run is reproducible: a failure names its seed and
 * replays with PMT_FUZZ_SEED=<seed>. PMT_FUZZ_SEED=random explores new inputs on each run, and
 * PMT_FUZZ_RUNS raises the number of cases per property (e.g. 5000 for a long sweep).
 */
import fc from 'fast-check';
import { fuzzSeed } from './seed.js';

const runs = Number(process.env.PMT_FUZZ_RUNS);
fc.configureGlobal({ seed: fuzzSeed(), ...(runs > 0 ? { numRuns: runs } : {}) });

// Test files share a worker process (vitest.config.ts: isolate false): each file starts from the
// environment the worker started with, whatever the file before it set.
const kept = globalThis as { pmtWorkerEnv?: Record<string, string | undefined> };
const workerEnv = (kept.pmtWorkerEnv ??= { ...process.env });
for (const k of Object.keys(process.env)) if (!(k in workerEnv)) delete process.env[k];
Object.assign(process.env, workerEnv);

// Colour is decided per test from what each one sets: none inherited from the shell running the
// suite (deleted rather than set empty, which makes Node warn that one overrides the other).
delete process.env.NO_COLOR;
delete process.env.FORCE_COLOR;

// Counting for the suite's own bookkeeping (issue 22: "no fewer assertions"): with
// PMT_TEST_ASSERTIONS=<file>, each test appends one JSON line {file, test, assertions} to it.
const countFile = process.env.PMT_TEST_ASSERTIONS;
if (countFile) {
  const { afterEach, expect } = await import('vitest');
  const { appendFileSync } = await import('node:fs');
  afterEach((ctx) => {
    const t = ctx.task;
    const line = { file: t.file?.name, test: t.fullName ?? t.name, assertions: expect.getState().assertionCalls };
    appendFileSync(countFile, JSON.stringify(line) + '\n');
  });
}
