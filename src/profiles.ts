/**
 * The conf-backed profile store. conf is loaded only when a profile is actually read or written.
 * The file is 0600 inside a 0700 directory; `PMT_CONFIG_DIR` overrides where it lives.
 * Secrets are stored as given (conf's encryptionKey is obfuscation, not protection) and never
 * printed: every display goes through `maskSecret`.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PmtError } from './errors.js';
import { describeJsonError } from './safe-text.js';

export interface KalshiProfile {
  api_key_id?: string;
  /** Path to the PEM file (preferred: the key itself never enters the store). */
  private_key_path?: string;
  /** PEM text, when the user chose to store it. */
  private_key?: string;
  /** Use Kalshi's demo environment. */
  demo?: boolean;
}

export interface PolymarketProfile {
  private_key?: string;
  funder?: string;
  signature_type?: 'eoa' | 'proxy' | 'gnosis-safe' | 'poly-1271';
  api_key?: string;
  api_secret?: string;
  api_passphrase?: string;
}

export interface Profile {
  kalshi?: KalshiProfile;
  polymarket?: PolymarketProfile;
}

interface StoreShape {
  active: string | null;
  profiles: Record<string, Profile>;
}

type ConfLike = {
  get<K extends keyof StoreShape>(key: K): StoreShape[K];
  set<K extends keyof StoreShape>(key: K, value: StoreShape[K]): void;
  path: string;
};

/** Where the store lives: `PMT_CONFIG_DIR`, else the XDG config dir (conf's default for `pmt`). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PMT_CONFIG_DIR) return env.PMT_CONFIG_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'pmt');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'pmt', 'Config');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'pmt');
}

export const PROFILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class ProfileStore {
  private conf?: ConfLike;
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  get dir(): string {
    return configDir(this.env);
  }

  get file(): string {
    return join(this.dir, 'profiles.json');
  }

  /** True when a store file exists (so read-only commands need not create one). */
  exists(): boolean {
    return existsSync(this.file);
  }

  private async open(): Promise<ConfLike> {
    if (this.conf) return this.conf;
    const dir = this.dir;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
    } catch (e) {
      throw new PmtError('Config', `cannot create the profile directory ${dir}: ${(e as Error).message}`);
    }
    const { default: Conf } = await import('conf');
    try {
      const conf = new Conf<StoreShape>({
        projectName: 'pmt',
        projectSuffix: '',
        cwd: dir,
        configName: 'profiles',
        configFileMode: 0o600,
        defaults: { active: null, profiles: {} },
      });
      this.conf = conf as unknown as ConfLike;
    } catch (e) {
      throw new PmtError('Config', `the profile store ${this.file} is unreadable: ${describeJsonError(e)}`, {
        hint: 'fix or remove the file, then run `pmt profile add`',
      });
    }
    return this.conf;
  }

  /**
   * Read the store. Reads go straight to conf's JSON file (no need to load conf just to look);
   * writes go through conf.
   */
  async list(): Promise<{ active: string | null; profiles: Record<string, Profile> }> {
    if (this.conf) return { active: this.conf.get('active'), profiles: this.conf.get('profiles') ?? {} };
    if (!this.exists()) return { active: null, profiles: {} };
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<StoreShape>;
      return { active: data.active ?? null, profiles: data.profiles ?? {} };
    } catch (e) {
      throw new PmtError('Config', `the profile store ${this.file} is unreadable: ${describeJsonError(e)}`, {
        hint: 'fix or remove the file, then run `pmt profile add`',
      });
    }
  }

  async get(name: string): Promise<Profile | undefined> {
    return (await this.list()).profiles[name];
  }

  async active(): Promise<string | null> {
    return (await this.list()).active;
  }

  /** Create or replace a profile; the first profile becomes active. */
  async put(name: string, profile: Profile): Promise<{ activated: boolean }> {
    if (!PROFILE_NAME_RE.test(name)) {
      throw new PmtError('Api', `profile name "${name}" must be 1-64 letters, digits, "_", "." or "-"`, { usage: true });
    }
    const c = await this.open();
    const profiles = { ...(c.get('profiles') ?? {}), [name]: profile };
    c.set('profiles', profiles);
    let activated = false;
    if (!c.get('active') || !profiles[c.get('active')!]) {
      c.set('active', name);
      activated = true;
    }
    chmodSync(c.path, 0o600);
    return { activated };
  }

  async use(name: string): Promise<void> {
    const c = await this.open();
    if (!(c.get('profiles') ?? {})[name]) throw unknownProfile(name, Object.keys(c.get('profiles') ?? {}));
    c.set('active', name);
  }

  async remove(name: string): Promise<{ newActive: string | null }> {
    const c = await this.open();
    const profiles = { ...(c.get('profiles') ?? {}) };
    if (!profiles[name]) throw unknownProfile(name, Object.keys(profiles));
    delete profiles[name];
    c.set('profiles', profiles);
    let active = c.get('active');
    if (active === name) {
      active = Object.keys(profiles)[0] ?? null;
      c.set('active', active);
    }
    return { newActive: active };
  }
}

export function unknownProfile(name: string, known: string[]): PmtError {
  return new PmtError('Config', `no profile named "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, {
    hint: known.length ? 'run `pmt profile list`' : 'run `pmt profile add <name>` to create one',
  });
}

/** "abcd…wxyz" style masking: enough to recognise a key, never enough to use it. */
export function maskSecret(value: string | undefined | null): string | null {
  if (value == null || value === '') return null;
  if (value.length <= 8) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}
