/**
 * Issue 15, finding 5: the profile store under concurrent writers (separate pmt processes). Every
 * read-modify-write holds the lock and reads the file afresh, so no add is lost and a remove
 * beside an add never leaves the removed profile behind; temp files a killed writer left (they
 * hold keys) are gone after the next write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { writeJsonAtomic } from '../../src/profile-file.js';

let pem: string;
beforeAll(() => {
  pem = join(tempConfigDir(), 'k.pem');
  writeFileSync(pem, makeKalshiKey().privatePem, { mode: 0o600 });
});

const add = (dir: string, name: string) =>
  runPmt(['profile', 'add', name, '--kalshi-api-key-id', `kid-${name}`, '--kalshi-private-key-path', pem], { env: { PMT_CONFIG_DIR: dir }, timeout: 60_000 });
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8')) as { active: string | null; profiles: Record<string, unknown> };

describe('profile store with parallel writers', () => {
  it('four concurrent `profile add`, three rounds: every profile is stored', async () => {
    const dir = tempConfigDir();
    const names: string[] = [];
    for (let round = 0; round < 3; round++) {
      const batch = [0, 1, 2, 3].map((i) => `p${round}-${i}`);
      names.push(...batch);
      const rs = await Promise.all(batch.map((n) => add(dir, n)));
      for (const r of rs) expect(r.exitCode, r.stderr).toBe(0);
    }
    expect(Object.keys(stored(dir).profiles).sort()).toEqual(names.sort());
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  }, 120_000);

  it('`profile remove old` beside `profile add new`: old is gone, new is there, every time', async () => {
    const dir = tempConfigDir();
    for (let round = 0; round < 4; round++) {
      expect((await add(dir, `old${round}`)).exitCode).toBe(0);
      const [rm, ad] = await Promise.all([
        runPmt(['profile', 'remove', `old${round}`, '--yes'], { env: { PMT_CONFIG_DIR: dir }, timeout: 60_000 }),
        add(dir, `new${round}`),
      ]);
      expect(rm.exitCode, rm.stderr).toBe(0);
      expect(ad.exitCode, ad.stderr).toBe(0);
      const s = stored(dir);
      expect(s.profiles[`old${round}`]).toBeUndefined();
      expect(s.profiles[`new${round}`]).toBeDefined();
      expect(s.active === null || s.profiles[s.active] !== undefined).toBe(true);
    }
  }, 120_000);

  it('temp files left by a killed writer (holding keys) are deleted by the next write, e.g. `profile remove`', async () => {
    const dir = tempConfigDir();
    expect((await add(dir, 'a')).exitCode).toBe(0);
    expect((await add(dir, 'b')).exitCode).toBe(0);
    // What conf/atomically left after a kill mid-write, and what pmt's own writer would.
    for (const name of ['profiles.json.tmp-1234abcd', 'profiles.json.tmp-999-0a0b0c']) {
      writeFileSync(join(dir, name), JSON.stringify({ profiles: { a: { polymarket: { private_key: '0x' + 'ab'.repeat(32) } } } }), { mode: 0o600 });
    }
    const r = await runPmt(['profile', 'remove', 'a', '--yes'], { env: { PMT_CONFIG_DIR: dir } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('a write that fails leaves no temp file behind', () => {
    const dir = tempConfigDir();
    const file = join(dir, 'profiles.json');
    mkdirSync(file); // rename over a directory fails
    expect(() => writeJsonAtomic(file, { secret: 'x' })).toThrow(/cannot write the profile store/);
    expect(readdirSync(dir)).toEqual(['profiles.json']);
    expect(existsSync(file)).toBe(true);
    renameSync(file, file + '.dir');
  });
});
