/**
 * The view modules an operation's `view` may name (ops/table.ts): `'markets.showLineage'` is the
 * export `showLineage` of render/views/markets.ts, loaded only when people get the answer (a
 * `--json` run never loads the tables, widths and colours). A new view in one of these modules
 * needs no line here, a new module one.
 */
import type { IO } from '../io.js';

export const VIEW_MODULES = {
  book: () => import('./book.js'),
  markets: () => import('./markets.js'),
  onchain: () => import('./onchain.js'),
  orders: () => import('./orders.js'),
  portfolio: () => import('./portfolio.js'),
  tape: () => import('./tape.js'),
};

/** A view: the op's answer for people, with the input it was asked with (`--cents`, the query). */
export type View = (io: IO, answer: never, input: never) => Promise<void>;

/** The view a `view` names. */
export async function viewOf(ref: string): Promise<(io: IO, answer: unknown, input: unknown) => Promise<void>> {
  const [mod, name] = ref.split('.') as [keyof typeof VIEW_MODULES, string];
  const load = VIEW_MODULES[mod];
  const fn = load ? ((await load()) as Record<string, unknown>)[name] : undefined;
  if (typeof fn !== 'function') throw new Error(`ops/table.ts: view '${ref}' names no view of render/views/`);
  return fn as (io: IO, answer: unknown, input: unknown) => Promise<void>;
}
