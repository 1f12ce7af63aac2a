/**
 * The profile store: one JSON file (`profiles.json`, the layout conf used) 0600 inside a 0700
 * directory; `PMT_CONFIG_DIR` overrides where it lives. How the file is kept safe (modes, lock,
 * atomic replace, temp files) is in profile-file.ts. Secrets are stored as given and never
 * printed: every display goes through `maskSecret`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './config-dir.js';
import { PmtError } from './errors.js';
import { checkDir, checkFile, prepareDir, readJson, sweepTemps, withLock, writeJsonAtomic } from './profile-file.js';
import type { ProfileSection } from './exchanges/credential-spec.js';

export type { ProfileSection };

/**
 * A profile's risk limits (`pmt risk set`; checked in ops/risk.ts before anything is signed).
 * Dollar amounts are decimal strings (exact); an absent field is no limit.
 */
export type RiskSettings = {
  /** Price × size plus the estimated fee, per order (USD). */
  max_order_notional?: string;
  /** Every order sent since 00:00 UTC, per exchange (USD): one amount for each, or per exchange id. */
  max_daily_notional?: string | Record<string, string>;
  /** Open orders per exchange. */
  max_open_orders?: number;
  /** Contracts per market (of the outcome traded). */
  max_position?: string;
  allowed_exchanges?: string[];
  /** Globs matched against the native ticker/slug and the unified id (`KXFED-*`). */
  allowed_markets?: string[];
  /** `off`: every order is refused (`pmt kill` sets it; `pmt risk resume` sets it on). */
  trading?: 'on' | 'off';
};

/**
 * A stored profile: each exchange's section under its manifest's `credentials.profileKey`
 * (`kalshi`, `polymarket`, `polymarket_us`: the fields its manifest declares, as `profile add`
 * stored them), and pmt's own settings beside them.
 */
export interface Profile {
  risk?: RiskSettings;
  /** Exchange order groups by the name pmt gave them (`pmt order group create NAME`). */
  order_groups?: Record<string, NamedGroup>;
  /** An exchange's section (typed by its manifest's fields: `sectionOf` in credentials.ts). */
  [section: string]: Record<string, unknown> | undefined;
}

export interface NamedGroup {
  exchange: string;
  id: string;
}

interface StoreShape {
  active: string | null;
  profiles: Record<string, Profile>;
}

export { configDir };

export const PROFILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class ProfileStore {
  /**
   * @param warn where to say that something was fixed (a loose file mode); the CLI's stderr
   */
  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly warn?: (line: string) => void,
  ) {}

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

  /** Read the store as it is now (no lock: a reader sees the file before or after a write). */
  async list(): Promise<{ active: string | null; profiles: Record<string, Profile> }> {
    if (!this.exists()) return { active: null, profiles: {} };
    checkDir(this.dir);
    checkFile(this.file, this.warn);
    return shape(readJson<Partial<StoreShape>>(this.file));
  }

  async get(name: string): Promise<Profile | undefined> {
    return (await this.list()).profiles[name];
  }

  async active(): Promise<string | null> {
    return (await this.list()).active;
  }

  /**
   * One read-modify-write under the lock: the file is read afresh inside it, so concurrent
   * writers (two `profile add`, `remove` beside `add`) never lose each other's change.
   */
  private async update<T>(change: (s: StoreShape) => T): Promise<T> {
    prepareDir(this.dir);
    return withLock(this.file, () => {
      sweepTemps(this.file);
      checkFile(this.file, this.warn);
      const store = shape(readJson<Partial<StoreShape>>(this.file));
      const out = change(store);
      writeJsonAtomic(this.file, store);
      return out;
    });
  }

  /** Create or replace a profile; the first profile becomes active. */
  async put(name: string, profile: Profile): Promise<{ activated: boolean }> {
    if (!PROFILE_NAME_RE.test(name)) {
      throw new PmtError('Api', `profile name "${name}" must be 1-64 letters, digits, "_", "." or "-"`, { usage: true });
    }
    return this.update((s) => {
      s.profiles[name] = profile;
      let activated = false;
      if (!s.active || !s.profiles[s.active]) {
        s.active = name;
        activated = true;
      }
      return { activated };
    });
  }

  /**
   * Change one profile's risk settings under the store's lock (read afresh inside it, so a
   * `pmt kill` in another shell is never lost); returns them as written.
   */
  async updateRisk(name: string, change: (r: RiskSettings) => void): Promise<RiskSettings> {
    return this.update((s) => {
      const p = s.profiles[name];
      if (!p) throw unknownProfile(name, Object.keys(s.profiles));
      const risk: RiskSettings = { ...(p.risk ?? {}) };
      change(risk);
      if (Object.keys(risk).length) p.risk = risk;
      else delete p.risk;
      return risk;
    });
  }

  /** Change one profile's named order groups under the store's lock; returns them as written. */
  async updateGroups(name: string, change: (g: Record<string, NamedGroup>) => void): Promise<Record<string, NamedGroup>> {
    return this.update((s) => {
      const p = s.profiles[name];
      if (!p) throw unknownProfile(name, Object.keys(s.profiles));
      const groups = { ...(p.order_groups ?? {}) };
      change(groups);
      if (Object.keys(groups).length) p.order_groups = groups;
      else delete p.order_groups;
      return groups;
    });
  }

  async use(name: string): Promise<void> {
    await this.update((s) => {
      if (!s.profiles[name]) throw unknownProfile(name, Object.keys(s.profiles));
      s.active = name;
    });
  }

  /**
   * Remove a profile; when it was the active one, none is active after it (another wallet is never
   * made active silently: the caller says so, and `profile use` picks one).
   */
  async remove(name: string): Promise<{ newActive: string | null }> {
    return this.update((s) => {
      if (!s.profiles[name]) throw unknownProfile(name, Object.keys(s.profiles));
      delete s.profiles[name];
      if (s.active === name || (s.active && !s.profiles[s.active])) s.active = null;
      return { newActive: s.active };
    });
  }
}

