import { expect } from 'vitest';
import { PmtError } from '../../src/errors.js';

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
