// Goal 3: `--all --ndjson` over a large catalogue against the node:http floor, both measured beyond
// their own start-up; and memory flat in the catalogue size.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bare, fmtRatio, pmtSubject, summary } from './goals.mjs';
import { runOnce, sample, stats } from './proc.mjs';
import { fmtMs, fmtX, goalRow } from './report.mjs';

const NODE = process.execPath;
const MiB = (kib) => `${(kib / 1024).toFixed(1)} MiB`;

/**
 * `big` ({exchange, what, env}) and `small` ({env}) are catalogues behind the upstream process's
 * replaying fronts; `extra` (optional) is a larger one whose peak RSS shows the shape of the curve.
 */
export async function paging(ctx, big, small, extra) {
  const notes = [];
  const args = ['markets', 'list', '--exchange', big.exchange, '--all', '--ndjson'];
  const name = `pmt ${args.join(' ')}`;
  // A warm-up run that also records the request sequence for the baseline to replay.
  await ctx.upstream.call('clear');
  const warm = runOnce(NODE, [ctx.bin, ...args], { env: big.env, countLines: true });
  if (warm.code !== 0) throw new Error(`${name} failed: ${warm.stderr}`);
  const urls = await ctx.upstream.call('log', { name: 'big' });
  const urlFile = join(ctx.tmp, 'pages.json');
  writeFileSync(urlFile, JSON.stringify(urls));
  const count = (n) => n.toLocaleString('en-US');
  notes.push(`Paging: ${big.what}; pmt printed ${count(warm.lines)} markets (${(warm.bytes / 2 ** 20).toFixed(1)} MiB of NDJSON) from ${urls.length} requests; the baseline replays exactly these ${urls.length} GETs in order.`);

  // Every subject runs with the stats preload (CPU time and peak RSS at exit).
  const statsFile = join(ctx.tmp, 'stats.json');
  const withStats = (env) => ({ ...env, NODE_OPTIONS: `--require ${join(ctx.root, 'bench/lib/stats.cjs')}`, PMT_BENCH_STATS_FILE: statsFile });
  const readStats = () => JSON.parse(readFileSync(statsFile, 'utf8'));
  const cpu = {};
  const rssBig = [];
  const subject = (s) => {
    cpu[s.name] = [];
    return {
      ...s,
      env: withStats(s.env),
      before: () => writeFileSync(statsFile, '{}'),
      after: (r, round) => {
        if (s.lines !== undefined && r.lines !== s.lines) throw new Error(`${s.name}: printed ${r.lines} lines, the warm-up printed ${s.lines}`);
        const st = readStats();
        if (round >= 0) {
          cpu[s.name].push(st.cpu);
          if (s.name === name) rssBig.push(st.rss);
        }
        return r.ms;
      },
    };
  };
  const subjects = [
    subject(bare(ctx.env)),
    subject(pmtSubject(ctx, 'pmt --version', ['--version'])),
    subject({ name: 'node:http baseline', cmd: NODE, args: [join(ctx.root, 'bench/baseline-pages.mjs'), urlFile], env: ctx.env }),
    subject({ name, cmd: NODE, args: [ctx.bin, ...args], env: big.env, countLines: true, lines: warm.lines }),
  ];
  const r = await sample(subjects, { runs: ctx.runs.paging, warmup: ctx.runs.warmup, onRound: ctx.progress('paging') });
  const beyond = (m) => ({ pmt: m(name) - m('pmt --version'), base: m('node:http baseline') - m('node -e 0') });
  const wall = beyond((k) => r[k].median);
  const cpuB = beyond((k) => stats(cpu[k]).median);
  const what = `\`${name}\` (${count(warm.lines)} markets)`;
  const at = (k, i) => r[k].samples[i];
  const paired = stats(r[name].samples.map((_, i) => (at(name, i) - at('pmt --version', i)) / (at('node:http baseline', i) - at('node -e 0', i)))).median;
  const rows = [
    goalRow(`${what}, time beyond start-up`, fmtMs(wall.pmt), fmtMs(wall.base), fmtRatio(wall.pmt / wall.base, paired), '<= 1.30x', wall.pmt / wall.base <= 1.3),
    goalRow(`${what}, CPU time beyond start-up (same runs)`, fmtMs(cpuB.pmt), fmtMs(cpuB.base), fmtX(cpuB.pmt / cpuB.base), 'for reference', null, 'not a goal'),
  ];

  // Memory: the big catalogue's peak RSS from the timed runs, the small one's from its own runs.
  const peak = async (up, runs) => {
    const out = [];
    let lines = 0;
    for (let i = 0; i < runs; i++) {
      writeFileSync(statsFile, '{}');
      const m = runOnce(NODE, [ctx.bin, ...args], { env: withStats(up.env), countLines: true });
      if (m.code !== 0) throw new Error(`${name} (memory run) failed: ${m.stderr}`);
      lines = m.lines;
      out.push(readStats().rss);
    }
    return { s: stats(out), lines };
  };
  const sm = await peak(small, ctx.runs.memory);
  const bg = stats(rssBig);
  const growth = bg.median / sm.s.median - 1;
  rows.push(
    goalRow(`peak RSS of \`${name}\`: ${count(warm.lines)} vs ${count(sm.lines)} markets`, MiB(bg.median), MiB(sm.s.median), `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%`, '<= +10%', growth <= 0.1),
  );
  const subjectsOut = Object.entries(r).map(([k, v]) => summary(k, v));
  for (const [k, v] of Object.entries(cpu)) subjectsOut.push({ ...summary(`${k} (CPU time)`, stats(v)) });
  subjectsOut.push({ ...summary(`peak RSS, ${count(sm.lines)} markets`, sm.s), kib: true }, { ...summary(`peak RSS, ${count(warm.lines)} markets`, bg), kib: true });
  if (extra) {
    const ex = await peak(extra, ctx.runs.memory);
    subjectsOut.push({ ...summary(`peak RSS, ${count(ex.lines)} markets`, ex.s), kib: true });
    notes.push(`Memory curve (median peak RSS): ${count(sm.lines)} markets ${MiB(sm.s.median)}, ${count(warm.lines)} ${MiB(bg.median)}, ${count(ex.lines)} ${MiB(ex.s.median)}.`);
  }
  return { rows, subjects: subjectsOut, notes, pages: urls.length };
}
