/**
 * What pmt knows about an exchange before any adapter code loads: the facts the CLI, serve and
 * ops ask for instead of comparing exchange names. Each exchange declares one in
 * `exchanges/<id>/manifest.ts`; `exchanges/registry.ts` lists them. Imports nothing heavy: the
 * manifests are read on the start-up path.
 */
import type { PositionStatus } from '../models/enums.js';
import type { AdapterConfig } from './config.js';
import type { CredentialSpec } from './credential-spec.js';

/** The interface's operations, as the adapters name them. */
export const OPERATIONS = [
  'fetchMarkets',
  'fetchMarketLineage',
  'fetchOrderbook',
  'fetchOrder',
  'fetchOpenOrders',
  'createOrder',
  'cancelAllOrders',
  // interface-extensions.md
  'cancelOrder',
  'amendOrder',
  'fetchBalance',
  'fetchPositions',
  'fetchFills',
  'fetchTrades',
  'fetchPriceHistory',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * Operations a fan-out also asks of every exchange but `pmt exchanges` does not list (search and
 * the event titles a mixed list shows). Undeclared means not supported.
 */
export const UNLISTED_OPERATIONS = ['searchMarkets', 'fetchEventTitles'] as const;
export type UnlistedOperation = (typeof UNLISTED_OPERATIONS)[number];

export interface Capability {
  supported: boolean;
  /** The operation needs credentials on this exchange. */
  auth: boolean;
  /** Unsupported: why, after "amend_order is not supported on <id>: ". */
  why?: string;
  /** Unsupported: what to do instead (`{id}` stands for the id the caller gave). */
  instead?: string;
}
export type Capabilities = Record<Operation, Capability> & Partial<Record<UnlistedOperation, Capability>>;

export interface BaseUrl {
  /** Environment variable that overrides it (tests point it at the loopback doubles). */
  env: string;
  default: string;
  /** The demo environment's URL, used when the profile asks for demo. */
  demo?: string;
  /** Name in `pmt exchanges` (`api`, `gamma`, `clob`). */
  label: string;
}

export interface ExchangeManifest<Id extends string = string> {
  id: Id;
  /** Display name: `Kalshi`. */
  name: string;
  /** Base URLs by key (the key is what adapters read from `AdapterConfig.urls`). */
  urls: Record<string, BaseUrl>;
  /** Largest page the upstream serves per request. */
  pageCaps: { markets: number };
  /** Markets belong to series (`--series` / `series_ticker` filters on this exchange alone). */
  series: boolean;
  /** Orders can be reduce-only (`--reduce-only` / `reduce_only`); absent: ops refuses the flag. */
  reduceOnly?: boolean;
  /** Requests per second pmt allows itself, by budget (`reads`, `writes`, or a host key), and where the limit is documented. */
  rateBudget: { perSecond: Record<string, number>; note: string };
  ids: {
    /** A native market id this exchange's shape alone identifies (checked in registry order). */
    market(id: string): boolean;
    /** Native id shown in hints: `kalshi:TICKER`. */
    marketPlaceholder: string;
    /** A native asset id (asset = what a book and an order are on). */
    asset(id: string): boolean;
    /** A shape only this exchange's assets have: it picks the exchange even against an explicit one. */
    exclusiveAsset?: RegExp;
    /** `Kalshi ticker`, `Polymarket token id`. */
    assetNoun: string;
    order: RegExp;
    /**
     * Order ids this exchange may also hold but that do not pick it alone (their shape is another
     * exchange's too): taken when the exchange is named (`--exchange`), never guessed.
     */
    orderWhenNamed?: RegExp;
    /** `a UUID`. */
    orderShape: string;
    /** A hint for a native id that was not found but nearly has this exchange's shape (case). */
    caseHint?(id: string): string | undefined;
    /**
     * Orders name their market by an id people cannot read (a Polymarket condition id): people
     * views look up the market's slug and title (`fetchMarkets` takes the id as a market ticker).
     */
    orderMarketIsId?: boolean;
    /** The native id as the exchange spells it, when it is case-insensitive (Kalshi: upper case). */
    normalize?: (id: string) => string;
  };
  /** How outcomes map to books: one YES book for both outcomes (NO at 1 − p), or one token per outcome. */
  outcomes: 'yes-book' | 'token-per-outcome';
  /**
   * Book header: what the asset id names and on which price scale the book is; `scales` names the
   * scale of the book asked for with an outcome (`no` on a YES-book exchange: the NO book).
   */
  book: { kind: string; scale: string; scales?: Record<string, string> };
  /** Order rules, as published: where the tick and the minimum come from. */
  rules: { tick: string; minSize: string };
  /** Credentials and settings, field by field (exchanges/credential-spec.ts): everything about them is derived from this. */
  credentials: CredentialSpec;
  capabilities: Capabilities;
  /** GTD orders (`expires_at`): the exchange's minimum lead (absent: no GTD; ops refuses the flag). */
  gtd?: { minLeadSeconds: number };
  /** Position statuses `fetchPositions` can filter by (absent: `open` only). */
  positionStatuses?: readonly PositionStatus[];
  /** The adapter, loaded on first use (the module is heavy). */
  load(): Promise<(cfg: AdapterConfig) => unknown>;
  /** On-chain account actions (approvals, split/merge/redeem, the chain's doctor checks), loaded on first use. */
  onchain?(): Promise<import('./onchain.js').OnchainFactory>;
  /** The chain those actions use: its RPC's variable (a profile may set its own) and the public default. */
  chainRpc?: { env: string; default: string };
  /** The exchange's own `pmt doctor` checks beyond credentials, auth and clock (loaded on first use). */
  doctor?(): Promise<(ex: object) => () => Promise<import('./onchain.js').DoctorCheck[]>>;
  /** The account's settled markets (`pmt settlements`), loaded on first use. */
  settlements?(): Promise<import('./settlements.js').SettlementsReader>;
}
