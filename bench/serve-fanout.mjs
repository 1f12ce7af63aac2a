// Trading under stream fan-out (issue 28 item 8): `pmt serve` with --clients SSE clients on one
// Kalshi book (half of them never read), the book changing --rate times a second, and a
// `cancel_all_orders` every second meanwhile. Goal: every cancel answers within a second.
//
//   npm run build && node bench/serve-fanout.mjs [--clients 300] [--rate 2000] [--cancels 10] [--json]
//
// The doubles run in this process (.doubles/lib.js) and drive the deltas; the SSE clients run in a
// second process (bench/lib/sse-clients.mjs); `pmt serve` runs as its own (its event loop is
// what is measured). Reports each cancel's latency (p50, max), the
// SSE clients still connected at the end (the never-reading ones are dropped once their bounded
// queue is full), the upstream subscriptions (one) and the server's RSS. Exit 1 when a cancel took
// a second or more.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const CLIENTS = opt('clients', 300);
const RATE = opt('rate', 2000);
const CANCELS = opt('cancels', 10);
const GOAL_MS = 1000;
const TICKER = 'KXBOOK-26DEC31-NORMAL';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const { startDoubles, makeKalshiKey } = await import(join(root, '.doubles/lib.js'));

const d = await startDoubles();
const key = makeKalshiKey('00000000-0000-4000-8000-0000000fa11e');
d.kalshi.auth.register(key.keyId, key.publicKey);
const dir = mkdtempSync(join(tmpdir(), 'pmt-bench-fanout-'));
const pem = join(dir, 'k.pem');
writeFileSync(pem, key.privatePem, { mode: 0o600 });
const TOKEN = 'bench-fanout-token-' + 'x'.repeat(24);
const env = { PATH: process.env.PATH, HOME: dir, PMT_CONFIG_DIR: dir, NO_COLOR: '1', ...d.env, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: pem, PMT_SERVE_TOKEN: TOKEN };

function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}

/** RATE deltas a second as RATE/100 every 10 ms: a level appears and goes again, the book keeps its size. */
function load(rate) {
  let n = 0;
  const start = Date.now();
  const timer = setInterval(() => {
    const due = Math.min(rate, Math.floor(((Date.now() - start) / 1000) * rate) - n);
    for (let i = 0; i < due; i++, n++) d.kalshi.stream.delta(TICKER, 'yes', 0.3 + (n % 50) / 1000, n % 2 === 0 ? 5 : -5, Date.now());
  }, 10);
  return { stop: () => clearInterval(timer), sent: () => n };
}

/** One cancel_all_orders over serve: its status and how long the answer took. */
async function cancel(base) {
  const t0 = performance.now();
  const status = await new Promise((res, rej) => {
    const req = http.request(`${base}/v1/orders/cancel_all_orders`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } }, (r) => {
      r.resume();
      r.on('end', () => res(r.statusCode));
    });
    req.on('error', rej);
    req.end('{"exchange":"kalshi"}');
  });
  return { ms: Math.round(performance.now() - t0), status };
}

const child = spawn(process.execPath, [join(root, 'bin/pmt'), 'serve', '--port', '0', ...(args.includes('--verbose') ? ['--verbose'] : [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let clients;
let gen;
try {
  let err = '';
  const base = await new Promise((res, rej) => {
    const look = (x) => {
      err += x;
      const m = /listening on (http:\/\/\S+)\/v1 /.exec(err);
      if (m) res(m[1]);
    };
    child.stderr.on('data', look);
    child.stdout.on('data', look);
    child.once('exit', (c) => rej(new Error(`serve exited ${c}: ${err}`)));
  });
  child.stderr.on('data', (b) => args.includes('--verbose') && process.stderr.write(b));
  // The clients run in a process of their own: reading 300 streams must not slow the doubles.
  clients = fork(join(root, 'bench/lib/sse-clients.mjs'), [base, TOKEN, TICKER, String(CLIENTS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (what) => new Promise((res) => clients.once('message', res) && clients.send(what));
  await new Promise((res) => clients.once('message', res));
  const rss0 = rssOf(child.pid);
  if (args.includes('--warm')) await cancel(base);
  gen = load(RATE);
  await sleep(1000);
  const latencies = [];
  for (let i = 0; i < CANCELS; i++) {
    latencies.push(await cancel(base));
    await sleep(1000);
  }
  gen.stop();
  const { report } = await ask('report');
  const ms = latencies.map((l) => l.ms).sort((a, b) => a - b);
  const out = {
    clients: CLIENTS,
    never_reading: Math.floor(CLIENTS / 2),
    rate_per_s: RATE,
    deltas_sent: gen.sent(),
    cancel_ms: latencies.map((l) => l.ms),
    cancel_ms_p50: ms[Math.floor(ms.length / 2)],
    cancel_ms_max: ms.at(-1),
    cancel_statuses: [...new Set(latencies.map((l) => l.status))],
    goal_ms: GOAL_MS,
    pass: ms.at(-1) < GOAL_MS,
    clients_still_connected: report.still_connected,
    readers_min_bytes: report.readers_min_bytes,
    upstream_connections: d.kalshi.stream.connections().length,
    rss_start_mib: Number((rss0 / 2 ** 20).toFixed(1)),
    rss_end_mib: Number((rssOf(child.pid) / 2 ** 20).toFixed(1)),
  };
  process.stdout.write(JSON.stringify(out, null, args.includes('--json') ? undefined : 2) + '\n');
  if (!out.pass) process.exitCode = 1;
} finally {
  gen?.stop();
  clients?.send('close');
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  await d.close();
}
