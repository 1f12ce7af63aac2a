/**
 * What an adapter is built with, and the resolved credentials it receives. Lives with the exchanges
 * (not in context.ts) so adapters import nothing of the CLI: the Context and `pmt serve` build a
 * config, the registry hands it to the adapter. What each exchange's credentials hold is declared
 * in its folder (exchanges/<id>/credentials.ts) and its manifest (exchanges/credential-spec.ts).
 */

export type Source = 'flag' | 'env' | 'profile';
export interface Sourced<T = string> {
  value: T;
  source: Source;
  /** Where exactly: the env var name, the flag, or `profile <name>`. */
  origin: string;
}

/**
 * Credentials and settings as resolved for one run (credentials.ts), one property per exchange.
 * Each exchange adds its own by module augmentation in `exchanges/<id>/credentials.ts`, named by
 * its manifest's `credentials.key` (and each setting's `setting`):
 *
 *   declare module '../config.js' {
 *     interface ResolvedCredentials { kalshi: KalshiCredentials | null; kalshiDemo: Sourced<boolean> | null }
 *   }
 *
 * Optional (`?:`) for an exchange added later, so a resolution written before it still types: absent is none.
 */
export interface ResolvedCredentials {
  profileName: string | null;
  /** The fields each exchange's credentials were built from, by its `credentials.key` (`profile show` lists them). */
  fields?: Partial<Record<string, Partial<Record<string, Sourced<string | boolean> & { path?: string }>>>>;
}

/** What an adapter is built with: URLs, a logger and a way to get credentials when it needs them. */
export interface AdapterConfig {
  env: NodeJS.ProcessEnv;
  /** Base URLs by the manifests' URL keys (`kalshi`, `gamma`, `clob`, …). */
  urls: Record<string, string>;
  /** `production`, `demo` or `custom` (a `PMT_*_URL` override) for the exchange being built. */
  environment?: string;
  log?: (line: string) => void;
  credentials: () => Promise<ResolvedCredentials>;
  now: () => number;
  /**
   * True for a run that may send no write (a dry run): what an adapter would otherwise create on
   * the exchange as a side effect of a read (Polymarket's API key) is not created; reads still go.
   */
  readOnly?: () => boolean;
  /** A directory for small caches the adapters may keep between runs (the config dir); none: memory only. */
  cacheDir?: string;
}
