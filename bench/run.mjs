// `npm run bench`: measures every performance goal of pmt against a baseline taken in the same
// run, prints a table and writes bench/results.md. Needs only Node and the build (`npm run build`
// produces dist/ and the loopback doubles in .doubles/); no network.
//
//   node bench/run.mjs [--runs N] [--paging-runs N] [--latency-runs N] [--memory-runs N]
//                      [--only startup,network,paging,analytics,serve,stream,fanout]
//                      [--node self,lts | --node /path/to/node,...] [--stream-seconds S (default 60)]
//                      [--no-write]
//
// --node (bench/lib/nodes.mjs): the Node binaries the start-up, one-request and paging subjects run
// under, each in turn (default: this Node and the current LTS); the other groups run on this Node.
// bench/results.md keeps every run: each is appended to it.
//
// Method: every timed subject runs as a fresh process with stdout on a pipe, in interleaved
// rounds (each round runs every subject once, rotating the order) after warm-up runs, so load
// from anything else on the machine falls on baseline and subject alike; ratios are of medians.
// The harness blocks on each run (spawnSync), so no event loop of its own sits between a child's
// exit and the clock. Upstreams are the project's loopback doubles behind replaying fronts that
// answer repeated requests from memory, so the upstream costs the same and nearly nothing for pmt
// and for the baselines; they run in a process of their own (bench/lib/upstream.mjs) and stamp
// request arrivals on the same monotonic clock.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, runOnce } from './lib/proc.mjs';
import { appendRun, machine, textTable } from './lib/report.mjs';
import { subjectNodes } from './lib/nodes.mjs';
import * as goals from './lib/goals.mjs';
import { paging } from './lib/paging.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const num = (flag, dflt) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const only = argv.includes('--only') ? new Set(argv[argv.indexOf('--only') + 1].split(',')) : null;
const wants = (g) => !only || only.has(g);
const runs = { startup: num('--runs', 31), paging: num('--paging-runs', 15), latency: num('--latency-runs', 15), memory: num('--memory-runs', 5), warmup: 2 };
if (runs.startup < 15 || runs.paging < 15 || runs.latency < 15) process.stderr.write('note: fewer than 15 runs per subject; the goals ask for medians of at least 15\n');
const nodeList = argv.includes('--node') ? argv[argv.indexOf('--node') + 1] : 'self,lts';

for (const f of ['dist/cli.cjs', '.doubles/lib.js']) {
  if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`npm run build\` first (npm run bench does)`);
}

const started = new Date().toISOString();
const env0 = machine();
const loadStart = env0.load;
const tmp = mkdtempSync(join(tmpdir(), 'pmt-bench-'));
const config = join(tmp, 'config');

/** bench/lib/upstream.mjs in its own process, and a way to ask it things. */
function startUpstream(sizes) {
  const child = fork(join(root, 'bench/lib/upstream.mjs'), [JSON.stringify(sizes)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map();
  let id = 0;
  const ready = new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.ready) resolve(m.ready);
      else pending.get(m.id)?.(m.result);
    });
    child.once('exit', (code) => reject(new Error(`the upstream doubles exited (${code}) before they were ready`)));
  });
  return {
    ready,
    call: (cmd, args = {}) =>
      new Promise((resolve) => {
        id += 1;
        pending.set(id, resolve);
        child.send({ id, cmd, ...args });
      }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.send({ cmd: 'close' });
      }),
  };
}

const progress = (label) => (round, total) => {
  if (process.stderr.isTTY) process.stderr.write(`\r${label}: round ${round}/${total}   ${round === total ? '\n' : ''}`);
  else if (round === total) process.stderr.write(`${label}: ${total} rounds done\n`);
};

