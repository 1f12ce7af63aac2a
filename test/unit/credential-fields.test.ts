/**
 * Credentials are declared once, in each manifest (exchanges/credential-spec.ts), and everything
 * else derives from the declaration: the modules that resolve, add, show, scrub and summarise
 * credentials name no exchange's variable, flag or profile section; resolution keeps the
 * contract's precedence field by field (flag > profile named with --profile > environment >
 * active profile); the declarations themselves are consistent.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_ENV, resolveCredentials } from '../../src/credentials.js';
import type { CredentialField } from '../../src/exchanges/credential-spec.js';
import { ALL_MANIFESTS } from '../../src/exchanges/registry.js';
import { secretSources } from '../../src/secrets.js';
import type { Profile } from '../../src/profiles.js';

const SRC = resolve(import.meta.dirname, '../../src');
const fields = ALL_MANIFESTS.flatMap((m) => (m.credentials.fields as readonly CredentialField[]).map((f) => ({ m, f })));

/** The modules that handle every exchange's credentials alike. */
const GENERIC = [
  'credentials.ts',
  'profiles.ts',
  'profile-file.ts',
  'cli.ts',
  'secrets.ts',
  'exchanges/config.ts',
  'exchanges/credential-spec.ts',
  'exchanges/manifest.ts',
  'commands/exchanges-report.ts',
  'commands/profile/add.ts',
  'commands/profile/ask.ts',
  'commands/profile/fields.ts',
  'commands/profile/index.ts',
  'commands/profile/list.ts',
  'commands/profile/remove.ts',
  'commands/profile/secrets-input.ts',
  'commands/profile/show.ts',
  'commands/profile/summary.ts',
  'commands/profile/use.ts',
  'render/views/profiles.ts',
];

describe('credentials declared in the manifests', () => {
  it('the modules that resolve, add, show and scrub credentials name no variable, flag or profile section of an exchange (outside comments)', () => {
    const words = new Set<string>();
    for (const { m, f } of fields) {
      for (const w of [f.env, f.file?.env, `--${f.flag}`, f.file && `--${f.file.flag}`]) if (w) words.add(w);
      words.add(`.${m.credentials.profileKey}`);
      words.add(`.${m.credentials.key}`);
    }
    const named = (rel: string): string[] => {
      const out: string[] = [];
      readFileSync(join(SRC, rel), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '');
          if (/^\s*(\/?\*|\/\/)/.test(line)) return;
          for (const w of words) if (new RegExp(`${w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?![\\w-])`).test(code)) out.push(`${rel}:${i + 1}: ${w}`);
        });
      return out;
    };
    expect(words.size).toBeGreaterThan(20);
    expect(GENERIC.flatMap(named)).toEqual([]);
    // The scan finds them where they are declared (and where adapters read their own).
    expect(named('exchanges/kalshi/credentials.ts').length).toBeGreaterThan(3);
    expect(named('exchanges/polymarket-us/client.ts')).toEqual([expect.stringContaining('.polymarketUs')]);
  });

  it('every variable and flag is declared once; a secret says what it is; a required field says what is missing', () => {
    const envs = fields.flatMap(({ f }) => [f.file?.env, f.env].filter(Boolean));
    const flags = fields.flatMap(({ f }) => [f.flag, f.file?.flag].filter(Boolean));
    expect(new Set(envs).size).toBe(envs.length);
    expect(new Set(flags).size).toBe(flags.length);
    for (const { f } of fields) {
      if (f.display === 'secret') expect([f.what, f.env, f.arg], f.name).toEqual([expect.any(String), expect.any(String), expect.stringMatching(/^<.+>$/)]);
      if (f.required) expect(f.required.missing, f.name).toMatch(/\([A-Z_]+\)$/);
    }
    // What a named profile ignores and what an error scrubs are the same declarations (a setting
    // a named profile may take from the environment, the Polygon RPC, is not ignored).
    expect(CREDENTIAL_ENV).toEqual(fields.filter(({ f }) => !f.namedProfileTakesEnv).flatMap(({ f }) => [f.file?.env, f.env].filter(Boolean)));
    expect(envs.filter((e) => !CREDENTIAL_ENV.includes(e!))).toEqual(['PMT_POLYGON_RPC_URL']);
    const src = secretSources();
    expect(src.env).toEqual(fields.filter(({ f }) => f.display === 'secret').map(({ f }) => f.env));
    expect(src.files).toEqual(['KALSHI_PRIVATE_KEY_PATH', 'POLYMARKET_US_PRIVATE_KEY_PATH']);
    expect(src.fields.sort()).toEqual(['api_passphrase', 'api_secret', 'builder_passphrase', 'builder_secret', 'private_key', 'relayer_api_key']);
  });
});

