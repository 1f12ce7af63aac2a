// A recording front for an upstream double: the first time a GET is seen it is forwarded to the
// double and its answer kept; after that the same request is answered from memory at once. This
// makes the "upstream" cost of every measured run the same and close to nothing (so neither pmt
// nor the node:http baseline is flattered or hurt by the double's own work), and it stamps the
// arrival of each request with the machine-wide monotonic clock, in ns (process.hrtime, the clock
// runOnce's t0 is read from in the harness process).
import http from 'node:http';

export async function startReplay(targetUrl, { latencyMs = 0 } = {}) {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true });
  const cache = new Map();
  const log = [];
  let hits = 0;
  let misses = 0;

  const forward = (req, body) =>
    new Promise((resolve, reject) => {
      const up = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] ?? 'application/json', body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      up.on('error', reject);
      up.end(body);
    });

  const server = http.createServer((req, res) => {
    const at = Number(process.hrtime.bigint());
    log.push({ at, method: req.method, url: req.url });
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const due = at + latencyMs * 1e6;
      const key = `${req.method} ${req.url}`;
      let reply = req.method === 'GET' ? cache.get(key) : undefined;
      if (reply) hits++;
      else {
        misses++;
        try {
          reply = await forward(req, Buffer.concat(chunks));
        } catch (e) {
          reply = { status: 502, type: 'application/json', body: Buffer.from(JSON.stringify({ error: String(e) })) };
        }
        if (req.method === 'GET' && reply.status === 200) cache.set(key, reply);
      }
      const wait = (due - Number(process.hrtime.bigint())) / 1e6;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      res.writeHead(reply.status, { 'content-type': reply.type, 'content-length': reply.body.length });
      res.end(reply.body);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return {
    /** The double's URL with its host and port pointed at this front (path prefix kept). */
    url: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`,
    origin: `http://127.0.0.1:${port}`,
    log,
    clear: () => (log.length = 0),
    /** Arrival time of the first request at or after t0, or undefined. */
    firstAfter: (t0) => log.find((e) => e.at >= t0)?.at,
    counts: () => ({ hits, misses, cached: cache.size }),
    close: async () => {
      agent.destroy();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}