const rows = [];
const subjects = [];
const notes = [];
const { nodes, notes: nodeNotes } = wants('startup') || wants('network') || wants('paging') ? subjectNodes(root, nodeList) : { nodes: [], notes: [] };
notes.push(...nodeNotes);
// Catalogues: small (start-up and one-request goals), and for paging 20,000 Kalshi markets
// answered at once (CPU, memory) and after 150 ms a page (wall), and 60,000 (memory).
const PAGING = { big: 20_000, huge: 60_000, latencyMs: 150 };
const sizes = { small: { kalshi: 2_000, polymarketEvents: 500 } };
if (wants('paging')) {
  sizes.big = { kalshi: PAGING.big, polymarketEvents: 50 };
  sizes.slow = { kalshi: PAGING.big, polymarketEvents: 50, latencyMs: PAGING.latencyMs };
  sizes.huge = { kalshi: PAGING.huge, polymarketEvents: 50 };
}
const upstream = startUpstream(sizes);
const sets = await upstream.ready;
const small = { urls: sets.small.env };
// The subjects' compile cache (Node 22+) lives here, not in the user's: warm-up runs fill it.
const cacheHome = join(tmp, 'cache');
const pmtEnv = (up, extra = {}) =>
  cleanEnv({
    PMT_CONFIG_DIR: config,
    NO_COLOR: '1',
    XDG_CACHE_HOME: cacheHome,
    ...up.urls,
    // The real Basic tier allows 20 reads/s (Kalshi) and pmt keeps under it. Paced, 20 pages of
    // 1,000 markets cannot take less than about 1 s whatever pmt does, so the bench lifts the
    // pacing to measure pmt itself; the pacing floor is reported separately.
    PMT_KALSHI_RATE: '1000000',
    PMT_POLYMARKET_RATE: '1000000',
    ...extra,
  });
const ctx = { root, tmp, bin: join(root, 'bin/pmt'), env: pmtEnv(small), upstream, runs, progress, node: { bin: process.execPath, version: process.version } };

try {
  const collect = (r, node) => {
    const tag = node ? ` (Node ${node.version})` : '';
    rows.push(...r.rows.map((row) => ({ ...row, node: node?.version ?? process.version })));
    subjects.push(...r.subjects.map((x) => ({ ...x, name: x.name + tag })));
    notes.push(...r.notes.map((n) => (node ? `Node ${node.version}: ${n}` : n)));
  };
  for (const node of nodes) {
    const on = { ...ctx, node };
    if (nodes.length > 1) process.stderr.write(`subjects on Node ${node.version} (${node.bin})\n`);
    if (wants('startup')) collect(await goals.startup(on), node);
    if (wants('network')) collect(await goals.network(on), node);
    if (wants('paging')) {
      const set = (name, size, latencyMs = 0) => ({ name, size, latencyMs, env: pmtEnv({ urls: sets[name].env }) });
      const r = await paging(on, 'kalshi', { big: set('big', PAGING.big), slow: set('slow', PAGING.big, PAGING.latencyMs), huge: set('huge', PAGING.huge) });
      collect(r, node);
      if (node === nodes[0]) notes.push(`Pacing: pmt keeps Kalshi reads under the Basic tier's 20/s, so a real \`--all\` over these ${r.pages} pages takes at least ${((r.pages - 1) / 20).toFixed(2)} s; the bench sets PMT_KALSHI_RATE=1000000 to measure pmt rather than its pacing.`);
    }
  }
  if (wants('analytics')) collect(await goals.analytics(ctx));
  if (wants('serve')) collect(await goals.serve(ctx));
  if (wants('stream')) collect(await goals.stream(ctx, argv.includes('--stream-seconds') ? Number(argv[argv.indexOf('--stream-seconds') + 1]) : 60));
  if (wants('fanout')) collect(await goals.fanout(ctx));
} finally {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
}

const finished = new Date().toISOString();
const env = { ...env0, loadStart, loadEnd: loadavg().map((l) => l.toFixed(2)).join(' '), nodes: nodes.map((n) => n.version) };
process.stdout.write(`\n${textTable(rows)}\n\n`);
for (const n of notes) process.stdout.write(`- ${n}\n`);
if (!argv.includes('--no-write')) {
  const file = join(root, 'bench/results.md');
  writeFileSync(file, appendRun(existsSync(file) ? readFileSync(file, 'utf8') : '', { started, finished, env, rows, subjects, notes, runs, argv }));
  process.stdout.write('\nappended this run to bench/results.md\n');
}
