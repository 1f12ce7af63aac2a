// Trading under stream fan-out (issue 28 item 8): `pmt serve` with --clients SSE clients on one
// Kalshi book (half of them never read), the book changing --rate times a second, and a
// `cancel_all_orders` every second meanwhile. Goal: every cancel answers within a second.
//
//   npm run build && node bench/serve-fanout.mjs [--clients 300] [--rate 2000] [--cancels 10] [--json]
//
// The doubles run in this process (.doubles/lib.js) and drive the deltas; `pmt serve` runs as its
// own process (its event loop is what is measured). Reports each cancel's latency (p50, max), the
// SSE clients still connected at the end (the never-reading ones are dropped once their bounded
// queue is full), the upstream subscriptions (one) and the server's RSS. Exit 1 when a cancel took
// a second or more.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
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
const sockets = [];
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
  const { hostname, port } = new URL(base);
  const readers = Math.ceil(CLIENTS / 2);
  const got = new Array(readers).fill(0);
  const ended = new Array(CLIENTS).fill(false);
  for (let i = 0; i < CLIENTS; i++) {
    // Raw sockets: the never-reading half pauses right after its request.
    const s = net.connect(Number(port), hostname);
    s.write(`GET /v1/orderbook/stream?asset_id=${TICKER} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    s.on('error', () => {});
    s.on('close', () => (ended[i] = true));
    if (i < readers) s.on('data', (b) => (got[i] += b.length));
    else s.pause();
    sockets.push(s);
  }
  while (got.some((g) => g === 0)) await sleep(20);
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
  const ms = latencies.map((l) => l.ms).sort((a, b) => a - b);
  const out = {
    clients: CLIENTS,
    never_reading: CLIENTS - readers,
    rate_per_s: RATE,
    deltas_sent: gen.sent(),
    cancel_ms: latencies.map((l) => l.ms),
    cancel_ms_p50: ms[Math.floor(ms.length / 2)],
    cancel_ms_max: ms.at(-1),
    cancel_statuses: [...new Set(latencies.map((l) => l.status))],
    goal_ms: GOAL_MS,
    pass: ms.at(-1) < GOAL_MS,
    clients_still_connected: ended.filter((e) => !e).length,
    readers_min_bytes: Math.min(...got),
    upstream_connections: d.kalshi.stream.connections().length,
    rss_start_mib: Number((rss0 / 2 ** 20).toFixed(1)),
    rss_end_mib: Number((rssOf(child.pid) / 2 ** 20).toFixed(1)),
  };
  process.stdout.write(JSON.stringify(out, null, args.includes('--json') ? undefined : 2) + '\n');
  if (!out.pass) process.exitCode = 1;
} finally {
  gen?.stop();
  for (const s of sockets) s.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  await d.close();
}
