/**
 * `pmt exchanges`: the report's shape (also its --json document) and its presentation: a status
 * table and a capability matrix for people, one TSV row per exchange when piped.
 */
import type { ErrorObject } from '../../errors.js';
import { Formatter } from '../format.js';
import type { IO } from '../io.js';
import { printTable, type Cell, type Column } from '../table.js';

/** The `pmt exchanges --json` document. */
export interface ExchangesReport {
  /** Profile in use (`--profile`, PMT_PROFILE or the active one); null when none. */
  profile: string | null;
  exchanges: ExchangeStatus[];
}

export interface ExchangeStatus {
  /** `kalshi` or `polymarket`. */
  id: string;
  /** `production`, `demo` (Kalshi via profile) or `custom` (a PMT_*_URL override). */
  environment: string;
  /** Base URLs in use, by role (`api`; `gamma`, `clob`). */
  urls: Record<string, string>;
  /** Operation (snake_case, as in the interface) → supported, and whether it needs credentials. */
  capabilities: Record<string, { supported: boolean; auth: boolean }>;
  credentials: CredentialStatus;
  /** Result of the signed request; null without --check. */
  check: CheckStatus | null;
  /**
   * With --check: the account diagnosis (Polymarket: which wallet setting finds the funds;
   * Kalshi: does the key belong to this environment); null without --check or credentials.
   */
  funds: { ok: boolean; lines: string[]; fix: string | null } | null;
}

export interface CredentialStatus {
  /** `configured` (complete and locally well-formed), `missing` or `invalid`. */
  status: 'configured' | 'missing' | 'invalid';
  /** Where the identifying credential came from. */
  source: 'flag' | 'env' | 'profile' | null;
  /** The env var or `profile <name>` it came from; never a value. */
  origin: string | null;
  /** Why it is missing or invalid; null when configured. */
  message: string | null;
}

export interface CheckStatus {
  /** `ok`, `failed`, `not_supported` (the adapter has no check), `skipped` (no usable credentials). */
  status: 'ok' | 'failed' | 'not_supported' | 'skipped';
  /** Local clock minus the exchange's, in ms, when the exchange reports its time. */
  clock_skew_ms: number | null;
  detail: string | null;
  error: ErrorObject | null;
}

/**
 * Skew above this is worth a warning: signed requests carry timestamps that exchanges accept
 * only within a window. Not lower: Polymarket reports its time in whole seconds.
 */
export const SKEW_WARN_MS = 5000;

/**
 * Both exchanges tell their time in whole seconds (Kalshi's `Date` header, Polymarket's
 * `GET /time`), so a skew is known to ±1 s at best: shown in tenths of a second with that
 * resolution, never as "+440 ms", which would claim a precision the measurement lacks.
 */
export const SKEW_RESOLUTION_MS = 1000;

export function skewText(ms: number | null): string {
  if (ms == null) return '-';
  const sign = ms > 0 ? '+' : ms < 0 ? '-' : '±';
  return `${sign}${(Math.abs(ms) / 1000).toFixed(1)} s (±${SKEW_RESOLUTION_MS / 1000} s)`;
}

function credentialsCell(f: Formatter, c: CredentialStatus): Cell {
  const where = c.origin ? ` (${f.text(c.origin)})` : '';
  switch (c.status) {
    case 'configured':
      return { human: f.c.green('configured') + where, raw: 'configured' };
    case 'missing':
      return { human: f.c.dim('not configured'), raw: 'missing' };
    case 'invalid':
      return { human: f.c.red('invalid') + where + ': ' + f.text(c.message), raw: 'invalid' };
  }
}

