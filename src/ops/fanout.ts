/**
 * One call over several exchanges at once, keeping what each answered and each failure: the
 * contract's "a failure of one exchange is never silently dropped". The caller prints what
 * answered, then reports the failures (exit code of the first).
 */
import { toPmtError, type PmtError } from '../errors.js';
import type { ExchangeId } from '../exchanges/types.js';

export interface ExchangeFailure {
  exchange: ExchangeId;
  error: PmtError;
}

export interface FanOut<T> {
  ok: Array<{ exchange: ExchangeId; value: T }>;
  failed: ExchangeFailure[];
}

/** `fn` for every id in parallel; never rejects. */
export async function fanOut<T>(ids: readonly ExchangeId[], fn: (id: ExchangeId) => Promise<T>): Promise<FanOut<T>> {
  const settled = await Promise.allSettled(ids.map((id) => fn(id)));
  const out: FanOut<T> = { ok: [], failed: [] };
  settled.forEach((s, i) => {
    const exchange = ids[i]!;
    if (s.status === 'fulfilled') out.ok.push({ exchange, value: s.value });
    else out.failed.push({ exchange, error: toPmtError(s.reason) });
  });
  return out;
}

/** The error to exit with: the first failure, its message naming the exchange when several were asked. */
export function failureOf(failed: readonly ExchangeFailure[]): PmtError {
  return failed[0]!.error;
}

/** Every exchange failed: throw; otherwise the partial result stands. */
export function settle<T>(r: FanOut<T>): FanOut<T> {
  if (r.ok.length === 0 && r.failed.length > 0) throw failureOf(r.failed);
  return r;
}
