// The measured goals. Each returns goal rows, the subjects it measured, and notes for the report.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOnce, sample, stats } from './proc.mjs';
import { fmtMs, fmtX, goalRow } from './report.mjs';

const NODE = process.execPath;

/** `node -e 0` under the subjects' Node, the floor every start-up ratio is taken against. */
export const bare = (ctx, env = ctx.env) => ({ name: 'node -e 0', cmd: ctx.node.bin, args: ['-e', '0'], env });

export function pmtSubject(ctx, name, args, extra = {}) {
  return { name, cmd: ctx.node.bin, args: [ctx.bin, ...args], env: ctx.env, ...extra };
}

/**
 * Median over rounds of subject / baseline within the same round (the two ran moments apart):
 * a second view of the ratio that slow drifts in machine load cannot move.
 */
export function pairedRatio(subject, baseline) {
  return stats(subject.samples.map((v, i) => v / baseline.samples[i])).median;
}

/** "1.23x (paired 1.21x)": the ratio of medians the goal is judged on, and the paired one. */
export const fmtRatio = (ratio, paired) => `${fmtX(ratio)} (paired ${fmtX(paired)})`;

export const summary = (name, s) => ({ name, n: s.n, median: s.median, p25: s.p25, p75: s.p75, min: s.min });

/** One goal row judged on the ratio of medians of `name` to `base` in the samples `r`. */
function ratioRow(r, goal, name, base, limit) {
  const ratio = r[name].median / r[base].median;
  return goalRow(goal, fmtMs(r[name].median), fmtMs(r[base].median), fmtRatio(ratio, pairedRatio(r[name], r[base])), `<= ${limit.toFixed(2)}x`, ratio <= limit);
}

/** Start-up: commands that never touch the network, against bare Node. */
export async function startup(ctx) {
  const limits = { 'pmt --version': 1.2, 'pmt --help': 1.3, 'pmt completion bash': 1.3 };
  const subjects = [bare(ctx), pmtSubject(ctx, 'pmt --version', ['--version']), pmtSubject(ctx, 'pmt --help', ['--help']), pmtSubject(ctx, 'pmt completion bash', ['completion', 'bash'])];
  const r = await sample(subjects, { runs: ctx.runs.startup, warmup: ctx.runs.warmup, onRound: ctx.progress('start-up') });
  const rows = subjects.slice(1).map((s) => ratioRow(r, `\`${s.name}\` vs \`node -e 0\``, s.name, 'node -e 0', limits[s.name]));
  return { rows, subjects: Object.entries(r).map(([k, v]) => summary(k, v)), notes: [], medians: r };
}

/**
 * A one-request command, whole process (spawn to exit), against bare Node: `pmt book stats` on a
 * small public Polymarket book (one CLOB GET answered from memory). The time from spawn to the
 * request reaching the double is reported beside it.
 */
export async function network(ctx) {
  const list = runOnce(ctx.node.bin, [ctx.bin, 'markets', 'list', '--exchange', 'polymarket', '--limit', '1', '--json'], { env: ctx.env, keepStdout: true });
  if (list.code !== 0) throw new Error(`pmt markets list against the doubles failed: ${list.stderr}`);
  const token = JSON.parse(list.stdout).markets.flatMap((m) => m.outcomes ?? []).find((o) => o.token_id)?.token_id;
  if (!token) throw new Error('no Polymarket token in the doubles\' catalogue');
  const args = ['book', 'stats', token, '--exchange', 'polymarket', '--json'];
  const name = 'pmt book stats <token> --exchange polymarket --json';
  const firstMs = [];
  const first = async (r, round) => {
    const at = await ctx.upstream.call('first', { since: r.t0 });
    if (at === null) throw new Error(`${name}: no upstream request reached the doubles`);
    if (round >= 0) firstMs.push((at - r.t0) / 1e6);
    return r.ms;
  };
  const subjects = [bare(ctx), pmtSubject(ctx, name, args, { after: first })];
  const r = await sample(subjects, { runs: ctx.runs.startup, warmup: ctx.runs.warmup, onRound: ctx.progress('one request') });
  const rows = [ratioRow(r, `\`${name}\` (small public book), whole process vs \`node -e 0\``, name, 'node -e 0', 3)];
  const f = stats(firstMs);
  const notes = [`One request: \`${name}\` reached the double ${fmtMs(f.median)} after spawn (median; ${fmtX(f.median / r['node -e 0'].median)} of \`node -e 0\`) and exited at ${fmtMs(r[name].median)}.`];
  return { rows, subjects: [summary('node -e 0', r['node -e 0']), summary(name, r[name]), summary(`${name}: spawn to its request`, f)], notes };
}