function checkCell(f: Formatter, k: CheckStatus | null): Cell {
  if (!k) return { human: '-', raw: '' };
  const skew = k.clock_skew_ms == null ? '' : `, clock ${skewText(k.clock_skew_ms)}`;
  const skewHuman = k.clock_skew_ms != null && Math.abs(k.clock_skew_ms) >= SKEW_WARN_MS ? f.c.yellow(`${skew} (fix the system clock)`) : skew;
  switch (k.status) {
    case 'ok':
      return { human: f.c.green('ok') + skewHuman, raw: 'ok' };
    case 'failed':
      return { human: f.c.red('failed') + ': ' + f.text(k.error?.message ?? k.detail) + skewHuman, raw: 'failed' };
    case 'not_supported':
      return { human: f.c.yellow('not supported') + (k.detail ? `: ${f.text(k.detail)}` : ''), raw: 'not_supported' };
    case 'skipped':
      return { human: f.c.dim('skipped'), raw: 'skipped' };
  }
}

/** One exchange as a status row (people) — pure. */
export function statusRow(f: Formatter, e: ExchangeStatus, withCheck: boolean): Cell[] {
  const row: Cell[] = [e.id, e.environment, credentialsCell(f, e.credentials)];
  if (withCheck) row.push(checkCell(f, e.check));
  return row;
}

/** One exchange as a TSV row: id, environment, credentials, origin, check, skew ms, supported ops — pure. */
export function tsvRow(e: ExchangeStatus): string[] {
  const ops = Object.entries(e.capabilities)
    .filter(([, c]) => c.supported)
    .map(([op]) => op);
  return [
    e.id,
    e.environment,
    e.credentials.status,
    e.credentials.origin ?? '',
    e.check?.status ?? '',
    e.check?.clock_skew_ms == null ? '' : String(e.check.clock_skew_ms),
    ops.join(','),
  ];
}

/** The capability matrix: one row per operation, one column per exchange — pure. */
export function capabilityRows(f: Formatter, exchanges: ExchangeStatus[]): Cell[][] {
  const ops = [...new Set(exchanges.flatMap((e) => Object.keys(e.capabilities)))];
  return ops.map((op) => [
    op,
    ...exchanges.map((e): Cell => {
      const c = e.capabilities[op];
      if (!c?.supported) return f.c.dim('no');
      return c.auth ? `yes ${f.c.dim('(needs credentials)')}` : 'yes';
    }),
  ]);
}

export async function printExchanges(io: IO, report: ExchangesReport, withCheck: boolean): Promise<void> {
  const f = new Formatter(io);
  if (!io.isTTY) {
    for (const e of report.exchanges) io.out(tsvRow(e).join('\t'));
    return;
  }
  io.out(`Profile: ${report.profile ? f.text(report.profile) : f.c.dim('none (environment variables only)')}`);
  io.out('');
  const columns: Column[] = [{ header: 'EXCHANGE' }, { header: 'ENVIRONMENT' }, { header: 'CREDENTIALS', flex: true }];
  if (withCheck) columns.push({ header: 'CHECK', flex: true });
  await printTable(io, columns, report.exchanges.map((e) => statusRow(f, e, withCheck)));
  io.out('');
  const capColumns: Column[] = [{ header: 'OPERATION' }, ...report.exchanges.map((e) => ({ header: e.id.toUpperCase() }))];
  await printTable(io, capColumns, capabilityRows(f, report.exchanges));
  // The table may cut a long reason short; a person needs all of it to fix the problem.
  const problems = problemLines(report.exchanges);
  if (problems.length) {
    io.out('');
    for (const [id, text] of problems) io.out(`${f.c.red(id)}: ${f.text(text)}`);
  }
  for (const e of report.exchanges) {
    if (!e.funds) continue;
    io.out('');
    io.out(`${f.c.bold(e.id)} account: ${e.funds.ok ? f.c.green('ok') : f.c.red('needs attention')}`);
    for (const l of e.funds.lines) io.out(`  ${f.text(l)}`);
    if (e.funds.fix) io.out(`  ${f.c.yellow('fix:')} ${f.text(e.funds.fix)}`);
  }
}

/** Each exchange's full reason for invalid credentials or a failed check — pure. */
export function problemLines(exchanges: ExchangeStatus[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const e of exchanges) {
    if (e.credentials.status === 'invalid' && e.credentials.message) out.push([e.id, e.credentials.message]);
    if (e.check?.status === 'failed') out.push([e.id, `check failed: ${e.check.error?.message ?? e.check.detail ?? 'unknown reason'}`]);
  }
  return out;
}
