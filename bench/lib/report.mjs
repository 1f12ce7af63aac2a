// Printing the benchmark: a plain-text table on stdout and bench/results.md.
import { cpus, loadavg, release, totalmem } from 'node:os';

export const fmtMs = (ms) => (ms == null ? '—' : ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`);
export const fmtX = (x) => (x == null || !Number.isFinite(x) ? '—' : `${x.toFixed(2)}x`);
const fmtMiB = (kib) => `${(kib / 1024).toFixed(1)} MiB`;

export function machine() {
  const c = cpus();
  return {
    node: process.version,
    os: `${process.platform} ${release()}`,
    cpu: `${c.length} x ${c[0]?.model?.trim() ?? 'unknown'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    load: loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}

/** One line per goal: what, measured, baseline, ratio or value, limit, verdict. */
export function goalRow(goal, measured, baseline, value, limit, met, note = '') {
  return { goal, measured, baseline, value, limit, met, note };
}

export function textTable(rows) {
  const head = ['goal', 'node', 'measured', 'baseline', 'ratio/value', 'limit', 'met'];
  const body = rows.map((r) => [r.goal, r.node ?? '—', r.measured, r.baseline, r.value, r.limit, verdict(r.met)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const verdict = (met) => (met === true ? 'yes' : met === false ? 'NO' : 'skipped');

function mdTable(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const HEAD = '# pmt benchmark results';
const INTRO = 'Written by `npm run bench` (bench/run.mjs): every run is appended below, the latest last, so the history stays. Do not edit by hand.';

/** One run as a section of bench/results.md: environment, goals table, every measured subject, notes. */
export function runSection({ started, finished, env, rows, subjects, notes, runs, argv = [] }) {
  const out = [];
  out.push(`## Run of ${finished}${env.nodes?.length ? ` (subjects on Node ${env.nodes.join(', ')})` : ''}`, '');
  out.push('### Machine', '');
  out.push(`- Harness on Node ${env.node} on ${env.os}; ${env.cpu}; ${env.memory}`);
  out.push(`- Load average (1/5/15 min) at start: ${env.loadStart}; at end: ${env.loadEnd}`);
  out.push(`- Started ${started}; ${runs.startup} interleaved runs per start-up subject, ${runs.paging} per paging subject, ${runs.latency} at 150 ms a page, ${runs.memory} at 60,000 markets (after ${runs.warmup} warm-up runs each)${argv.length ? `; \`node bench/run.mjs ${argv.join(' ')}\`` : ''}`);
  out.push("- NODE_EXTRA_CA_CERTS and NODE_OPTIONS unset for every measured process (paging subjects get the stats preload); stdout is a pipe read by the harness; the subjects' compile cache (Node 22+) is a fresh directory, filled by the warm-up runs", '');
  out.push('### Goals', '');
  out.push('Ratios are of medians (what the goals set); "paired" is the median over rounds of the two runs made moments apart, for a view that drifts in load cannot move.', '');
  out.push(mdTable(['goal', 'Node', 'measured', 'baseline', 'ratio / value', 'limit', 'met'], rows.map((r) => [r.goal, r.node ?? '—', r.measured, r.baseline, r.value, r.limit, verdict(r.met) + (r.note ? ` (${r.note})` : '')])));
  out.push('', '### Every subject', '');
  out.push(
    mdTable(
      ['subject', 'n', 'median', 'p25–p75', 'min'],
      subjects.map((s) => (s.kib ? [s.name, s.n, fmtMiB(s.median), `${fmtMiB(s.p25)}–${fmtMiB(s.p75)}`, fmtMiB(s.min)] : [s.name, s.n, fmtMs(s.median), `${fmtMs(s.p25)}–${fmtMs(s.p75)}`, fmtMs(s.min)])),
    ),
  );
  if (notes.length) out.push('', '### Notes', '', ...notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}

/**
 * bench/results.md with this run appended. A file in the older one-run layout (`## Machine` at the
 * top level) becomes the first run of the history, its headings one level down.
 */
export function appendRun(existing, run) {
  let body = existing.trim();
  if (body && !body.includes('\n## Run of ')) {
    const when = /on (\S+?)\. Do not edit/.exec(body)?.[1] ?? 'an earlier date';
    const rest = body.slice(body.indexOf('\n## ')).replace(/\n## /g, '\n### ');
    body = `${HEAD}\n\n${INTRO}\n\n## Run of ${when}\n${rest}`;
  }
  if (!body) body = `${HEAD}\n\n${INTRO}`;
  return `${body}\n\n${runSection(run)}`;
}
