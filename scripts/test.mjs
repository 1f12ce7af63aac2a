// `npm test` after the build: the type check and the test run side by side. Neither needs the
// other (tsc emits nothing; the tests need only dist/, built before this), and the test run spends
// part of its time waiting on loopback doubles and timers, where tsc's CPU time fits. tsc checks
// incrementally (its build info under node_modules/.cache, so `npm ci` starts it afresh): a run
// after the first re-checks what changed. tsc's output is held until the tests end, so the two
// never interleave; the exit code is the test run's, or tsc's when only the type check failed.
// Arguments go to vitest (`npm test -- test/serve`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** A file of an installed package (vitest's exports hide its bin from require.resolve). */
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);

const tscOut = [];
const buildInfo = join(root, 'node_modules', '.cache', 'pmt-tsc', 'tsbuildinfo');
const tsc = spawn(process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
tsc.stdout.on('data', (c) => tscOut.push(c));
tsc.stderr.on('data', (c) => tscOut.push(c));
const tscDone = new Promise((ok) => tsc.on('close', (code) => ok(code ?? 1)));

const vitest = spawn(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const testsDone = new Promise((ok) => vitest.on('close', (code) => ok(code ?? 1)));

const [tests, types] = await Promise.all([testsDone, tscDone]);
if (types !== 0) {
  process.stdout.write(Buffer.concat(tscOut));
  console.error(`tsc --noEmit failed (exit ${types})`);
}
process.exitCode = tests || types;
