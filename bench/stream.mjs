// The book stream under load: 1,000 deltas/s on one Kalshi book for --seconds (default 60).
//
//   npm run build && node bench/stream.mjs [--seconds 60] [--rate 1000] [--clients 100] [--json]
//
// The doubles run in this process (.doubles/lib.js) and drive the deltas; every delta carries its
// send time (`ts_ms`), which pmt passes through as `exchange_ts`, so lag is measured end to end:
// double → WebSocket → pmt → NDJSON on a pipe → this process, on one clock.
//   1. `pmt book watch --ndjson`: lag p50/p99, pmt's CPU (from /proc, share of one core), RSS
//      sampled each second (flat: mean of the last 10 s within 5% of the first 10 s; with runs
//      under 30 s, the last third against the first third).
//   2. The terminal view (PMT_FORCE_TTY, stdout on a pipe): frames per second (each frame starts
//      with cursor-home) and how long `q` takes to end it, under the same load.
//   3. `pmt serve` with --clients SSE clients on the same asset: upstream subscriptions the
//      Kalshi double saw, events each client got, server RSS over the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SECONDS = opt('seconds', 60);
const RATE = opt('rate', 1000);
const CLIENTS = opt('clients', 100);
const VIEW_SECONDS = Math.min(10, SECONDS);
const TICKER = 'KXBOOK-26DEC31-NORMAL';
const { startDoubles, makeKalshiKey } = await import(join(root, '.doubles/lib.js'));

const d = await startDoubles();
const key = makeKalshiKey('00000000-0000-4000-8000-0000000be4c0');
d.kalshi.auth.register(key.keyId, key.publicKey);
const dir = mkdtempSync(join(tmpdir(), 'pmt-bench-stream-'));
const pem = join(dir, 'k.pem');
writeFileSync(pem, key.privatePem, { mode: 0o600 });
const env = {
  PATH: process.env.PATH,
  HOME: dir,
  PMT_CONFIG_DIR: dir,
  NO_COLOR: '1',
  ...d.env,
  KALSHI_API_KEY_ID: key.keyId,
  KALSHI_PRIVATE_KEY_PATH: pem,
};
/** ms per clock tick of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK = 10;

/** CPU seconds (user + system) and RSS (bytes) of a process, from /proc. */
function usage(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) * (TICK / 1000);
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
    return { cpu, rss };
  } catch {
    return null;
  }
}

/** 1,000 deltas/s as 10 every 10 ms: a level appears and goes again, so the book stays its size. */
function load(rate) {
  let n = 0;
  const perTick = Math.max(1, Math.round(rate / 100));
  const start = Date.now();
  const timer = setInterval(() => {
    // Catch up with the wall clock (timers drift under load), at most a second's worth at once.
    const due = Math.min(rate, Math.floor(((Date.now() - start) / 1000) * rate) - n);
    for (let i = 0; i < Math.max(due, perTick) && i < rate; i++, n++) {
      const p = 0.3 + (n % 50) / 1000;
      d.kalshi.stream.delta(TICKER, 'yes', p, n % 2 === 0 ? 5 : -5, Date.now());
    }
  }, 10);
  return { stop: () => clearInterval(timer), sent: () => n };
}

const pct = (xs, p) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ndjson() {
  process.stderr.write("stream bench: book watch --ndjson\n");
  const child = spawn(process.execPath, [join(root, 'bin/pmt'), 'book', 'watch', TICKER, '--ndjson'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  let events = 0;
  let started = false;
  const lags = [];
  let stderr = '';
  child.stderr.on('data', (x) => (stderr += x));
  child.stdout.on('data', (chunk) => {
    const now = Date.now();
    buf += chunk.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      events += 1;
      started = true;
      if (line.startsWith('{"kind":"delta"')) {
        const ts = /"exchange_ts":"([^"]+)"/.exec(line)?.[1];
        if (ts) lags.push(now - Date.parse(ts));
      }
    }
  });
  while (!started) {
    if (child.exitCode !== null) throw new Error(`book watch exited ${child.exitCode}: ${stderr}`);
    await sleep(20);
  }
  const u0 = usage(child.pid);
  const t0 = Date.now();
  const gen = load(RATE);
  const rss = [];
  for (let s = 0; s < SECONDS; s++) {
    await sleep(1000);
    rss.push(usage(child.pid)?.rss ?? 0);
  }
  gen.stop();
  const u1 = usage(child.pid);
  const elapsed = (Date.now() - t0) / 1000;
  await sleep(300);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const w = SECONDS >= 30 ? 10 : Math.max(1, Math.floor(SECONDS / 3));
  const first = mean(rss.slice(0, w));
  const last = mean(rss.slice(-w));
  return {
    sent: gen.sent(),
    received_deltas: lags.length,
    lag_p50_ms: pct(lags, 50),
    lag_p99_ms: pct(lags, 99),
    lag_max_ms: pct(lags, 100),
    cpu_share: u0 && u1 ? Number(((u1.cpu - u0.cpu) / elapsed).toFixed(3)) : null,
    rss_first_mib: Number((first / 2 ** 20).toFixed(1)),
    rss_last_mib: Number((last / 2 ** 20).toFixed(1)),
    rss_change_pct: Number((((last - first) / first) * 100).toFixed(1)),
    rss_window_s: w,
  };
}

