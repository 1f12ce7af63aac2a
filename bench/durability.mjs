// The order journal and the Idempotency-Key store at size (issue 28, item 4): with a 300 MB journal
// and a 300 MB key store in the config directory, `pmt serve`
//   - adds under 0.5 s to a keyed create (compared with the same create on empty stores),
//   - does not hold up requests that arrive meanwhile (the largest latency of reads sent while
//     keyed creates run),
//   - answers cancel_all_orders within 1 s,
// because no route reads either file whole (keyed lookups go through the index beside each file;
// the one full read is the index build when the server starts, reported separately).
//
//   npm run build && node bench/durability.mjs [--mb 300] [--creates 10] [--json]
//
// Upstreams are the loopback doubles (node .doubles/doubles.js --demo-credentials). Timings are
// wall-clock on this machine; the goals are checked and printed, never asserted by the test suite.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const MB = opt('mb', 300);
const CREATES = opt('creates', 10);
const TOKEN = 'bench-token-' + 'x'.repeat(24);
const children = [];
const cleanup = [];

function start(cmd, argv, env, pattern) {
  const child = spawn(cmd, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  return new Promise((res, rej) => {
    const look = (d) => {
      text += d.toString();
      const m = pattern.exec(text);
      if (m) res({ child, m, text: () => text });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => rej(new Error(`${cmd} ${argv.join(' ')} exited ${code}:\n${text}`)));
  });
}

/** `bytes` of journal lines (intent/result pairs) or key-store lines, written in 8 MB blocks. */
function fill(file, bytes, line) {
  const fd = openSync(file, 'w', 0o600);
  let written = 0;
  let i = 0;
  while (written < bytes) {
    const block = [];
    let size = 0;
    while (size < 8 << 20) {
      const l = line(i++);
      block.push(l);
      size += l.length;
    }
    written += writeSync(fd, block.join(''));
  }
  closeSync(fd);
}

const hex = (n) => randomBytes(n).toString('hex');
// Distinct ids from a counter (random bytes per line would make writing the files the slow part).
const salt = hex(4);
const id = (i, len) => (salt + i.toString(16)).padStart(len, '0');
function journalLine(i) {
  const hash = `0x${id(i, 64)}`;
  const base = { ts: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), exchange: 'polymarket', market_ticker: `0x${id(i % 5000, 64)}`, outcome: 'Yes', side: 'buy', price: 0.42, size: 10, type: 'gtc', client_order_id: null, order_hash: hash };
  return `${JSON.stringify({ ...base, event: 'intent', order_id: null, status: null, message: null })}\n${JSON.stringify({ ...base, event: 'result', order_id: hash, status: 'open', message: null })}\n`;
}
function keyLine(i) {
  return `${JSON.stringify({ key: id(i, 64), fingerprint: id(i + 7, 64), at: Date.now() - 3_600_000, exchange: 'kalshi', client_order_id: id(i, 32), order_hash: null, order_id: id(i + 3, 32) })}\n`;
}

async function call(base, path, body, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - t0, text };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function serve(env, dir) {
  const t0 = performance.now();
  const s = await start(process.execPath, [join(root, 'bin/pmt'), 'serve', '--port', '0'], { ...env, PMT_CONFIG_DIR: dir, PMT_SERVE_TOKEN: TOKEN }, /listening on (http:\/\/\S+)\/v1 /);
  return { url: s.m[1], child: s.child, startMs: performance.now() - t0 };
}

