/**
 * Shared helpers for the reliability tests: awaiting a failure, counting requests, and checking
 * that a CLI run failed the way the contract says (one stderr line, no stack, the right exit).
 */
import { expect } from 'vitest';

import type { RunResult } from '../helpers/cli.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { expectModel } from '../helpers/models.js';
import type { UpstreamDouble } from '../upstream/server.js';

export { failure } from '../helpers/failure.js';

/** Lines of text, without the empty one after the final newline. */
export function lines(s: string): string[] {
  return s.split('\n').filter((l) => l !== '');
}

/** A stack frame as V8 prints it. */
export const STACK_RE = /^\s+at\s|\bat .*:\d+:\d+\)?$/m;

/**
 * A failed run as the contract wants it: the exit code, exactly one line on stderr (the error
 * object with --json), nothing on stdout, no stack trace, no control character.
 */
export function expectCleanFailure(r: RunResult, exit: number, opts: { json?: boolean; kind?: string } = {}): string {
  expect(r.exitCode, r.stderr).toBe(exit);
  const err = lines(r.stderr);
  expect(err, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(STACK_RE);
  // eslint-disable-next-line no-control-regex
  expect(r.stderr.slice(0, -1)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(r.stdout).toBe('');
  if (opts.json) {
    const obj = JSON.parse(err[0]!) as { kind: string; message: string };
    expectModel(ErrorObjectSchema, obj);
    if (opts.kind) expect(obj.kind).toBe(opts.kind);
  } else if (opts.kind && exit !== 2) {
    expect(err[0]).toContain(`[${opts.kind}]`);
  }
  return err[0]!;
}

/** Requests each double received, by name. */
export function requestCounts(doubles: UpstreamDouble[]): Record<string, number> {
  return Object.fromEntries(doubles.map((d) => [d.name, d.requests.length]));
}

/** Total requests across doubles. */
export function totalRequests(doubles: UpstreamDouble[]): number {
  return doubles.reduce((n, d) => n + d.requests.length, 0);
}
