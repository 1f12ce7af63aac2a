#!/usr/bin/env node
// Dependency audit for CI (.ci/run): `npm audit` of the runtime dependencies (high and critical
// fail the run). Where npm's advisory service cannot be reached (no network, a registry mirror
// without the audit endpoint: it answers 405 on some), the lockfile is checked instead against
// scripts/known-bad.json, a list of versions with published advisories. Never hangs: npm audit
// gets AUDIT_TIMEOUT_MS, and .ci/run bounds the whole script too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUDIT_TIMEOUT_MS = Number(process.env.PMT_AUDIT_TIMEOUT_MS) || 60_000;

const parse = (v) => v.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map((x) => Number.parseInt(x, 10) || 0);
function compare(a, b) {
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}
/** `version` satisfies `range` ("<1.2.3", ">=2.0.0 <2.0.2", alternatives joined by "||"). */
export function satisfies(version, range) {
  return range.split('||').some((alt) =>
    alt.trim().split(/\s+/).filter(Boolean).every((c) => {
      const m = /^(<=|>=|<|>|=)?(.+)$/.exec(c);
      const d = compare(version, m[2]);
      return { '<': d < 0, '<=': d <= 0, '>': d > 0, '>=': d >= 0, '=': d === 0, undefined: d === 0 }[m[1]];
    }),
  );
}

/** Every package of a lockfile (v2/v3 `packages`) whose version an advisory names. */
export function checkLockfile(lock, advisories) {
  const found = [];
  for (const [path, info] of Object.entries(lock.packages ?? {})) {
    if (!path || !info.version) continue;
    const name = info.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    for (const a of advisories) if (a.package === name && satisfies(info.version, a.range)) found.push({ ...a, version: info.version, path, dev: Boolean(info.dev) });
  }
  return found;
}

function offline(reason) {
  console.log(`audit: npm's advisory service is unreachable (${reason}); checking package-lock.json against scripts/known-bad.json`);
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const { advisories } = JSON.parse(readFileSync(join(root, 'scripts/known-bad.json'), 'utf8'));
  const found = checkLockfile(lock, advisories);
  for (const f of found) console.log(`audit: ${f.package}@${f.version}${f.dev ? ' (dev)' : ''} at ${f.path}: ${f.id} ${f.title} (affected: ${f.range})`);
  console.log(`audit: ${Object.keys(lock.packages ?? {}).length - 1} locked packages, ${advisories.length} advisories checked, ${found.length} affected`);
  return found.length === 0 ? 0 : 1;
}

function main() {
  const r = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8', timeout: AUDIT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) return offline(r.error.code === 'ETIMEDOUT' ? `no answer within ${AUDIT_TIMEOUT_MS} ms` : r.error.message);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    return offline('npm audit printed no report');
  }
  if (report.error || report.statusCode) return offline(report.error?.summary || report.message || `HTTP ${report.statusCode}`);
  const v = report.metadata?.vulnerabilities ?? {};
  const serious = (v.high ?? 0) + (v.critical ?? 0);
  console.log(`audit: npm audit: ${JSON.stringify(v)}`);
  if (serious > 0) {
    for (const [name, x] of Object.entries(report.vulnerabilities ?? {})) if (x.severity === 'high' || x.severity === 'critical') console.log(`audit: ${name} (${x.severity}): ${x.range}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
