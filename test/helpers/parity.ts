/**
 * One question asked of both surfaces: `pmt … --json` (the built binary) and `pmt serve` over
 * HTTP, against the same doubles. Success bodies are byte-for-byte the CLI's stdout (without its
 * final newline) once the clock is masked; failures are the CLI's error with the contract's
 * status for its kind (a usage error is named as a flag by one and a parameter by the other).
 */
import { expect } from 'vitest';
import type { Called } from '../serve/helpers.js';
import type { RunResult } from './cli.js';

export const STATUS: Record<string, number> = {
  Authentication: 401, InsufficientFunds: 402, MarketNotFound: 404, OrderNotFound: 404, RateLimited: 429, NetworkError: 502, Config: 500, NotSupported: 501,
};

/** The wall-clock field of stats and impact, which differs between two calls by design. */
const ISO = /"service_ts":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"/;

/**
 * Times taken from the clock rather than the upstream differ between two calls: `service_ts`, and
 * a Kalshi book's snapshot time (Kalshi sends none; the adapter stamps receipt). Any timestamp
 * within a minute of now is masked, and so is a Polymarket book hash computed over such a time (the
 * double generates books on the fly); fixed upstream times and hashes are compared exactly.
 */
export function clockless(text: string): string {
  let masked = false;
  const out = text.replace(/"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"/g, (all, t: string) => {
    if (Math.abs(Date.parse(t) - Date.now()) >= 60_000) return all;
    masked = true;
    return '"<now>"';
  });
  // The doctor's measure of the local clock against an exchange's is taken per call too.
  const skewless = out.replace(/local clock [+-]?\d+(\.\d+)? s/g, 'local clock <skew> s');
  return masked ? skewless.replace(/"hash":"[0-9a-f]+"/, '"hash":"<hash>"') : skewless;
}

/**
 * Assert that the CLI's run and serve's answer agree (both asked after `before`); the parsed body.
 * Partial results agree too: the CLI prints what answered and fails with each failed exchange's
 * error object on stderr, serve answers 200 with the same body and those failures in
 * `Pmt-Failures`. `verdict`: the CLI's exit code judges the document it printed (`pmt doctor`
 * exits 9 when something blocks trading), which serve answers with 200.
 */
export function expectSame(c: RunResult, r: Called, before: number, o: { verdict?: boolean } = {}): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (c.exitCode !== 0 && c.stdout !== '') {
    expect(r.status, r.text).toBe(200);
    expect(clockless(r.text) + '\n').toBe(clockless(c.stdout));
    const errors = c.stderr.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; message: string });
    const failures = JSON.parse(r.headers.get('pmt-failures') ?? '[]') as Array<{ kind: string; message: string }>;
    if (o.verdict && failures.length === 0) expect(errors).toHaveLength(1);
    else expect(failures.map((f) => ({ kind: f.kind, message: f.message }))).toEqual(errors);
    return r.json;
  }
  if (c.exitCode === 0) {
    expect(r.status, r.text).toBe(200);
    expect(clockless(r.text) + '\n').toBe(clockless(c.stdout));
    const ts = ISO.exec(r.text)?.[1];
    if (ts) expect(Date.parse(ts)).toBeGreaterThanOrEqual(before - 1000);
    return r.json;
  }
  const err = JSON.parse(c.stderr.trim().split('\n').at(-1)!) as { kind: string; message: string };
  expect(c.stdout).toBe('');
  const usage = c.exitCode === 2;
  // Input refused at the edge is named as a flag by the CLI and as a parameter by the server.
  if (usage) expect(r.json).toEqual({ kind: err.kind, message: expect.any(String) });
  else expect(r.json).toEqual(err);
  expect(r.status).toBe(err.kind === 'Api' ? (usage ? 400 : 502) : STATUS[err.kind]);
  return r.json;
}
