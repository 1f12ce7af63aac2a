// The event-loop floor for the serve goal: a trivial node:http server (answers `{}` at once) in a
// process of its own, driven at the same concurrency as bench/serve.mjs drives `pmt serve`, with
// the same monitorEventLoopDelay settings. Its largest delay is what this machine's scheduling
// alone costs a Node server under that load; pmt serve's is judged next to it.
//
//   node bench/lib/loop-baseline.mjs [--concurrency 16] [--seconds 5]   → one JSON line
import { fork } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.argv[2] === 'server') {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const srv = http.createServer((_q, r) => r.end('{}'));
  srv.listen(0, '127.0.0.1', () => {
    h.enable();
    process.send({ port: srv.address().port });
  });
  process.on('message', () => {
    process.send({ max: h.max / 1e6, p99: h.percentile(99) / 1e6 });
    srv.close();
    process.disconnect();
  });
} else {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const concurrency = arg('concurrency', 16);
  const seconds = arg('seconds', 5);
  const child = fork(new URL(import.meta.url).pathname, ['server']);
  const { port } = await new Promise((r) => child.once('message', r));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = () =>
    new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
  const until = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await get();
        n += 1;
      }
    }),
  );
  child.send('stats');
  const loop = await new Promise((r) => child.once('message', r));
  agent.destroy();
  process.stdout.write(JSON.stringify({ requests_per_s: Math.round(n / seconds), event_loop_delay_max_ms: loop.max, event_loop_delay_p99_ms: loop.p99 }) + '\n');
}
