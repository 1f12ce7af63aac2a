/**
 * `pmt profile add|list|show|use|remove`, run in process (those reading stdin: the binary): flags
 * only (no terminal), file modes, masking (every output is searched for every secret), sources,
 * and the Config exit for commands that need credentials that are not there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempConfigDir, type RunResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';

const POLY_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const POLY_SIGNER = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';
const FUNDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const API_SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==';
const API_PASSPHRASE = 'pass-phrase-0123456789abcdef0123456789abcdef';
const KEY_ID = 'a1b2c3d4-0000-4000-8000-00000000k001';

let pemPath: string;
let pem: string;
let dir: string;
const secrets = () => [POLY_KEY, POLY_KEY.slice(0, 40), API_SECRET, API_PASSPHRASE, KEY_ID, pem.split('\n')[1]!];

function clean(r: RunResult): void {
  const all = r.stdout + r.stderr;
  for (const s of secrets()) expect(all, `output leaks a secret (${s.slice(0, 6)}…)`).not.toContain(s);
}

const pmt = (args: string[], env: Record<string, string> = {}, input?: string) => runInProcess(args, { env: { PMT_CONFIG_DIR: join(dir, 'cfg'), ...env }, input });

beforeAll(() => {
  dir = tempConfigDir();
  pem = makeKalshiKey(KEY_ID).privatePem;
  pemPath = join(dir, 'kalshi.pem');
  writeFileSync(pemPath, pem, { mode: 0o600 });
});

describe('profile add with flags', () => {
  it('stores a Kalshi profile with the key path, 0600 file in a 0700 dir, first one active', async () => {
    const r = await pmt(['profile', 'add', 'main', '--kalshi-api-key-id', KEY_ID, '--kalshi-private-key-path', pemPath]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('saved profile "main": kalshi');
    expect(r.stdout).toContain('"main" is now the active profile');
    clean(r);
    const file = join(dir, 'cfg', 'profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'cfg')).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.active).toBe('main');
    expect(stored.profiles.main.kalshi).toEqual({ api_key_id: KEY_ID, private_key_path: pemPath });
  });

  it('takes the private key from stdin and the API secret/passphrase from the environment; never echoes them (issue 15 #1)', async () => {
    const r = await pmt(
      ['profile', 'add', 'poly', '--polymarket-private-key-stdin', '--polymarket-funder', FUNDER, '--polymarket-signature-type', 'proxy', '--polymarket-api-key', '11111111-2222-4333-8444-555555555555'],
      { POLYMARKET_API_SECRET: API_SECRET, POLYMARKET_API_PASSPHRASE: API_PASSPHRASE },
      POLY_KEY + '\n',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('note: the Polymarket API secret taken from POLYMARKET_API_SECRET');
    expect(r.stdout).toContain('saved profile "poly": polymarket (proxy)');
    expect(r.stdout).toContain('pmt profile use poly');
    clean(r);
    const stored = JSON.parse(readFileSync(join(dir, 'cfg', 'profiles.json'), 'utf8')).profiles.poly.polymarket;
    expect(stored).toMatchObject({ private_key: '0x' + POLY_KEY, api_secret: API_SECRET, api_passphrase: API_PASSPHRASE });
  });

  it('takes a PEM from KALSHI_PRIVATE_KEY (validated), never from argv', async () => {
    const r = await pmt(['profile', 'add', 'pem', '--kalshi-api-key-id', KEY_ID, '--kalshi-demo'], { KALSHI_PRIVATE_KEY: pem });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('taken from KALSHI_PRIVATE_KEY');
    expect(r.stdout).toContain('kalshi (demo)');
    clean(r);
  });

  it('off a terminal, the Polymarket key from POLYMARKET_PRIVATE_KEY alone is enough (used to exit 2)', async () => {
    const r = await pmt(['profile', 'add', 'envpoly'], { POLYMARKET_PRIVATE_KEY: POLY_KEY });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('saved profile "envpoly": polymarket (eoa)');
    clean(r);
    expect((await pmt(['profile', 'remove', 'envpoly', '--yes'])).exitCode).toBe(0);
  });

  it.each([
    ['--polymarket-private-key', POLY_KEY, 'POLYMARKET_PRIVATE_KEY'],
    ['--polymarket-api-secret', API_SECRET, 'POLYMARKET_API_SECRET'],
    ['--polymarket-api-passphrase', API_PASSPHRASE, 'POLYMARKET_API_PASSPHRASE'],
    ['--kalshi-private-key', 'x', 'KALSHI_PRIVATE_KEY'],
  ])('a secret given as a flag value (%s) is refused with the hint, exit 2, nothing stored (issue 15 #1)', async (flag, value, env) => {
    const r = await pmt(['profile', 'add', 'argv', `${flag}=${value}`, '--polymarket-funder', FUNDER]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`${flag} is refused: a secret on the command line is visible to other users`);
    expect(r.stderr).toContain(`${flag}-stdin`);
    expect(r.stderr).toContain(env);
    clean(r);
    expect((await pmt(['profile', 'list', '--json'])).stdout).not.toContain('"argv"');
  });

  it('one secret per invocation on stdin', async () => {
    const r = await pmt(['profile', 'add', 'two', '--polymarket-private-key-stdin', '--polymarket-api-secret-stdin', '--polymarket-api-key', 'k'], {}, POLY_KEY);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('one secret per invocation on stdin');
  });

  it.each([
    [['--polymarket-private-key-stdin'], /the Polymarket key from --polymarket-private-key-stdin must be 32 bytes of hex/, 'zz' + POLY_KEY.slice(2)],
    [['--polymarket-private-key-stdin'], /not a valid secp256k1 private key/, '0'.repeat(64)],
    [['--polymarket-private-key-stdin'], /stdin was empty/, ''],
    [['--kalshi-api-key-id', KEY_ID], /--kalshi-private-key-path is required/],
    [['--kalshi-api-key-id', KEY_ID, '--kalshi-private-key-path', '/nonexistent/k.pem'], /cannot be read \(ENOENT\)/],
    [['--polymarket-private-key-stdin', '--polymarket-signature-type', 'eoa', '--polymarket-funder', FUNDER], /is not the key's own address/, POLY_KEY],
    [['--polymarket-private-key-stdin', '--polymarket-signature-type', 'gnosis-safe'], /--polymarket-funder is required with wallet type gnosis-safe/, POLY_KEY],
    [['--polymarket-private-key-stdin', '--polymarket-funder', POLY_SIGNER], /is the signer's own address/, POLY_KEY],
    [['--polymarket-private-key-stdin', '--polymarket-funder', FUNDER.replace('E0F', 'e0F')], /wrong checksum/, POLY_KEY],
    [['--polymarket-private-key-stdin', '--polymarket-api-key', 'k'], /needs the API secret and passphrase too/, POLY_KEY],
    [[], /give credentials for at least one exchange/],
  ])('rejects %j (exit 2), stores nothing, echoes no secret', async (flags, msg, input?: string) => {
    const r = await pmt(['profile', 'add', 'bad', ...(flags as string[])], {}, input);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(msg);
    expect(r.stderr.trim().split('\n').filter((l) => l.startsWith('error')).length).toBe(1);
    clean(r);
    expect((await pmt(['profile', 'list', '--json'])).stdout).not.toContain('"bad"');
  });

  it('a file that is not an RSA key is rejected', async () => {
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
    const r = await pmt(['profile', 'add', 'bad', '--kalshi-api-key-id', KEY_ID, '--kalshi-private-key-path', junk]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('is not a valid RSA private key');
  });
});

describe('profile list and show', () => {
  it('list masks identifiers and never shows a secret; --json is metadata only', async () => {
    const r = await pmt(['profile', 'list']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^\*\tmain\tkalshi\ta1b2…k001\t/m);
    clean(r);
    const j = await pmt(['profile', 'list', '--json']);
    clean(j);
    const doc = JSON.parse(j.stdout);
    expect(doc.active).toBe('main');
    expect(doc.profiles.map((p: { name: string }) => p.name)).toEqual(['main', 'pem', 'poly']);
    expect(doc.profiles[2]).toEqual({
      name: 'poly', active: false, kalshi: null,
      polymarket: { private_key_set: true, signature_type: 'proxy', funder: FUNDER, api_credentials: 'stored' },
    });
    expect(doc.profiles[1].kalshi).toEqual({ api_key_id: 'a1b2…k001', private_key: 'pem', private_key_path: null, environment: 'demo' });
  });

  it('show says where each value comes from right now: env beats the profile', async () => {
    const r = await pmt(['profile', 'show', 'poly', '--json'], { POLYMARKET_FUNDER: '0x0000000000000000000000000000000000000001' });
    clean(r);
    const doc = JSON.parse(r.stdout);
    const by = Object.fromEntries(doc.settings.map((s: { setting: string }) => [s.setting, s]));
    expect(by.POLYMARKET_FUNDER).toEqual({ setting: 'POLYMARKET_FUNDER', value: '0x0000000000000000000000000000000000000001', source: 'env', origin: 'POLYMARKET_FUNDER' });
    expect(by.POLYMARKET_PRIVATE_KEY).toEqual({ setting: 'POLYMARKET_PRIVATE_KEY', value: 'set', source: 'profile', origin: 'profile poly' });
    expect(by.POLYMARKET_SIGNER.value).toBe(POLY_SIGNER);
    expect(by.POLYMARKET_API_SECRET.value).toBe('set');
    expect(by.KALSHI_API_KEY_ID.source).toBeNull();
  });

  it('show for people: the active profile, masked, with sources', async () => {
    const r = await pmt(['profile', 'show'], { KALSHI_API_KEY_ID: 'env-key-id-123456' });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('KALSHI_API_KEY_ID\tenv-…3456\tenv KALSHI_API_KEY_ID');
    expect(r.stdout).toContain(`KALSHI_PRIVATE_KEY_PATH\t${pemPath}\tprofile main`);
    clean(r);
  });

  it('an unknown profile is Config (exit 9)', async () => {
    const r = await pmt(['profile', 'show', 'nope']);
    expect(r.exitCode).toBe(9);
    expect(r.stderr).toMatch(/no profile named "nope" \(profiles: (main|pem|poly), (main|pem|poly), (main|pem|poly)\)/);
  });
});

describe('profile use and remove', () => {
  it('use switches the active profile; unknown is exit 9', async () => {
    expect((await pmt(['profile', 'use', 'poly'])).stdout).toContain('active profile: poly');
    expect(JSON.parse((await pmt(['profile', 'list', '--json'])).stdout).active).toBe('poly');
    expect((await pmt(['profile', 'use', 'ghost'])).exitCode).toBe(9);
  });

  it('remove needs --yes when not on a terminal; removing the active one leaves none active and says so (issue 21)', async () => {
    const r = await pmt(['profile', 'remove', 'poly']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('add --yes');
    expect(JSON.parse((await pmt(['profile', 'list', '--json'])).stdout).profiles).toHaveLength(3);
    const ok = await pmt(['profile', 'remove', 'poly', '--yes', '--json']);
    expect(JSON.parse(ok.stdout)).toEqual({ removed: 'poly', active: null });
    expect(JSON.parse((await pmt(['profile', 'list', '--json'])).stdout).active).toBeNull();
    expect(statSync(join(dir, 'cfg', 'profiles.json')).mode & 0o777).toBe(0o600);
    // People are told, with the way to pick one.
    expect((await pmt(['profile', 'use', 'main'])).exitCode).toBe(0);
    const said = await pmt(['profile', 'remove', 'main', '--yes']);
    expect(said.stdout).toMatch(/no profile is active now; choose one with `pmt profile use <name>`/);
    expect(JSON.parse((await pmt(['profile', 'list', '--json'])).stdout).active).toBeNull();
  });
});

describe('commands that need credentials', () => {
  it.each([
    [['order', 'list'], /no exchange credentials/],
    [['order', 'get', '0b3f4d8e-1a2b-4c3d-8e9f-0123456789ab'], /kalshi needs credentials/],
    [['order', 'create', '--asset', 'KXTEST-25DEC31', '--side', 'buy', '--price', '0.5', '--size', '1', '--yes'], /kalshi needs credentials/],
    [['order', 'cancel-all', '--yes', '--exchange', 'polymarket'], /polymarket needs credentials/],
  ])('%j without credentials: Config, exit 9, one line with the fix', async (args, msg) => {
    const empty = tempConfigDir();
    const r = await runInProcess(args as string[], { env: { PMT_CONFIG_DIR: empty } });
    expect(r.exitCode).toBe(9);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(msg);
    expect(r.stderr).toContain('pmt profile add');
  });

  it('--json errors are one error object on stderr', async () => {
    const r = await runInProcess(['order', 'list', '--json'], { env: { PMT_CONFIG_DIR: tempConfigDir() } });
    expect(r.exitCode).toBe(9);
    expect(JSON.parse(r.stderr)).toEqual({ kind: 'Config', message: expect.stringContaining('no exchange credentials') });
  });
});
