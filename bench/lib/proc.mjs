// Running and timing child processes for the benchmark: one run, and interleaved samples of
// several commands so that a noisy machine slows baseline and subject alike.
import { spawnSync } from 'node:child_process';

/** The environment every measured process gets: the caller's, minus what would skew start-up. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Extra CA certificates add tens of ms to every Node start; credentials and pmt settings
    // from the caller's shell must not change what is measured.
    if (k === 'NODE_EXTRA_CA_CERTS' || k === 'NODE_OPTIONS') continue;
    if (/^(KALSHI_|POLYMARKET_|PMT_|NO_COLOR|FORCE_COLOR|COLUMNS)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

const now = () => Number(process.hrtime.bigint());

/**
 * Run one command to completion with stdout on a pipe (as in `$(pmt ...)` or `pmt ... | jq`).
 * The harness blocks until the child exits and its pipes close, so the wall time (from just before
 * the spawn, on the machine-wide monotonic clock, `t0` in ns) does not wait on the harness's own
 * event loop: the upstream doubles live in another process (bench/lib/upstream.mjs).
 */
export function runOnce(cmd, args, { env, countLines = false, keepStdout = false } = {}) {
  const t0 = now();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 2 ** 30 });
  const ms = (now() - t0) / 1e6;
  if (r.error) throw r.error;
  const out = r.stdout;
  let lines = 0;
  if (countLines) for (let i = out.indexOf(10); i !== -1; i = out.indexOf(10, i + 1)) lines++;
  return {
    t0,
    ms,
    code: r.status ?? (r.signal ? 128 : -1),
    bytes: out.length,
    lines,
    stdout: keepStdout ? out.toString() : '',
    stderr: r.stderr.toString().slice(-4000),
  };
}

/** Median, quartiles and min of a list of numbers. */
export function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => {
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
  };
  return { n: s.length, median: q(0.5), p25: q(0.25), p75: q(0.75), min: s[0], max: s[s.length - 1] };
}

/**
 * Interleaved samples: every round runs each subject once, in a rotating order, so drifts in
 * machine load hit every subject equally. `subjects` are {name, cmd, args, env, after?, before?}:
 * `after(result, round)` may turn a run into a different number (e.g. time to first upstream
 * request; round < 0 in warm-up) and must throw when the run did not do what it should (a failing
 * command is never a fast sample). `before()` runs just before each run.
 */
export async function sample(subjects, { runs, warmup = 2, onRound } = {}) {
  const out = Object.fromEntries(subjects.map((s) => [s.name, []]));
  for (let round = -warmup; round < runs; round++) {
    const order = subjects.map((_, i) => subjects[(i + Math.max(round, 0)) % subjects.length]);
    for (const s of order) {
      await s.before?.();
      const r = runOnce(s.cmd, s.args, { env: s.env, countLines: Boolean(s.countLines) });
      if (r.code !== (s.expectCode ?? 0)) {
        throw new Error(`${s.name}: exited ${r.code}, expected ${s.expectCode ?? 0}\n${r.stderr.trim()}`);
      }
      const value = s.after ? await s.after(r, round) : r.ms;
      if (round >= 0) out[s.name].push(value);
    }
    if (round >= 0) onRound?.(round + 1, runs);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { ...stats(v), samples: v }]));
}
