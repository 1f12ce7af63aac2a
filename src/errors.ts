/**
 * The interface document's nine error kinds (plus the contract's RiskLimit), and the one place
 * that maps them to exit codes.
 * Every failure that reaches the user is a PmtError; anything else is wrapped as `Api`.
 */
export { ERROR_KINDS, type ErrorKind } from './models/enums.js';
/** The interface's error object, exactly: `{kind, message}` (defined in models/error.ts). */
export type { ErrorObject } from './models/error.js';
import type { ErrorKind } from './models/enums.js';
import type { ErrorObject } from './models/error.js';

export interface PmtErrorOptions {
  /** A short remedy shown to people after the message ("run `pmt profile add`"). */
  hint?: string;
  /** Seconds the upstream asked us to wait (RateLimited). */
  retryAfter?: number;
  /** True when the input was rejected before any request was sent (exit 2, HTTP 400 in serve). */
  usage?: boolean;
  /** True when the user declined or interrupted; nothing was sent (exit 130). */
  cancelled?: boolean;
  /** HTTP status of the upstream response that produced this error, when there was one. */
  status?: number;
  /** A write whose request may have reached the upstream before the failure (timeout after send). */
  ambiguous?: boolean;
  /** Fields the error object carries besides kind and message (RiskLimit: limit, value, would_be). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class PmtError extends Error {
  readonly kind: ErrorKind;
  readonly hint?: string;
  readonly retryAfter?: number;
  readonly usage: boolean;
  readonly cancelled: boolean;
  readonly status?: number;
  readonly ambiguous: boolean;
  readonly details?: Record<string, unknown>;

  constructor(kind: ErrorKind, message: string, opts: PmtErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'PmtError';
    this.kind = kind;
    this.hint = opts.hint;
    this.retryAfter = opts.retryAfter;
    this.usage = opts.usage ?? false;
    this.cancelled = opts.cancelled ?? false;
    this.status = opts.status;
    this.ambiguous = opts.ambiguous ?? false;
    this.details = opts.details;
  }

  toObject(): ErrorObject {
    return { kind: this.kind, message: this.message, ...this.details };
  }
}

/** Input pmt rejects before any request: kind `Api`, exit 2, naming the field and the rule. */
export function usageError(message: string, hint?: string): PmtError {
  return new PmtError('Api', message, { usage: true, hint });
}

/** The user declined a confirmation or pressed Ctrl-C: exit 130, nothing was sent. */
export function cancelledError(message = 'cancelled by the user; nothing was sent'): PmtError {
  return new PmtError('Api', message, { cancelled: true });
}

const EXIT_BY_KIND: Record<ErrorKind, number> = {
  Api: 1,
  Authentication: 3,
  InsufficientFunds: 4,
  MarketNotFound: 5,
  OrderNotFound: 6,
  RateLimited: 7,
  NetworkError: 8,
  Config: 9,
  NotSupported: 10,
  RiskLimit: 11,
};

export function exitCodeFor(err: unknown): number {
  if (!(err instanceof PmtError)) return 1;
  if (err.cancelled) return 130;
  if (err.usage) return 2;
  return EXIT_BY_KIND[err.kind];
}

/** The contract's HTTP status per kind for `pmt serve`. */
export function httpStatusFor(err: PmtError): number {
  switch (err.kind) {
    case 'Authentication':
      return 401;
    case 'InsufficientFunds':
      return 402;
    case 'MarketNotFound':
    case 'OrderNotFound':
      return 404;
    case 'RateLimited':
      return 429;
    case 'NetworkError':
      return 502;
    case 'Config':
      return 500;
    case 'NotSupported':
      return 501;
    case 'RiskLimit':
      return 403;
    case 'Api':
      return err.usage ? 400 : 502;
  }
}

/**
 * The one rule for a create whose request has left: may the order exist although the answer was
 * an error? Yes after a timeout or reset past sending (marked `ambiguous` by the HTTP layer), a
 * 408, and any 5xx (the exchange may have stored the order before failing to say so: Polymarket's
 * 500 "could not run the execution" on orders its engine accepted). The adapter then looks the
 * order up by the id it was sent under; what it cannot find stays "unknown", never "not placed".
 */
export function mayHaveLanded(e: unknown): e is PmtError {
  return e instanceof PmtError && (e.ambiguous || e.status === 408 || (e.status !== undefined && e.status >= 500));
}

/** A failure after a create left, that may have landed, as "order status unknown" (kept as is when already so). */
export function unknownAfterSend(e: unknown): unknown {
  if (!mayHaveLanded(e) || e.ambiguous) return e;
  return new PmtError('NetworkError', `order status unknown: ${e.message}; the order may exist: settle it before sending it again`, { ambiguous: true, status: e.status, cause: e, hint: e.hint });
}

/** Turn anything thrown into a PmtError without losing a PmtError's kind. */
export function toPmtError(err: unknown): PmtError {
  if (err instanceof PmtError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new PmtError('Api', message || 'unexpected error', { cause: err });
}

/**
 * Several failures of one call that spanned exchanges (each exchange's own error, in exchange
 * order). Acts as the first failure (kind, exit code, status); the CLI prints every one of them.
 */
export class PartialFailure extends PmtError {
  constructor(readonly failures: readonly PmtError[]) {
    const first = failures[0]!;
    super(first.kind, first.message, { hint: first.hint, retryAfter: first.retryAfter, usage: first.usage, status: first.status, details: first.details, cause: first });
  }
}
