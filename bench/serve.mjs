// Throughput of `pmt serve` for fetch_orderbook_stats under concurrent load over loopback.
//
//   npm run build && node bench/serve.mjs [--concurrency 16] [--requests 5000] [--seconds 20] [--json]
//
// Starts the upstream doubles (node .doubles/doubles.js) and the built `pmt serve` against them,
// picks a Polymarket token from the server's own fetch_markets, then keeps `concurrency` requests
// in flight until `requests` are done or `seconds` have passed. Each request goes client → pmt
// serve → doubles (the book) → analytics → client, all on 127.0.0.1. Prints requests/s, latency
// p50/p99 as the client saw it, and the largest event-loop delay the server saw during the measured
// requests (PMT_SERVE_STATS=1: SIGUSR2 after the warm-up starts the window, shutdown reports it).
//
// The server paces its upstream requests at the exchange's documented rate (Polymarket CLOB: 50/s),
// which would make this a measure of the pacing; the bench lifts it (PMT_POLYMARKET_RATE) to
// measure the server itself. For scale it also measures a trivial Node HTTP server on the same
// machine (one hop, no work): the ceiling of what loopback HTTP reaches here.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const CONCURRENCY = opt('concurrency', 16);
const REQUESTS = opt('requests', 5000);
const SECONDS = opt('seconds', 20);
const WARMUP = Math.min(200, REQUESTS);
const TOKEN = 'bench-token-' + 'x'.repeat(20);

/** Spawn a process and resolve once `pattern` appears on the given stream. */
function start(cmd, argv, env, stream, pattern) {
  const child = spawn(cmd, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const ready = new Promise((res, rej) => {
    // Stop reading for the pattern once it is found: the server logs a line per request, and
    // re-scanning an ever longer text would slow this process enough to let the server's stderr
    // pipe fill, blocking the server's synchronous writes (a stall that is the harness's, not pmt's).
    const look = (d) => {
      text += d.toString();
      const m = pattern.exec(text);
      if (!m) return;
      child[stream].off('data', look);
      res(m);
    };
    child[stream].on('data', look);
    child.on('exit', (code) => rej(new Error(`${cmd} ${argv.join(' ')} exited ${code} before ready:\n${text}`)));
  });
  // Keep draining both pipes so neither process ever blocks on a full pipe.
  const out = { stdout: '', stderr: '' };
  for (const s of ['stdout', 'stderr']) child[s].on('data', (d) => (out[s] = (out[s] + d.toString()).slice(-20000)));
  return { child, ready, out };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function get(base, path) {
  return new Promise((res, rej) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(base + path, { agent, headers: { authorization: `Bearer ${TOKEN}` } }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => res({ status: r.statusCode, body: Buffer.concat(chunks).toString(), ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', rej);
  });
}

/** req/s of a do-nothing Node HTTP server over loopback at the same concurrency, for 3 s. */
async function baseline() {
  const srv = http.createServer((_q, r) => r.end('{}'));
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${srv.address().port}`;
  const until = Date.now() + 3000;
  let n = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < until) {
      await get(base, '/');
      n += 1;
    }
  }));
  srv.close();
  return Math.round(n / 3);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const doubles = start(process.execPath, [join(root, '.doubles/doubles.js')], process.env, 'stdout', /# ready/);
let server;
try {
  await doubles.ready;
  const env = { PMT_POLYMARKET_RATE: '100000', ...process.env, PMT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'pmt-bench-')), PMT_SERVE_STATS: '1', NO_COLOR: '1' };
  for (const line of doubles.out.stdout.split('\n')) {
    const m = /^export (\w+)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2];
  }
  for (const k of Object.keys(env)) if (/^(KALSHI_|POLYMARKET_)/.test(k)) delete env[k];
  // The token by environment: --token on the command line is refused (visible in ps).
  server = start(process.execPath, [join(root, 'bin/pmt'), 'serve', '--port', '0'], { ...env, PMT_SERVE_TOKEN: TOKEN }, 'stderr', /listening on (http:\/\/\S+)\/v1 /);
  const base = (await server.ready)[1];

  const list = await get(base, '/v1/markets/fetch_markets?exchange=polymarket&limit=5');
  if (list.status !== 200) throw new Error(`fetch_markets answered ${list.status}: ${list.body}`);
  const token = JSON.parse(list.body).markets.flatMap((m) => m.outcomes).find((o) => o.token_id)?.token_id;
  if (!token) throw new Error('no Polymarket token in the doubles catalogue');
  const path = `/v1/orderbook/fetch_orderbook_stats?asset_id=${token}`;
  const probe = await get(base, path);
  if (probe.status !== 200) throw new Error(`fetch_orderbook_stats answered ${probe.status}: ${probe.body}`);

  // One loop per concurrent client; each starts its next request when the previous one ends.
  async function run(total, deadline) {
    const lat = [];
    let issued = 0;
    let failed = 0;
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (issued < total && Date.now() < deadline) {
          issued += 1;
          const r = await get(base, path);
          if (r.status === 200) lat.push(r.ms);
          else failed += 1;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return { lat: lat.sort((a, b) => a - b), failed, seconds };
  }
  await run(WARMUP, Date.now() + 10_000);
  // Start the server's event-loop window here, so the warm-up stays out of it.
  const windows = () => (server.out.stderr.match(/stats: requests=/g) ?? []).length;
  server.child.kill('SIGUSR2');
  while (windows() === 0) await new Promise((r) => setTimeout(r, 10));
  const { lat, failed, seconds } = await run(REQUESTS, Date.now() + SECONDS * 1000);

  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  const ceiling = await baseline();
  const stats = [...server.out.stderr.matchAll(/stats: requests=(\d+) event_loop_delay_max_ms=([\d.]+) event_loop_delay_p99_ms=([\d.]+)/g)].at(-1);
  const result = {
    operation: 'fetch_orderbook_stats',
    concurrency: CONCURRENCY,
    requests: lat.length,
    failed,
    seconds: Number(seconds.toFixed(2)),
    requests_per_s: Math.round(lat.length / seconds),
    p50_ms: Number(pct(lat, 50).toFixed(2)),
    p99_ms: Number(pct(lat, 99).toFixed(2)),
    max_ms: Number(lat.at(-1).toFixed(2)),
    server_event_loop_delay_max_ms: stats ? Number(stats[2]) : null,
    server_event_loop_delay_p99_ms: stats ? Number(stats[3]) : null,
    loopback_ceiling_requests_per_s: ceiling,
  };
  if (args.includes('--json')) process.stdout.write(JSON.stringify(result) + '\n');
  else {
    process.stdout.write(
      `pmt serve, fetch_orderbook_stats over loopback, concurrency ${result.concurrency}:\n` +
        `  ${result.requests} requests in ${result.seconds}s (${failed} failed): ${result.requests_per_s} req/s\n` +
        `  latency p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, max ${result.max_ms} ms\n` +
        `  server event-loop delay: max ${result.server_event_loop_delay_max_ms} ms, p99 ${result.server_event_loop_delay_p99_ms} ms\n` +
        `  for scale: a trivial Node HTTP server on this machine answers ${ceiling} req/s at the same concurrency\n`,
    );
  }
  if (failed > 0) process.exitCode = 1;
} catch (e) {
  process.stderr.write(`bench/serve: ${e.message}\n`);
  if (server) process.stderr.write(server.out.stderr.split('\n').slice(-15).join('\n') + '\n');
  process.exitCode = 1;
} finally {
  agent.destroy();
  if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  doubles.child.kill('SIGTERM');
}
