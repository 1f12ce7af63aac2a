/**
 * The operations layer: every operation's rules, once, for the CLI and `pmt serve`.
 *
 * The pattern (follow it when adding balance, positions, fills, trades, history, cancel, amend,
 * search, stream, journal …):
 * - One file per concern: `ops/<concern>.ts` exports `async function <operation>(svc: Services, q)`.
 *   `q` holds already-typed inputs (the CLI parses flags, serve's schemas parse the request);
 *   the op applies the rules (validation with `svc.names` in messages, defaults, caps from the
 *   exchange's manifest, asset/outcome resolution via `resolve.ts`, credential checks via
 *   `svc.requireCredentials`) and returns the interface's models plus what a view needs.
 * - An op that spans exchanges uses `fanOut` + `settle` (fanout.ts) and returns
 *   `{ …, failed: ExchangeFailure[] }`. The CLI prints what answered, then `throw failureOf(failed)`
 *   (each failure on stderr, the first one's exit code); serve answers 200 with the data and the
 *   `Pmt-Failures` header (`partial()` in serve/routes.ts, `partial: true` on the route).
 * - Account ops take their scope from `accountScope` (asset's exchange, else `exchange`, else every
 *   exchange with credentials).
 * - Never compare exchange names: ask `manifestOf(id)` (exchanges/registry.ts) or the adapter.
 * - ops import no commands, render or serve; commands render, serve returns JSON.
 */
export type { Services, InputNames } from './services.js';
export { CLI_NAMES, SERVE_NAMES } from './services.js';
export { fanOut, settle, failureOf, type ExchangeFailure, type FanOut } from './fanout.js';
