// Bulk listing: `markets list --all --ndjson` over a large catalogue against a plain node:http
// script that fetches and parses the same pages (bench/baseline-pages.mjs), whole processes:
//   - at a real upstream's pace (every page answered after 150 ms): wall time;
//   - with the upstream answering at once: CPU time, and peak RSS of both at 20,000 markets;
//   - peak RSS of the listing at 60,000 markets against both figures at 20,000.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summary } from './goals.mjs';
import { runOnce, sample, stats } from './proc.mjs';
import { fmtMs, fmtX, goalRow } from './report.mjs';

const MiB = (kib) => `${(kib / 1024).toFixed(1)} MiB`;
const count = (n) => n.toLocaleString('en-US');

/**
 * `sets`: { big, slow, huge } catalogues behind the upstream process's replaying fronts, each
 * { name (the upstream set), env, size, latencyMs }.
 */
export async function paging(ctx, exchange, sets) {
  const notes = [];
  const args = ['markets', 'list', '--exchange', exchange, '--all', '--ndjson'];
  const name = `pmt ${args.join(' ')}`;
  const statsFile = join(ctx.tmp, 'stats.json');
  // Every subject runs with the stats preload (CPU time and peak RSS at exit), baseline included.
  const withStats = (env) => ({ ...env, NODE_OPTIONS: `--require ${join(ctx.root, 'bench/lib/stats.cjs')}`, PMT_BENCH_STATS_FILE: statsFile });
  const readStats = () => JSON.parse(readFileSync(statsFile, 'utf8'));

  /** A warm-up run that also records the GETs pmt made, for the baseline to replay in order. */
  const record = async (set) => {
    await ctx.upstream.call('clear');
    const warm = runOnce(ctx.node.bin, [ctx.bin, ...args], { env: set.env, countLines: true });
    if (warm.code !== 0) throw new Error(`${name} failed: ${warm.stderr}`);
    const urls = await ctx.upstream.call('log', { name: set.name });
    const urlFile = join(ctx.tmp, `pages-${set.name}.json`);
    writeFileSync(urlFile, JSON.stringify(urls));
    return { lines: warm.lines, bytes: warm.bytes, urls, urlFile };
  };

  /** pmt and the baseline over one set, interleaved; wall (ms), CPU (ms) and peak RSS (KiB) per run. */
  const race = async (set, rec, label, runs) => {
    const m = {};
    const subject = (s) => {
      m[s.name] = { cpu: [], rss: [] };
      return {
        ...s,
        env: withStats(s.env),
        before: () => writeFileSync(statsFile, '{}'),
        after: (r, round) => {
          if (s.lines !== undefined && r.lines !== s.lines) throw new Error(`${s.name}: printed ${r.lines} lines, the warm-up printed ${s.lines}`);
          const st = readStats();
          if (round >= 0) {
            m[s.name].cpu.push(st.cpu);
            m[s.name].rss.push(st.rss);
          }
          return r.ms;
        },
      };
    };
    const subjects = [
      subject({ name: 'node:http baseline', cmd: ctx.node.bin, args: [join(ctx.root, 'bench/baseline-pages.mjs'), rec.urlFile], env: ctx.env }),
      subject({ name, cmd: ctx.node.bin, args: [ctx.bin, ...args], env: set.env, countLines: true, lines: rec.lines }),
    ];
    const wall = await sample(subjects, { runs, warmup: ctx.runs.warmup, onRound: ctx.progress(label) });
    const pick = (k) => ({ wall: wall[k], cpu: stats(m[k].cpu), rss: stats(m[k].rss) });
    return { pmt: pick(name), base: pick('node:http baseline') };
  };

  const big = await record(sets.big);
  notes.push(`Paging: a Kalshi catalogue of ${count(sets.big.size)} markets (the default --status active lists the open ones); pmt printed ${count(big.lines)} markets (${(big.bytes / 2 ** 20).toFixed(1)} MiB of NDJSON) from ${big.urls.length} requests; the baseline replays exactly these ${big.urls.length} GETs in order, with node:http and JSON.parse.`);
  const slowRec = await record(sets.slow);
  const slow = await race(sets.slow, slowRec, `paging, ${sets.slow.latencyMs} ms a page`, ctx.runs.latency);
  const fast = await race(sets.big, big, 'paging, no added latency', ctx.runs.paging);

  // Memory at three times the catalogue (its own runs).
  const hugeRuns = [];
  let hugeLines = 0;
  for (let i = 0; i < ctx.runs.memory; i++) {
    writeFileSync(statsFile, '{}');
    const r = runOnce(ctx.node.bin, [ctx.bin, ...args], { env: withStats(sets.huge.env), countLines: true });
    if (r.code !== 0) throw new Error(`${name} (${count(sets.huge.size)} markets) failed: ${r.stderr}`);
    hugeLines = r.lines;
    hugeRuns.push(readStats().rss);
  }
  const huge = stats(hugeRuns);

  const size = (s) => `${count(s.size)} markets`;
  const wallRatio = slow.pmt.wall.median / slow.base.wall.median;
  const cpuRatio = fast.pmt.cpu.median / fast.base.cpu.median;
  const vsSelf = huge.median / fast.pmt.rss.median;
  const vsBase = huge.median / fast.base.rss.median;
  const rows = [
    goalRow(`\`${name}\`, ${size(sets.slow)}, every page answered after ${sets.slow.latencyMs} ms: wall vs a plain node:http script`, fmtMs(slow.pmt.wall.median), fmtMs(slow.base.wall.median), fmtX(wallRatio), '<= 1.05x', wallRatio <= 1.05),
    goalRow(`the same listing, no added latency: CPU time vs the plain script`, fmtMs(fast.pmt.cpu.median), fmtMs(fast.base.cpu.median), fmtX(cpuRatio), '<= 1.80x', cpuRatio <= 1.8),
    goalRow(`peak RSS of that listing at ${size(sets.huge)} vs at ${size(sets.big)}`, MiB(huge.median), MiB(fast.pmt.rss.median), fmtX(vsSelf), '<= 1.10x', vsSelf <= 1.1),
    goalRow(`peak RSS of that listing at ${size(sets.huge)} vs the plain script at ${size(sets.big)}`, MiB(huge.median), MiB(fast.base.rss.median), fmtX(vsBase), '<= 1.10x', vsBase <= 1.1),
  ];
  notes.push(
    `Paging at ${sets.slow.latencyMs} ms a page: pmt ${fmtMs(slow.pmt.wall.median)} (CPU ${fmtMs(slow.pmt.cpu.median)}), the baseline ${fmtMs(slow.base.wall.median)} (CPU ${fmtMs(slow.base.cpu.median)}) over ${slowRec.urls.length} requests; no added latency: wall ${fmtMs(fast.pmt.wall.median)} vs ${fmtMs(fast.base.wall.median)}.`,
    `Memory (median peak RSS): pmt ${MiB(fast.pmt.rss.median)} at ${size(sets.big)} (${count(big.lines)} printed), ${MiB(huge.median)} at ${size(sets.huge)} (${count(hugeLines)} printed); the baseline ${MiB(fast.base.rss.median)} at ${size(sets.big)}.`,
  );
  const subjects = [];
  for (const [label, r] of [[`${sets.slow.latencyMs} ms a page`, slow], ['no added latency', fast]]) {
    for (const [who, x] of [['node:http baseline', r.base], [name, r.pmt]]) {
      subjects.push(summary(`${who}, ${label}`, x.wall), summary(`${who}, ${label} (CPU time)`, x.cpu), { ...summary(`${who}, ${label} (peak RSS)`, x.rss), kib: true });
    }
  }
  subjects.push({ ...summary(`${name}, ${size(sets.huge)} (peak RSS)`, huge), kib: true });
  return { rows, subjects, notes, pages: big.urls.length };
}
