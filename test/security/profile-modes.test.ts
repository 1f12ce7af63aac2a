/**
 * The profile store holds secrets: its file is 0600 and its directory 0700 however it came to
 * exist (fresh, a permissive umask, a directory or file created earlier with wider modes), and
 * a corrupt store's error never quotes the file.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../src/profiles.js';
import { PmtError } from '../../src/errors.js';

const SECRET_KEY = '0x' + 'ab'.repeat(32);
const PROFILE = { polymarket: { private_key: SECRET_KEY, api_secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ=', api_passphrase: 'pass-phrase-0123456789' } };
const mode = (p: string) => statSync(p).mode & 0o777;

let oldUmask: number;
beforeEach(() => {
  // The most permissive umask: any mode that comes out right was set on purpose.
  oldUmask = process.umask(0);
});
afterEach(() => {
  process.umask(oldUmask);
});

function dir(): string {
  return join(mkdtempSync(join(tmpdir(), 'pmt-modes-')), 'config');
}

describe('profile store modes', () => {
  it('a fresh store: directory 0700, file 0600', async () => {
    const d = dir();
    const store = new ProfileStore({ PMT_CONFIG_DIR: d });
    await store.put('main', PROFILE);
    expect(mode(d)).toBe(0o700);
    expect(mode(store.file)).toBe(0o600);
    expect(JSON.parse(readFileSync(store.file, 'utf8')).profiles.main.polymarket.private_key).toBe(SECRET_KEY);
  });

  it('a group/world-writable directory pmt did not create is refused, never chmodded (issue 15 #6)', async () => {
    const d = dir();
    mkdirSync(d, { recursive: true, mode: 0o777 });
    chmodSync(d, 0o1777);
    const store = new ProfileStore({ PMT_CONFIG_DIR: d });
    const e = await store.put('main', PROFILE).then(() => null, (x: unknown) => x as PmtError);
    expect(e?.kind).toBe('Config');
    expect(e?.message).toMatch(/writable by other users \(mode 777\)/);
    expect(e?.hint).toContain(`chmod 700 ${d}`);
    expect(statSync(d).mode & 0o7777).toBe(0o1777);
    expect(existsSync(store.file)).toBe(false);
  });

  it('an existing readable-but-not-writable directory is used as it is (not chmodded)', async () => {
    const d = dir();
    mkdirSync(d, { recursive: true });
    chmodSync(d, 0o755);
    const store = new ProfileStore({ PMT_CONFIG_DIR: d });
    await store.put('main', PROFILE);
    expect(mode(d)).toBe(0o755);
    expect(mode(store.file)).toBe(0o600);
  });

  it('a loose store file is tightened to 0600 and pmt says so, on read and on write (issue 15 #6)', async () => {
    const d = dir();
    mkdirSync(d, { recursive: true, mode: 0o700 });
    chmodSync(d, 0o700);
    writeFileSync(join(d, 'profiles.json'), JSON.stringify({ active: 'main', profiles: { main: PROFILE } }), { mode: 0o644 });
    chmodSync(join(d, 'profiles.json'), 0o644);
    const said: string[] = [];
    const store = new ProfileStore({ PMT_CONFIG_DIR: d }, (l) => said.push(l));
    expect((await store.get('main'))?.polymarket?.private_key).toBe(SECRET_KEY);
    expect(mode(store.file)).toBe(0o600);
    expect(said.join('\n')).toMatch(/was readable by other users \(mode 644\); pmt set it to 600/);
    chmodSync(store.file, 0o666);
    await store.put('second', PROFILE);
    expect(mode(store.file)).toBe(0o600);
    expect(said).toHaveLength(2);
  });

  it('every later write keeps 0600', async () => {
    const d = dir();
    const store = new ProfileStore({ PMT_CONFIG_DIR: d });
    await store.put('a', PROFILE);
    await store.put('b', PROFILE);
    await store.use('b');
    await store.remove('a');
    expect(mode(store.file)).toBe(0o600);
    expect(mode(d)).toBe(0o700);
  });

  it('a corrupt store is a Config error that does not quote the file', async () => {
    const d = dir();
    mkdirSync(d, { recursive: true, mode: 0o700 });
    // A secret pasted where JSON should be: V8's own message would quote its first characters.
    writeFileSync(join(d, 'profiles.json'), `x${SECRET_KEY}`, { mode: 0o600 });
    const e = await new ProfileStore({ PMT_CONFIG_DIR: d }).list().then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(PmtError);
    expect((e as PmtError).kind).toBe('Config');
    expect((e as PmtError).message).not.toContain(SECRET_KEY.slice(0, 10));
    expect((e as PmtError).message).toMatch(/not valid JSON/);
  });
});
