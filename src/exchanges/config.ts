/**
 * What an adapter is built with, and the credential shapes it receives. Lives with the exchanges
 * (not in context.ts) so adapters import nothing of the CLI: the Context and `pmt serve` build a
 * config, the registry hands it to the adapter.
 */

export type Source = 'flag' | 'env' | 'profile';
export interface Sourced<T = string> {
  value: T;
  source: Source;
  /** Where exactly: the env var name, the flag, or `profile <name>`. */
  origin: string;
}

/** Polymarket wallet types; `poly-1271` is a smart-contract deposit wallet (EIP-1271). */
export type SignatureType = 'eoa' | 'proxy' | 'gnosis-safe' | 'poly-1271';

export interface KalshiCredentials {
  apiKeyId: Sourced;
  /** PEM text, read from the file when given as a path. */
  privateKeyPem: Sourced;
  /** The path, when the key came from a file. */
  privateKeyPath?: string;
}

export interface PolymarketCredentials {
  privateKey: Sourced;
  funder?: Sourced;
  signatureType: Sourced<SignatureType>;
  apiKey?: Sourced;
  apiSecret?: Sourced;
  apiPassphrase?: Sourced;
  /** The Polygon JSON-RPC for on-chain actions (`PMT_POLYGON_RPC_URL`, or the profile's `polygon_rpc_url`). */
  rpcUrl?: Sourced;
  /** Polymarket's relayer (deposit wallets): a Relayer API key and the address it belongs to… */
  relayerApiKey?: Sourced;
  relayerApiKeyAddress?: Sourced;
  /** …or Builder API credentials (HMAC-signed requests). */
  builderApiKey?: Sourced;
  builderSecret?: Sourced;
  builderPassphrase?: Sourced;
}

/** Polymarket US: an API key id and its Ed25519 secret (base64 text, read from the file when given as a path). */
export interface PolymarketUsCredentials {
  apiKeyId: Sourced;
  secretKey: Sourced;
  /** The path, when the secret came from a file. */
  privateKeyPath?: string;
}

export interface ResolvedCredentials {
  profileName: string | null;
  kalshi: KalshiCredentials | null;
  polymarket: PolymarketCredentials | null;
  kalshiDemo: Sourced<boolean> | null;
  /** Optional so a resolution that predates the third exchange still type-checks: absent is none. */
  polymarketUs?: PolymarketUsCredentials | null;
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