async function measure(url, label) {
  const order = { asset_id: 'KXTEST-25Q4-CONTRACT', side: 'buy', price: 0.3, size: 1 };
  const creates = [];
  const reads = [];
  let stop = false;
  // Reads sent while the keyed creates run: none may wait behind a store lookup.
  const reader = (async () => {
    while (!stop) reads.push((await call(url, '/v1/orderbook/fetch_orderbook?asset_id=KXTEST-25Q4-CONTRACT')).ms);
  })();
  for (let i = 0; i < CREATES; i++) {
    const r = await call(url, '/v1/orders/create_order', order, { 'idempotency-key': `bench-${label}-${i}-${hex(4)}` });
    if (r.status !== 200) throw new Error(`create: ${r.status} ${r.text}`);
    creates.push(r.ms);
  }
  stop = true;
  await reader;
  const repeat = await call(url, '/v1/orders/create_order', order, { 'idempotency-key': `bench-${label}-0-repeat` });
  const again = await call(url, '/v1/orders/create_order', order, { 'idempotency-key': `bench-${label}-0-repeat` });
  const cancel = await call(url, '/v1/orders/cancel_all_orders', {});
  if (cancel.status !== 200) throw new Error(`cancel_all_orders: ${cancel.status} ${cancel.text}`);
  return { create: median(creates), createMax: Math.max(...creates), readMax: Math.max(...reads), reads: reads.length, repeat: again.ms, first: repeat.ms, cancel: cancel.ms };
}

try {
  const d = await start(process.execPath, [join(root, '.doubles/doubles.js'), '--demo-credentials'], { ...process.env }, /# ready\n/);
  const env = { ...process.env };
  for (const [, k, v] of d.text().matchAll(/^export (\w+)=(.*)$/gm)) env[k] = v;

  const empty = mkdtempSync(join(tmpdir(), 'pmt-bench-empty-'));
  const big = mkdtempSync(join(tmpdir(), 'pmt-bench-big-'));
  cleanup.push(empty, big);
  const t0 = performance.now();
  fill(join(big, 'orders.jsonl'), MB << 20, journalLine);
  fill(join(big, 'idempotency.jsonl'), MB << 20, keyLine);
  const fillMs = performance.now() - t0;

  const a = await serve(env, empty);
  const base = await measure(a.url, 'empty');
  a.child.kill('SIGTERM');
  const b = await serve(env, big);
  const sized = await measure(b.url, 'big');
  b.child.kill('SIGTERM');
  // A restart over the now-indexed stores: what a start costs once the index exists.
  const c = await serve(env, big);
  c.child.kill('SIGTERM');

  const added = sized.create - base.create;
  const rows = [
    ['stores', 'empty', `${MB} MB + ${MB} MB`, 'goal', 'met'],
    ['keyed create (median)', `${base.create.toFixed(1)} ms`, `${sized.create.toFixed(1)} ms`, `adds < 500 ms (adds ${added.toFixed(1)} ms)`, added < 500 ? 'yes' : 'NO'],
    ['keyed create (max)', `${base.createMax.toFixed(1)} ms`, `${sized.createMax.toFixed(1)} ms`, '', ''],
    ['repeated key', `${base.repeat.toFixed(1)} ms`, `${sized.repeat.toFixed(1)} ms`, '', ''],
    [`reads meanwhile (max of ${sized.reads})`, `${base.readMax.toFixed(1)} ms`, `${sized.readMax.toFixed(1)} ms`, 'not held up (< 500 ms)', sized.readMax < 500 ? 'yes' : 'NO'],
    ['cancel_all_orders', `${base.cancel.toFixed(1)} ms`, `${sized.cancel.toFixed(1)} ms`, '< 1000 ms', sized.cancel < 1000 ? 'yes' : 'NO'],
    ['serve start (first: builds the index)', `${a.startMs.toFixed(0)} ms`, `${b.startMs.toFixed(0)} ms`, '', ''],
    ['serve start (index built)', '', `${c.startMs.toFixed(0)} ms`, '', ''],
  ];
  if (args.includes('--json')) console.log(JSON.stringify({ mb: MB, fillMs, base, sized, starts: [a.startMs, b.startMs, c.startMs] }));
  else {
    const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) console.log(r.map((x, i) => x.padEnd(w[i])).join('  '));
    console.log(`(${MB} MB files written in ${(fillMs / 1000).toFixed(1)} s)`);
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
}