/** Goal 4: analytics on a 10,000-level book (bench/analytics.mjs in its own process). */
export async function analytics(ctx) {
  const r = runOnce(NODE, [join(ctx.root, 'bench/analytics.mjs'), '--json'], { env: ctx.env, keepStdout: true });
  if (r.code !== 0) throw new Error(`bench/analytics.mjs failed: ${r.stderr}`);
  const res = JSON.parse(r.stdout.trim().split('\n').pop());
  if (res.skipped) return { rows: [goalRow('analytics: stats and impact, 10,000-level book', '—', '—', '—', '< 1 ms', null, res.skipped)], subjects: [], notes: [`Analytics skipped: ${res.skipped}.`] };
  const rows = [
    goalRow('`bookStats`, 10,000 levels per side', fmtMs(res.stats_ms), '—', `${fmtX(res.stats_growth)} for 10x levels`, '< 1 ms, no sort', res.stats_ms < 1 && res.sorts === 0),
    goalRow('`bookImpact` walking all 10,000 ask levels', fmtMs(res.impact_ms), '—', `${fmtX(res.impact_growth)} for 10x levels`, '< 1 ms, no sort', res.impact_ms < 1 && res.sorts === 0),
  ];
  const notes = [
    `Analytics (CPU time per call, median of 25 batches; wall time in brackets): ${res.cases.map((c) => `${c.name} at ${c.levels.toLocaleString('en-US')} levels per side ${fmtMs(c.ms)} (${fmtMs(c.wall_ms)})`).join('; ')}; Array.prototype.sort calls during them: ${res.sorts}.`,
  ];
  return { rows, subjects: [], notes };
}

/** Goal 5: `pmt serve` under load (bench/serve.mjs, written with the serve command). */
export async function serve(ctx) {
  const script = join(ctx.root, 'bench/serve.mjs');
  let exists = true;
  try {
    readFileSync(script);
  } catch {
    exists = false;
  }
  const skip = (why) => ({ rows: [goalRow('`pmt serve` fetch_orderbook_stats, concurrency 16', '—', '—', '—', 'event-loop stall <= 50 ms', null, why)], subjects: [], notes: [`Serve skipped: ${why}.`] });
  if (!exists) return skip('bench/serve.mjs is not in this tree yet (it lands with `pmt serve`)');
  const r = runOnce(NODE, [script, '--json', '--concurrency', '16'], { env: ctx.env, keepStdout: true });
  const line = r.stdout.trim().split('\n').pop();
  if (r.code !== 0 || !line?.startsWith('{')) return skip(`bench/serve.mjs failed (exit ${r.code}): ${r.stderr.trim().split('\n').slice(-2).join(' ')}`);
  const s = JSON.parse(line);
  const stall = s.server_event_loop_delay_max_ms;
  // The machine's own share: a trivial node:http server's event-loop delay under the same load.
  const floor = runOnce(NODE, [join(ctx.root, 'bench/lib/loop-baseline.mjs'), '--concurrency', String(s.concurrency), '--seconds', '5'], { env: ctx.env, keepStdout: true });
  const base = floor.code === 0 ? JSON.parse(floor.stdout.trim().split('\n').pop()) : null;
  const rows = [
    goalRow(
      `\`pmt serve\` fetch_orderbook_stats, concurrency ${s.concurrency}`,
      `${s.requests_per_s} req/s; p50 ${fmtMs(s.p50_ms)}, p99 ${fmtMs(s.p99_ms)}`,
      base ? `trivial node:http server: ${base.requests_per_s} req/s, max event-loop delay ${fmtMs(base.event_loop_delay_max_ms)}` : `${s.loopback_ceiling_requests_per_s} req/s (trivial node:http server)`,
      `max event-loop delay ${stall == null ? '—' : fmtMs(stall)} (p99 ${fmtMs(s.server_event_loop_delay_p99_ms)})`,
      'stall <= 50 ms',
      stall == null ? null : stall <= 50,
    ),
  ];
  return { rows, subjects: [], notes: [`Serve: ${s.requests} requests in ${s.seconds} s, ${s.failed} failed, max latency ${fmtMs(s.max_ms)}.`] };
}

/** A private, empty config dir so no profile of the person running the bench is read. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pmt-bench-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The book stream under 1,000 deltas/s (bench/stream.mjs): `book watch --ndjson` lag, CPU and RSS,
 * the terminal view's frame rate and `q`, and `pmt serve` with 100 SSE clients on one asset.
 */
