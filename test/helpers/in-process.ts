/**
 * pmt's entry (`main` of src/cli.ts) run inside the test process, for what a process adds nothing
 * to: flag and id parsing, refusals, and commands against the loopback doubles whose output is
 * what is checked. stdout and stderr (the streams and the direct descriptor writes io.ts makes)
 * are captured, the environment is the one `runPmt` would give the binary, the exit code is the
 * one bin/pmt would set, and runs are one at a time (the process's globals are shared). Each run
 * loads pmt's modules afresh (vi.resetModules), so nothing a run leaves in them (the secret
 * registry, the pacers' clocks, memoised lookups) reaches the next, as between two processes;
 * packages in node_modules stay loaded (they keep no pmt state). test/commands/in-process.test.ts
 * holds it to the binary, byte for byte. A run given stdin (`input`) or a `cwd` runs the built
 * binary instead: a pipe on stdin and a working directory are a process's. Terminals, signals and
 * start-up stay with the binary too (runPmt, test/pty).
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isatty } from 'node:tty';
import { vi } from 'vitest';
import { cleanEnv, runPmt, type RunResult } from './cli.js';

let queue: Promise<unknown> = Promise.resolve();

export function runInProcess(args: string[], opts: Parameters<typeof runPmt>[1] = {}): Promise<RunResult> {
  if (opts.input !== undefined || opts.cwd !== undefined) return runPmt(args, opts);
  const run = queue.then(() => once(args, opts.env ?? {}));
  queue = run.catch(() => undefined);
  return run;
}

async function once(args: string[], extra: Record<string, string | undefined>): Promise<RunResult> {
  // pmt asks the descriptors whether they are terminals: under vitest's forks pool they are pipes,
  // as they are for the binary runPmt starts (a worker thread shares the terminal it was run from).
  if (isatty(1) || isatty(2)) throw new Error('runInProcess needs stdout and stderr to be pipes (vitest pool: forks)');
  const savedEnv = { ...process.env };
  const savedExit = process.exitCode;
  const out = { 1: '', 2: '' } as Record<number, string>;
  const write = { out: process.stdout.write, err: process.stderr.write, sync: fs.writeSync };
  for (const k of Object.keys(process.env)) delete process.env[k];
  for (const [k, v] of Object.entries(cleanEnv(extra))) if (v !== undefined) process.env[k] = v;
  process.stdout.write = ((c: string | Uint8Array) => ((out[1] += String(c)), true)) as typeof process.stdout.write;
  process.stderr.write = ((c: string | Uint8Array) => {
    const text = String(c);
    // Node's own warnings about this worker process (work a previous run left in flight, the
    // test's doubles) are not this run's output: they go where the worker's stderr goes.
    if (text.startsWith(`(node:${process.pid}) `) || text.startsWith('(Use `node --trace-')) return write.err.call(process.stderr, c);
    out[2] += text;
    return true;
  }) as typeof process.stderr.write;
  fs.writeSync = ((fd: number, data: string | NodeJS.ArrayBufferView, offset?: number) => {
    if (fd !== 1 && fd !== 2) return (write.sync as (...a: unknown[]) => number)(fd, data, offset);
    const buf = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const rest = buf.subarray(offset ?? 0);
    out[fd] += rest.toString('utf8');
    return rest.length;
  }) as typeof fs.writeSync;
  syncBuiltinESMExports();
  process.exitCode = undefined;
  try {
    vi.resetModules();
    const { main } = await import('../../src/cli.js');
    const exitCode = await main(['node', 'pmt', ...args]);
    return { exitCode, stdout: out[1]!, stderr: out[2]! };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    fs.writeSync = write.sync;
    syncBuiltinESMExports();
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, savedEnv);
    process.exitCode = savedExit;
  }
}
