/**
 * Per-run services: the IO object, the environment, the profile store, resolved credentials and
 * lazily built exchange adapters. Nothing heavy is imported until a command asks for it.
 */
import { openJournal, type Journal } from './journal.js';
import { configDir } from './profiles.js';
import { PmtError } from './errors.js';
import { safeLine } from './safe-text.js';
import { resolveCredentials, type CredentialFlags, type ResolvedCredentials } from './credentials.js';
import { ProfileStore, riskAccess, unknownProfile, type RiskSettings } from './profiles.js';
import { IO } from './render/io.js';
import type { AdapterConfig } from './exchanges/config.js';
import { createExchange } from './exchanges/create.js';
import type { Exchange } from './exchanges/exchange.js';
import { EXCHANGE_IDS, MANIFESTS, manifestOf, type ExchangeId } from './exchanges/registry.js';
import { missingCredentials } from './ops/credentials.js';
import { CLI_NAMES, type RiskAccess, type Services } from './ops/services.js';

export type { AdapterConfig } from './exchanges/config.js';

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

/** The CLI's per-run services: what every op gets (see ops/services.ts). */
export class Context implements Services {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  readonly store: ProfileStore;
  /** Credential flags given on this command line (only `profile add` takes them). */
  credentialFlags: CredentialFlags = {};
  /** Set by a dry run: no write may leave for this run (adapters read, derive, never create). */
  readOnly = false;
  private creds?: Promise<ResolvedCredentials>;
  private readonly adapters = new Map<ExchangeId, Promise<Exchange>>();
  now: () => number = Date.now;
  readonly names = CLI_NAMES;

  constructor(opts: { io?: IO; env?: NodeJS.ProcessEnv; globals?: GlobalOptions } = {}) {
    this.env = opts.env ?? process.env;
    this.globals = opts.globals ?? {};
    this.io = opts.io ?? new IO({ env: this.env, noColor: this.globals.color === false, wide: this.globals.wide === true });
    // A fixed file mode is said on stderr, except where stderr carries only error objects.
    this.store = new ProfileStore(this.env, (line) => {
      if (!this.json) this.io.err(`warning: ${line}`);
    });
  }

  /** One line per upstream request on stderr with `--verbose`; never a credential. */
  readonly log = (line: string): void => {
    if (this.globals.verbose) this.io.err(`[pmt] ${safeLine(line)}`);
  };

  get json(): boolean {
    return Boolean(this.globals.json);
  }
  get ndjson(): boolean {
    return Boolean(this.globals.ndjson);
  }

  /** The local order journal in the config directory (opening it reads nothing). */
  get journal(): Journal {
    return openJournal(configDir(this.env));
  }

  /** Limits that apply where the profile sets none (`pmt mcp` sets them; the CLI has none). */
  riskDefaults?: RiskSettings;

  /** The risk limits of the profile in use (ops/risk.ts), read afresh at every check. */
  get risk(): RiskAccess {
    return riskAccess(this.store, () => this.profileName(), this.riskDefaults);
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

  /** Exchanges whose credentials resolve right now (flag > env > profile). */
  async configured(): Promise<ExchangeId[]> {
    const c = await this.credentials();
    return EXCHANGE_IDS.filter((id) => manifestOf(id).credentials.configured(c));
  }

  /** `Config` (exit 9) naming the command that fixes it, before any request is made. */
  async requireCredentials(id: ExchangeId): Promise<void> {
    const c = await this.credentials();
    if (!manifestOf(id).credentials.configured(c)) throw missingCredentials(id, c.profileName);
  }

  async noCredentials(): Promise<PmtError> {
    const c = await this.credentials();
    return new PmtError('Config', `no exchange credentials${c.profileName ? ` in profile "${c.profileName}" or the environment` : ' (no profile, no environment variables)'}`, {
      hint: 'run `pmt profile add <name>` to add Kalshi or Polymarket credentials',
    });
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
      // `--profile` names the profile explicitly: the environment's credentials never override it.
      return resolveCredentials({ env: this.env, profile, profileName: name ?? null, flags: this.credentialFlags, namedProfile: this.globals.profile !== undefined });
    })();
    return this.creds;
  }

  /**
   * Base URLs from the manifests: a `PMT_*_URL` override (environment `custom`), else the demo URL
   * when the stored profile asks for demo, else production. Only a stored profile can pick demo;
   * reading it is a file read, not a conf load.
   */
  async adapterConfig(id?: ExchangeId): Promise<AdapterConfig> {
    const urls: Record<string, string> = {};
    let environment = 'production';
    let demo: boolean | undefined;
    for (const m of MANIFESTS) {
      for (const [key, u] of Object.entries(m.urls) as Array<[string, { env: string; default: string; demo?: string }]>) {
        const override = this.env[u.env];
        let url = override || u.default;
        // Any base other than the defaults is "custom" wherever pmt names the environment.
        let env = override && override !== u.default ? 'custom' : 'production';
        if (!override && u.demo) {
          demo ??= this.store.exists() ? Boolean((await this.credentials()).kalshiDemo?.value) : false;
          if (demo) [url, env] = [u.demo, 'demo'];
        }
        urls[key] = url;
        if (m.id === id && env !== 'production' && environment !== 'custom') environment = env;
      }
    }
    return { env: this.env, urls, environment, log: this.log, credentials: () => this.credentials(), now: () => this.now(), cacheDir: this.store.dir, readOnly: () => this.readOnly };
  }

  /** The adapter for one exchange, built on first use. */
  exchange(id: ExchangeId): Promise<Exchange> {
    let p = this.adapters.get(id);
    if (!p) {
      p = this.adapterConfig(id).then((cfg) => createExchange(id, cfg));
      this.adapters.set(id, p);
    }
    return p;
  }
}