export async function stream(ctx, seconds = 60) {
  const script = join(ctx.root, 'bench/stream.mjs');
  const r = runOnce(NODE, [script, '--json', '--seconds', String(seconds)], { env: ctx.env, keepStdout: true });
  const line = r.stdout.trim().split('\n').pop();
  if (r.code !== 0 || !line?.startsWith('{')) {
    const why = `bench/stream.mjs failed (exit ${r.code}): ${r.stderr.trim().split('\n').slice(-2).join(' ')}`;
    return { rows: [goalRow('`book watch --ndjson` at 1,000 deltas/s', '—', '—', '—', 'lag p99 < 50 ms', null, why)], subjects: [], notes: [`Stream skipped: ${why}.`] };
  }
  const s = JSON.parse(line);
  const n = s.ndjson;
  const v = s.view;
  const sv = s.serve;
  const rows = [
    goalRow(`\`book watch --ndjson\`, ${s.rate} deltas/s for ${s.seconds} s`, `lag p50 ${fmtMs(n.lag_p50_ms)}, p99 ${fmtMs(n.lag_p99_ms)}`, `${n.received_deltas} of ${n.sent} deltas`, `p99 ${fmtMs(n.lag_p99_ms)}`, 'lag p99 < 50 ms', n.lag_p99_ms < 50),
    goalRow('`book watch --ndjson` CPU', `${(n.cpu_share * 100).toFixed(1)}% of one core`, '—', `${n.cpu_share}`, '< 1 core', n.cpu_share < 1),
    goalRow('`book watch --ndjson` RSS', `${n.rss_first_mib} → ${n.rss_last_mib} MiB`, `first/last ${n.rss_window_s} s`, `${n.rss_change_pct}%`, 'within 5%', Math.abs(n.rss_change_pct) <= 5),
    goalRow('`book watch` terminal view', `${v.frames_per_s} frames/s; q ends it in ${fmtMs(v.quit_ms)} (exit ${v.quit_exit})`, '—', `${v.frames_per_s}/s`, '<= 20 frames/s', v.frames_per_s <= 20.5 && v.quit_exit === 0),
    goalRow(`\`pmt serve\`, ${sv.clients} SSE clients on one asset`, `${sv.upstream_subscribes} upstream subscription(s); ${sv.events_per_client_min}–${sv.events_per_client_max} events each`, `RSS ${sv.rss_start_mib} → max ${sv.rss_max_mib} MiB`, `${sv.upstream_subscribes} sub`, '1 upstream, RSS bounded', sv.upstream_subscribes === 1),
  ];
  return { rows, subjects: [], notes: [`Stream: Kalshi book, deltas driven by the in-process doubles; lag is send time (ts_ms) → line read from pmt's stdout. Serve RSS over ${sv.seconds} s: start ${sv.rss_start_mib}, mid ${sv.rss_mid_mib ?? '—'}, end ${sv.rss_end_mib} MiB.`] };
}

/**
 * Trading under stream fan-out (bench/serve-fanout.mjs, issue 28 item 8): `cancel_all_orders` over
 * `pmt serve` while 300 SSE clients (half never reading) follow one book changing 2,000 times a
 * second. Goal: every cancel answers within a second (the first one, cold, included).
 */
export async function fanout(ctx) {
  const script = join(ctx.root, 'bench/serve-fanout.mjs');
  const r = runOnce(NODE, [script, '--json'], { env: ctx.env, keepStdout: true });
  const line = r.stdout.trim().split('\n').pop();
  if (!line?.startsWith('{')) {
    const why = `bench/serve-fanout.mjs failed (exit ${r.code}): ${r.stderr.trim().split('\n').slice(-2).join(' ')}`;
    return { rows: [goalRow('`cancel_all_orders` under SSE fan-out', '—', '—', '—', 'every cancel < 1 s', null, why)], subjects: [], notes: [`Fan-out skipped: ${why}.`] };
  }
  const f = JSON.parse(line);
  const rows = [
    goalRow(
      `\`cancel_all_orders\` over serve, ${f.clients} SSE clients (${f.never_reading} never reading), ${f.rate_per_s} book changes/s`,
      `p50 ${fmtMs(f.cancel_ms_p50)}, max ${fmtMs(f.cancel_ms_max)} (${f.cancel_ms.length} cancels)`,
      `RSS ${f.rss_start_mib} → ${f.rss_end_mib} MiB; ${f.upstream_connections} upstream`,
      `max ${fmtMs(f.cancel_ms_max)}`,
      'every cancel < 1 s',
      f.pass,
    ),
  ];
  return { rows, subjects: [], notes: [`Fan-out: cancels ${f.cancel_ms.join(', ')} ms; statuses ${f.cancel_statuses.join(', ')}.`] };
}