/**
 * The stored profiles' names, sorted, for shell completion: a plain read of the store file (no
 * lock, no mode fixes, no credential resolution). Every string value is dropped while the JSON is
 * parsed, so no secret outlives the read; a missing or unreadable store has no names.
 */
export function profileNames(env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(join(configDir(env), 'profiles.json'), 'utf8');
  } catch {
    return [];
  }
  try {
    const data = JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? undefined : value)) as { profiles?: unknown };
    const profiles = data?.profiles;
    if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles)) return [];
    return Object.keys(profiles).filter((n) => PROFILE_NAME_RE.test(n)).sort();
  } catch {
    return [];
  }
}

function shape(data: Partial<StoreShape> | undefined): StoreShape {
  const profiles = data?.profiles && typeof data.profiles === 'object' ? { ...data.profiles } : {};
  return { active: typeof data?.active === 'string' ? data.active : null, profiles };
}

export function unknownProfile(name: string, known: string[]): PmtError {
  return new PmtError('Config', `no profile named "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, {
    hint: known.length ? 'run `pmt profile list`' : 'run `pmt profile add <name>` to create one',
  });
}

export { maskSecret } from './secrets.js';

/**
 * The risk limits of the profile `name()` names, read afresh on every call (a `pmt kill` in
 * another shell counts at once); none when no profile is in use. `defaults` fill the notional
 * limits a profile leaves unset (`pmt mcp`).
 */
export function riskAccess(store: ProfileStore, name: () => Promise<string | null>, defaults?: RiskSettings) {
  const named = async (): Promise<string> => {
    const n = await name();
    if (!n) throw new PmtError('Config', 'no profile in use: risk limits, `trading: off` and order group names are stored on a profile', { hint: 'run `pmt profile add <name>` (or name one with --profile)' });
    return n;
  };
  return {
    profileName: name,
    defaults,
    async read(): Promise<RiskSettings> {
      const n = await name();
      return (n ? (await store.get(n))?.risk : undefined) ?? {};
    },
    async write(change: (r: RiskSettings) => void): Promise<RiskSettings> {
      return store.updateRisk(await named(), change);
    },
    async readGroups(): Promise<Record<string, NamedGroup>> {
      const n = await name();
      return (n ? (await store.get(n))?.order_groups : undefined) ?? {};
    },
    async writeGroups(change: (g: Record<string, NamedGroup>) => void): Promise<Record<string, NamedGroup>> {
      return store.updateGroups(await named(), change);
    },
  };
}
