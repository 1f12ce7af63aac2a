/**
 * The op modules an operation's `run` may name (ops/table.ts): `'markets.fetchMarketLineage'` is
 * the export `fetchMarketLineage` of ops/markets.ts, loaded when an operation of that module first
 * runs (the CLI loads only the one it runs; serve each on its first request). A new op in one of
 * these modules needs no line here, a new module one; `OpRef` checks every name at compile time.
 */
import type { Answer } from './answer.js';
import type { Services } from './services.js';

export const OP_MODULES = {
  book: () => import('./book.js'),
  doctor: () => import('./doctor.js'),
  markets: () => import('./markets.js'),
  onchain: () => import('./onchain.js'),
  'order-one': () => import('./order-one.js'),
  orders: () => import('./orders.js'),
  portfolio: () => import('./portfolio.js'),
  search: () => import('./search.js'),
  settlements: () => import('./settlements.js'),
  tape: () => import('./tape.js'),
};

/** An op: its input as the table reads it on either surface (ops/input.ts), its answer. */
export type Op = (svc: Services, input: never) => Promise<Answer>;

type Modules = typeof OP_MODULES;
type OpsOf<M> = { [K in keyof M]: M[K] extends Op ? K : never }[keyof M] & string;
/** `<module>.<op>`: an op (answering an Answer) exported by one of OP_MODULES. */
export type OpRef = { [N in keyof Modules]: `${N}.${OpsOf<Awaited<ReturnType<Modules[N]>>>}` }[keyof Modules];

/** The op a `run` names. */
export async function opOf(ref: OpRef): Promise<(svc: Services, input: unknown) => Promise<Answer>> {
  const [mod, name] = ref.split('.') as [keyof Modules, string];
  const fn = (await OP_MODULES[mod]())[name as never] as unknown;
  if (typeof fn !== 'function') throw new Error(`ops/table.ts: run '${ref}' names no op`);
  return fn as (svc: Services, input: unknown) => Promise<Answer>;
}
