/**
 * Per-run services: the IO object, the environment, the profile store, resolved credentials and
 * lazily built exchange adapters. Nothing heavy is imported until a command asks for it.
 */
import { PmtError } from './errors.js';
import { resolveCredentials, type CredentialFlags, type ResolvedCredentials } from './credentials.js';
import { join } from 'node:path';
import { configDir, ProfileStore, unknownProfile } from './profiles.js';
import { IO } from './render/io.js';
import type { Exchange } from './exchanges/exchange.js';
import { EXCHANGE_IDS, type ExchangeId } from './exchanges/types.js';

export interface GlobalOptions {
  json?: boolean;
  ndjson?: boolean;
  exchange?: string;
  profile?: string;
  /** Commander's `--no-color` sets this to false. */
  color?: boolean;
  verbose?: boolean;
  /** `--wide`: tables keep every column instead of fitting the terminal. */
  wide?: boolean;
}

export const DEFAULT_URLS = {
  kalshi: 'https://api.elections.kalshi.com/trade-api/v2',
  kalshiDemo: 'https://demo-api.kalshi.co/trade-api/v2',
  gamma: 'https://gamma-api.polymarket.com',
  clob: 'https://clob.polymarket.com',
} as const;

/** What an adapter is built with: URLs, a logger and a way to get credentials when it needs them. */
export interface AdapterConfig {
  env: NodeJS.ProcessEnv;
  urls: { kalshi: string; gamma: string; clob: string };
  kalshiEnvironment: 'production' | 'demo' | 'custom';
  log?: (line: string) => void;
  credentials: () => Promise<ResolvedCredentials>;
  now: () => number;
  /** Where adapters may keep short-lived caches (the search index); none: no disk cache. */
  cacheDir?: string;
}

export class Context {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  readonly store: ProfileStore;
  /** Credential flags given on this command line (only `profile add` takes them). */
  credentialFlags: CredentialFlags = {};
  private creds?: Promise<ResolvedCredentials>;
  private readonly adapters = new Map<ExchangeId, Promise<Exchange>>();
  now: () => number = Date.now;
  /**
   * Exit code of a command that printed partial results (one exchange failed): the failure's
   * code, set by the command, applied by the action wrapper after the output is written.
   */
  exitCode?: number;

  constructor(opts: { io?: IO; env?: NodeJS.ProcessEnv; globals?: GlobalOptions } = {}) {
    this.env = opts.env ?? process.env;
    this.globals = opts.globals ?? {};
    this.io = opts.io ?? new IO({ env: this.env, noColor: this.globals.color === false, wide: this.globals.wide === true });
    this.store = new ProfileStore(this.env);
  }

  /** One line per upstream request on stderr with `--verbose`; never a credential. */
  readonly log = (line: string): void => {
    if (this.globals.verbose) this.io.err(`[pmt] ${line}`);
  };

  get json(): boolean {
    return Boolean(this.globals.json);
  }
  get ndjson(): boolean {
    return Boolean(this.globals.ndjson);
  }

  /** The exchange named by `--exchange`, validated; undefined when not given. */
  exchangeFlag(): ExchangeId | undefined {
    const e = this.globals.exchange;
    if (e === undefined) return undefined;
    const v = e.toLowerCase();
    if (!(EXCHANGE_IDS as readonly string[]).includes(v)) {
      throw new PmtError('Api', `--exchange must be one of ${EXCHANGE_IDS.join(', ')} (got "${e}")`, { usage: true });
    }
    return v as ExchangeId;
  }

  /** The profile in use: `--profile`, else `PMT_PROFILE`, else the store's active one. */
  async profileName(): Promise<string | null> {
    const explicit = this.globals.profile ?? this.env.PMT_PROFILE;
    if (explicit) return explicit;
    return this.store.active();
  }

  /**
   * A `--profile` (or PMT_PROFILE) that names no stored profile is refused before anything runs,
   * public reads included: a typo silently falling back to the defaults is how the wrong account
   * gets used.
   */
  async checkNamedProfile(): Promise<void> {
    const explicit = this.globals.profile ?? this.env.PMT_PROFILE;
    if (!explicit) return;
    const { profiles } = await this.store.list();
    if (!profiles[explicit]) throw unknownProfile(explicit, Object.keys(profiles));
  }

  credentials(): Promise<ResolvedCredentials> {
    this.creds ??= (async () => {
      const explicit = this.globals.profile ?? this.env.PMT_PROFILE;
      const { active, profiles } = await this.store.list();
      const name = explicit ?? active;
      const profile = name ? profiles[name] : undefined;
      if (explicit && !profile) throw unknownProfile(explicit, Object.keys(profiles));
      return resolveCredentials({ env: this.env, profile, profileName: name ?? null, flags: this.credentialFlags });
    })();
    return this.creds;
  }

  async adapterConfig(): Promise<AdapterConfig> {
    let kalshi = this.env.PMT_KALSHI_API_URL;
    let kalshiEnvironment: AdapterConfig['kalshiEnvironment'] = 'custom';
    if (!kalshi) {
      // Only a stored profile can pick Kalshi's demo; reading it is a file read, not a conf load.
      const demo = this.store.exists() ? (await this.credentials()).kalshiDemo?.value : false;
      kalshi = demo ? DEFAULT_URLS.kalshiDemo : DEFAULT_URLS.kalshi;
      kalshiEnvironment = demo ? 'demo' : 'production';
    }
    return {
      env: this.env,
      urls: {
        kalshi,
        gamma: this.env.PMT_POLYMARKET_GAMMA_URL || DEFAULT_URLS.gamma,
        clob: this.env.PMT_POLYMARKET_CLOB_URL || DEFAULT_URLS.clob,
      },
      kalshiEnvironment,
      log: this.log,
      credentials: () => this.credentials(),
      now: () => this.now(),
      cacheDir: join(configDir(this.env), 'cache'),
    };
  }

  /** The adapter for one exchange, built on first use. */
  exchange(id: ExchangeId): Promise<Exchange> {
    let p = this.adapters.get(id);
    if (!p) {
      p = (async () => {
        const cfg = await this.adapterConfig();
        if (id === 'kalshi') return (await import('./exchanges/kalshi/index.js')).createKalshi(cfg);
        return (await import('./exchanges/polymarket/index.js')).createPolymarket(cfg);
      })();
      this.adapters.set(id, p);
    }
    return p;
  }
}
