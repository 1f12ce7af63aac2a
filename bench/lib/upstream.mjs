// The benchmark's upstream, in a process of its own: the project's loopback doubles behind
// replaying fronts (bench/lib/replay.mjs), one set per catalogue size. Being apart from the
// harness lets the harness time every run with a blocking spawn (nothing of its own to schedule
// while a measured process runs), and the fronts stamp request arrivals with the machine-wide
// monotonic clock (process.hrtime) the harness also reads.
//
// Started by bench/run.mjs with an IPC channel:
//   argv[2]: JSON {name: {kalshi: N, polymarketEvents: N, latencyMs?: N}, ...}
//   → {ready: {name: {env}}}
//   ← {id, cmd: 'clear'|'first'|'log', name?, since?}  → {id, result}
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startReplay } from './replay.mjs';

const root = new URL('../..', import.meta.url).pathname;
const { startDoubles } = await import(pathToFileURL(join(root, '.doubles/lib.js')).href);
const sizes = JSON.parse(process.argv[2]);

const sets = {};
for (const [name, size] of Object.entries(sizes)) {
  const d = await startDoubles({ kalshi: { markets: size.kalshi }, polymarket: { events: size.polymarketEvents } });
  const fronts = [];
  const env = {};
  for (const [k, url] of Object.entries(d.env)) {
    const f = await startReplay(url, { latencyMs: size.latencyMs ?? 0 });
    fronts.push(f);
    env[k] = f.url;
  }
  sets[name] = { d, fronts, env };
}

const handlers = {
  clear: () => {
    for (const s of Object.values(sets)) for (const f of s.fronts) f.clear();
    return null;
  },
  /** Earliest arrival (ns, monotonic) at or after `since` on any front of any set. */
  first: ({ since }) => {
    const all = Object.values(sets).flatMap((s) => s.fronts.map((f) => f.firstAfter(since)));
    const hits = all.filter((x) => x !== undefined);
    return hits.length ? Math.min(...hits) : null;
  },
  /** Every GET logged by one set's fronts since the last clear, in arrival order, as full URLs. */
  log: ({ name }) =>
    sets[name].fronts
      .flatMap((f) => f.log.map((e) => ({ at: e.at, url: f.origin + e.url })))
      .sort((a, b) => a.at - b.at)
      .map((e) => e.url),
};

process.on('message', async (m) => {
  if (m.cmd === 'close') {
    for (const s of Object.values(sets)) {
      await Promise.all(s.fronts.map((f) => f.close()));
      await s.d.close();
    }
    process.disconnect();
    return;
  }
  process.send({ id: m.id, result: handlers[m.cmd](m) });
});
process.send({ ready: Object.fromEntries(Object.entries(sets).map(([k, s]) => [k, { env: s.env }])) });
