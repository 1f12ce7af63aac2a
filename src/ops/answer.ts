/**
 * What an operation answers, the same for every surface: `body` is the interface's model (serve's
 * and MCP's 200, the CLI's `--json`), `failed` the exchanges of a fan-out that failed while others
 * answered (serve: `Pmt-Failures`; the CLI prints what answered, then each failure, and exits
 * with the first's code), `verdict` what the CLI exits with after showing the answer (doctor:
 * trading is blocked; serve and MCP answer 200 with the body either way). An op adds whatever its
 * view shows beside the model (the book a ladder is drawn from, the orders with their exchange).
 */
import type { PmtError } from '../errors.js';
import type { ExchangeFailure } from './fanout.js';

export interface Answer<B = unknown> {
  body: B;
  failed?: ExchangeFailure[];
  verdict?: PmtError | null;
}