async function view() {
  process.stderr.write("stream bench: terminal view\n");
  const child = spawn(process.execPath, [join(root, 'bin/pmt'), 'book', 'watch', TICKER], { env: { ...env, PMT_FORCE_TTY: '120', LINES: '40' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let frames = 0;
  let live = false;
  child.stdout.on('data', (c) => {
    const s = c.toString();
    frames += s.split('\u001b[H').length - 1;
    if (s.includes('● live')) live = true;

  });
  let verr = '';
  child.stderr.on('data', (x) => (verr += x));
  while (!live) {
    if (child.exitCode !== null) throw new Error(`book watch (view) exited ${child.exitCode}: ${verr}`);
    await sleep(20);
  }
  const gen = load(RATE);
  const f0 = frames;
  const t0 = Date.now();
  await sleep(VIEW_SECONDS * 1000);
  const fps = (frames - f0) / ((Date.now() - t0) / 1000);
  const q0 = Date.now();
  if (process.env.BENCH_DEBUG) process.stderr.write(`view: ${fps} fps, sending q\n`);
  child.stdin.write('q');
  const code = await new Promise((r) => child.once('exit', r));
  const quitMs = Date.now() - q0;
  gen.stop();
  return { frames_per_s: Number(fps.toFixed(1)), quit_ms: quitMs, quit_exit: code };
}

async function serve() {
  process.stderr.write("stream bench: serve\n");
  const TOKEN = 'bench-stream-token-' + 'x'.repeat(24);
  const child = spawn(process.execPath, [join(root, 'bin/pmt'), 'serve', '--port', '0'], { env: { ...env, PMT_SERVE_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  child.stderr.on('data', () => {});
  const subs0 = d.kalshi.stream.stats.subscribes;
  const conns0 = d.kalshi.stream.connections().length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });
  const counts = new Array(CLIENTS).fill(0);
  const reqs = [];
  for (let i = 0; i < CLIENTS; i++) {
    reqs.push(
      http.get(`${base}/v1/orderbook/stream?asset_id=${TICKER}`, { agent, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
        res.on('data', (c) => (counts[i] += c.toString().split('\ndata: ').length - 1 + (c.toString().startsWith('data: ') ? 1 : 0)));
      }),
    );
  }
  while (counts.some((c) => c === 0)) await sleep(20);
  const r0 = usage(child.pid)?.rss ?? 0;
  const gen = load(RATE);
  const secs = Math.min(SECONDS, 20);
  const rss = [];
  for (let s = 0; s < secs; s++) {
    await sleep(1000);
    rss.push(usage(child.pid)?.rss ?? 0);
  }
  gen.stop();
  const upstreamSubscriptions = d.kalshi.stream.stats.subscribes - subs0;
  const upstreamConnections = d.kalshi.stream.connections().length - conns0;
  for (const r of reqs) r.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    clients: CLIENTS,
    seconds: secs,
    upstream_subscribes: upstreamSubscriptions,
    upstream_connections: upstreamConnections,
    events_per_client_min: Math.min(...counts),
    events_per_client_max: Math.max(...counts),
    rss_start_mib: Number((r0 / 2 ** 20).toFixed(1)),
    rss_max_mib: Number((Math.max(...rss) / 2 ** 20).toFixed(1)),
    rss_mid_mib: Number((rss[Math.floor(rss.length / 2)] / 2 ** 20).toFixed(1)),
    rss_end_mib: Number((rss.at(-1) / 2 ** 20).toFixed(1)),
  };
}

try {
  const out = { seconds: SECONDS, rate: RATE, ndjson: await ndjson(), view: await view(), serve: await serve() };
  if (args.includes('--json')) process.stdout.write(JSON.stringify(out) + '\n');
  else process.stdout.write(JSON.stringify(out, null, 2) + '\n');
} finally {
  await d.close();
}
