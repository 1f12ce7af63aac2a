/**
 * One call over several exchanges at once, keeping what each answered and each failure: the
 * contract's "a failure of one exchange is never silently dropped". Every op that spans exchanges
 * (markets list, order list, positions, fills, balance …) goes through `fanOut`, and its caller
 * decides with `settle` (all failed: throw) what to do with partial results.
 */
import { PartialFailure, toPmtError, type PmtError } from '../errors.js';
import type { ExchangeId } from '../exchanges/registry.js';

export interface ExchangeFailure {
  exchange: ExchangeId;
  error: PmtError;
}

export interface FanOut<T> {
  /** What each exchange that answered returned, in the order of the ids asked for. */
  ok: Array<{ exchange: ExchangeId; value: T }>;
  /** Each exchange that failed, with its error, in the same order. */
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

/** The error for a set of failures: the one error itself, or a PartialFailure carrying each. */
export function failureOf(failed: readonly ExchangeFailure[]): PmtError {
  return failed.length === 1 ? failed[0]!.error : new PartialFailure(failed.map((f) => f.error));
}

/** Every exchange failed (or the only one did): throw; otherwise the partial result stands. */
export function settle<T>(r: FanOut<T>): FanOut<T> {
  if (r.ok.length === 0 && r.failed.length > 0) throw failureOf(r.failed);
  return r;
}
