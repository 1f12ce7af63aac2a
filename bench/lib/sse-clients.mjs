// The SSE clients of bench/serve-fanout.mjs, in a process of their own (so reading 300 streams
// does not slow the doubles that answer pmt's upstream requests). argv: base token asset clients.
// Half read, half send their request and never read. Reports {ready} once every reader got data,
// then on request {report: {readers_min_bytes, still_connected}}.
import net from 'node:net';

const [base, token, asset, n] = process.argv.slice(2);
const CLIENTS = Number(n);
const { hostname, port } = new URL(base);
const readers = Math.ceil(CLIENTS / 2);
const got = new Array(readers).fill(0);
const ended = new Array(CLIENTS).fill(false);
const sockets = [];
for (let i = 0; i < CLIENTS; i++) {
  const s = net.connect(Number(port), hostname);
  s.write(`GET /v1/orderbook/stream?asset_id=${asset} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  s.on('error', () => {});
  s.on('close', () => (ended[i] = true));
  if (i < readers) s.on('data', (b) => (got[i] += b.length));
  else s.pause();
  sockets.push(s);
}
const wait = setInterval(() => {
  if (got.every((g) => g > 0)) {
    clearInterval(wait);
    process.send({ ready: true });
  }
}, 20);
process.on('message', (m) => {
  if (m === 'report') process.send({ report: { readers_min_bytes: got.length ? Math.min(...got) : 0, still_connected: ended.filter((e) => !e).length } });
  if (m === 'close') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
