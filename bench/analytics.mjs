// Orderbook analytics on deep books: bookStats and bookImpact from src/analytics/book.ts, bundled
// on the fly with esbuild (the module pmt itself runs), timed on books of 1,000 and 10,000 levels
// per side (CPU time per call, median of batches; wall time alongside). Checks on the way: linear growth (10x the levels must cost about 10x, not more), and
// no sorting of levels that arrive sorted (Array.prototype.sort is counted during the calls).
//
//   node bench/analytics.mjs [--json]
import { build } from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src/analytics/book.ts');
const json = process.argv.includes('--json');

function emit(result) {
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

if (!existsSync(src)) {
  emit({ skipped: 'src/analytics/book.ts is not in this tree yet (the orderbook analytics land from another branch)' });
  process.exit(0);
}

const out = join(root, 'bench/tmp/analytics.mjs');
mkdirSync(dirname(out), { recursive: true });
await build({ entryPoints: [src], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'error' });
const mod = await import(pathToFileURL(out).href + `?t=${Date.now()}`);
const { bookStats, bookImpact } = mod;
if (typeof bookStats !== 'function' || typeof bookImpact !== 'function') {
  emit({ skipped: 'src/analytics/book.ts does not export bookStats and bookImpact' });
  process.exit(0);
}

/** A deterministic book: `levels` per side on a 1e-6 price grid, asks ascending, bids descending. */
function makeBook(levels) {
  const step = Math.floor(400_000 / levels);
  const asks = [];
  const bids = [];
  let seed = 42;
  const size = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % 100_000) / 100;
  };
  for (let i = 0; i < levels; i++) {
    asks.push({ price: (500_100 + step * i) / 1e6, size: size() });
    bids.push({ price: (499_900 - step * i) / 1e6, size: size() });
  }
  return { asset_id: 'BENCH', asks, bids, hash: null, last_update_id: null, timestamp: '2025-01-01T00:00:00.000Z' };
}

const TS = '2025-01-01T00:00:00.000Z';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Time of one call, in ms, from 25 batches sized to run about 20 ms each: the median over batches
 * of CPU time (what the computation costs, whatever else the machine runs) and of wall time.
 */
function time(fn) {
  for (let i = 0; i < 50; i++) fn(); // warm up: let the JIT settle
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    if (performance.now() - t0 > 20 || batch > 1e6) break;
    batch *= 2;
  }
  const cpu = [];
  const wall = [];
  for (let r = 0; r < 25; r++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    wall.push((performance.now() - t0) / batch);
    cpu.push((cpuMs() - c0) / batch);
  }
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return { ms: median(cpu), wall_ms: median(wall) };
}

/** How many times Array.prototype.sort / toSorted run during fn. */
function sortCalls(fn) {
  const { sort, toSorted } = Array.prototype;
  let n = 0;
  Array.prototype.sort = function (...a) {
    n++;
    return sort.apply(this, a);
  };
  if (toSorted) {
    Array.prototype.toSorted = function (...a) {
      n++;
      return toSorted.apply(this, a);
    };
  }
  try {
    fn();
  } finally {
    Array.prototype.sort = sort;
    if (toSorted) Array.prototype.toSorted = toSorted;
  }
  return n;
}

const result = { levels_per_side: 10_000, cases: [] };
for (const levels of [1_000, 10_000]) {
  const book = makeBook(levels);
  const depth = book.asks.reduce((s, l) => s + l.size, 0);
  // A size that walks the whole ask side (the worst case for impact).
  const size = Math.floor(depth);
  const cases = [
    ['stats', () => bookStats(book, TS)],
    ['impact (walks every level)', () => bookImpact(book, size, TS)],
  ];
  for (const [name, fn] of cases) {
    result.cases.push({ name, levels, ...time(fn), sorts: sortCalls(fn) });
  }
}
const at = (name, levels) => result.cases.find((c) => c.name === name && c.levels === levels).ms;
result.stats_ms = at('stats', 10_000);
result.impact_ms = at('impact (walks every level)', 10_000);
result.stats_growth = at('stats', 10_000) / at('stats', 1_000);
result.impact_growth = at('impact (walks every level)', 10_000) / at('impact (walks every level)', 1_000);
result.sorts = result.cases.reduce((s, c) => s + c.sorts, 0);
emit(result);