describe('resolution, field by field', () => {
  const profile = {
    kalshi: { api_key_id: 'profile-kid-0001', private_key: '-----BEGIN PRIVATE KEY-----\nprofile\n-----END PRIVATE KEY-----\n', demo: true },
    polymarket_us: { api_key_id: 'profile-us-0001', private_key: 'cHJvZmlsZS1zZWNyZXQ=' },
  };

  it('the environment beats the active profile one field at a time; a flag beats both', () => {
    const c = resolveCredentials({ env: { POLYMARKET_US_PRIVATE_KEY: 'ZW52LXNlY3JldC1rZXk=' }, profile, profileName: 'main', flags: { KALSHI_API_KEY_ID: 'flag-kid-0002' } });
    expect([c.kalshi?.apiKeyId, c.kalshi?.privateKeyPem.source, c.kalshiDemo]).toEqual([
      { value: 'flag-kid-0002', source: 'flag', origin: '--kalshi-api-key-id' },
      'profile',
      { value: true, source: 'profile', origin: 'profile main' },
    ]);
    expect([c.polymarketUs?.apiKeyId.origin, c.polymarketUs?.secretKey]).toEqual(['profile main', { value: 'ZW52LXNlY3JldC1rZXk=', source: 'env', origin: 'POLYMARKET_US_PRIVATE_KEY' }]);
    expect(c.polymarket).toBeNull();
  });

  it('a profile named with --profile is never overridden, nor filled in, by the environment', () => {
    const env = { KALSHI_API_KEY_ID: 'env-kid', POLYMARKET_PRIVATE_KEY: '0x' + '11'.repeat(32), POLYMARKET_US_PRIVATE_KEY: 'ZW52' };
    const c = resolveCredentials({ env, profile, profileName: 'main', namedProfile: true });
    expect([c.kalshi?.apiKeyId.value, c.polymarket, c.polymarketUs?.secretKey.origin]).toEqual(['profile-kid-0001', null, 'profile main']);
  });

  it('a path beats the text at the same level, and is read; some required fields without the others are incomplete', () => {
    const key = join(SRC, '../test/commands/fixtures/profiles-0.3.1/us.key');
    const c = resolveCredentials({ env: { POLYMARKET_US_PRIVATE_KEY_PATH: key, POLYMARKET_US_PRIVATE_KEY: 'dGV4dA==', POLYMARKET_US_API_KEY_ID: 'id-1' }, profile: undefined, profileName: null });
    expect([c.polymarketUs?.privateKeyPath, c.polymarketUs?.secretKey.value]).toEqual([key, readFileSync(key, 'utf8')]);
    expect(() => resolveCredentials({ env: { POLYMARKET_US_API_KEY_ID: 'id-1' }, profile: undefined, profileName: null })).toThrow(
      'Polymarket US credentials are incomplete: a secret key (POLYMARKET_US_PRIVATE_KEY_PATH) is missing',
    );
  });

  it('the Polygon RPC: a named profile\'s wins over the environment, which fills in when it has none; the environment beats the active profile', () => {
    const key = '0x' + '22'.repeat(32);
    const env = { PMT_POLYGON_RPC_URL: 'https://env.example/rpc' };
    const withRpc = { polymarket: { private_key: key, polygon_rpc_url: 'https://profile.example/rpc' } };
    const rpc = (profile: Profile, namedProfile: boolean) => resolveCredentials({ env, profile, profileName: 'p', namedProfile }).polymarket?.rpcUrl;
    expect(rpc(withRpc, true)).toEqual({ value: 'https://profile.example/rpc', source: 'profile', origin: 'profile p' });
    expect(rpc({ polymarket: { private_key: key } }, true)).toEqual({ value: 'https://env.example/rpc', source: 'env', origin: 'PMT_POLYGON_RPC_URL' });
    expect(rpc(withRpc, false)?.source).toBe('env');
  });

  it('settings resolve whatever the credentials (pmt exchanges scopes keep them); one exchange only when asked', () => {
    const c = resolveCredentials({ env: { KALSHI_API_KEY_ID: 'only-the-id' }, profile: { kalshi: { demo: true } }, profileName: 'p', only: ['polymarket-us'] });
    expect([c.kalshi, c.kalshiDemo?.value, c.polymarketUs]).toEqual([null, true, null]);
  });
});
