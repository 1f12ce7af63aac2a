import { expect } from 'vitest';
import { exitCodeFor, PmtError } from '../../src/errors.js';

/** The PmtError a promise rejects with (fails the test when it resolves or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<PmtError> {
  const e = await p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PmtError);
  return e as PmtError;
}

/** The usage error a call throws: refused input (kind Api, flagged usage, exit 2). */
export function usage(fn: () => unknown): PmtError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PmtError);
    const err = e as PmtError;
    expect(err.usage).toBe(true);
    expect(err.kind).toBe('Api');
    expect(exitCodeFor(err)).toBe(2);
    return err;
  }
  throw new Error('expected a usage error');
}
