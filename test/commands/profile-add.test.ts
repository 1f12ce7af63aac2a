/** `pmt profile add` on a terminal: which exchanges, then each missing value, validated as typed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run as add } from '../../src/commands/profile/add.js';
import { run as remove } from '../../src/commands/profile/remove.js';
import { exitCodeFor, PmtError } from '../../src/errors.js';
import { tempConfigDir } from '../helpers/cli.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { fakeContext, ScriptedPrompter } from './order-fake.js';

const POLY_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const FUNDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const US_SECRET = readFileSync(join(import.meta.dirname, 'fixtures/profiles-0.3.1/us.key'), 'utf8').trim();
let pemPath: string;
let notKey: string;

beforeAll(() => {
  const dir = tempConfigDir();
  pemPath = join(dir, 'k.pem');
  writeFileSync(pemPath, makeKalshiKey().privatePem, { mode: 0o644 });
  notKey = join(dir, 'notakey.txt');
  writeFileSync(notKey, 'hello');
});

describe('profile add, guided', () => {
  it('asks which exchanges, then every value; bad answers are re-asked; secrets never echoed', async () => {
    const { ctx, stdout, stderr } = fakeContext({ tty: true });
    const pr = new ScriptedPrompter([
      ['kalshi', 'polymarket'],
      'key-id-0001',
      '/nope/k.pem', // unreadable: re-asked
      notKey, // not an RSA key: re-asked
      pemPath,
      true, // demo
      'not-hex', POLY_KEY, // the first key is rejected by the validator
      'gnosis-safe',
      '0x1234', // malformed funder: re-asked
      FUNDER,
      false, // no stored API credentials
    ]);
    await add(ctx, {}, ['guided'], { prompter: pr });
    expect(pr.rejected).toEqual([
      { value: '/nope/k.pem', message: 'key file /nope/k.pem cannot be read (ENOENT)' },
      { value: notKey, message: expect.stringContaining('is not a valid RSA private key') },
      { value: '<secret>', message: expect.stringContaining('must be 32 bytes of hex') },
      { value: '0x1234', message: expect.stringContaining('the address must be an address: 0x followed by 40 hex digits') },
    ]);
    const stored = await ctx.store.get('guided');
    expect(stored).toEqual({
      kalshi: { api_key_id: 'key-id-0001', private_key_path: pemPath, demo: true },
      polymarket: { private_key: POLY_KEY, signature_type: 'gnosis-safe', funder: FUNDER },
    });
    expect(stdout.text).toContain('saved profile "guided": kalshi (demo), polymarket (gnosis-safe)');
    expect(stderr.text).toContain('is readable by other users (mode 644)');
    expect(stdout.text + stderr.text).not.toContain(POLY_KEY.slice(2));
  });

  it('Polymarket US from the checklist: the key id, then the secret, loaded before it is stored (a secret that does not load is refused)', async () => {
    const { ctx, stdout, stderr } = fakeContext({ tty: true });
    const bad = new ScriptedPrompter([['polymarket-us'], 'us-key-0001', 'bm90IGEga2V5']);
    await expect(add(ctx, {}, ['us'], { prompter: bad })).rejects.toThrow(/the Polymarket US key entered is not a Polymarket US secret key/);
    expect(await ctx.store.get('us')).toBeUndefined();
    const pr = new ScriptedPrompter([['polymarket-us'], 'us-key-0001', US_SECRET]);
    await add(ctx, {}, ['us'], { prompter: pr });
    expect(pr.asked).toEqual(['Which exchanges should this profile trade on? (space selects, enter confirms)', 'Polymarket US API key id', 'Polymarket US secret key (base64, not echoed)']);
    expect(await ctx.store.get('us')).toEqual({ polymarket_us: { api_key_id: 'us-key-0001', private_key: US_SECRET } });
    expect(stdout.text).toContain('saved profile "us": polymarket-us');
    expect(stdout.text + stderr.text).not.toContain(US_SECRET);
  });

  it('asks only for what the flags left out', async () => {
    const { ctx } = fakeContext({ tty: true });
    const pr = new ScriptedPrompter([pemPath]);
    await add(ctx, { kalshiApiKeyId: 'kid-123456' }, ['partial'], { prompter: pr });
    expect(pr.asked).toEqual(['Path to the Kalshi private key file (.pem)']);
    expect((await ctx.store.get('partial'))?.kalshi).toEqual({ api_key_id: 'kid-123456', private_key_path: pemPath });
  });

  it('issue 28: a private key given as --polymarket-funder is refused without echoing any of it', async () => {
    const { ctx, stdout, stderr } = fakeContext({ tty: false });
    let err: unknown;
    try {
      await add(ctx, { polymarketPrivateKeyStdin: true, polymarketFunder: POLY_KEY, polymarketSignatureType: 'gnosis-safe' }, ['leak'], { readStdin: async () => POLY_KEY + '\n' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PmtError);
    const text = `${(err as PmtError).message} ${(err as PmtError).hint ?? ''} ${stdout.text} ${stderr.text}`;
    expect((err as PmtError).message).toMatch(/--polymarket-funder must be an address: 0x followed by 40 hex digits \(the value given, 66 characters, is not one; not shown/);
    // Not the key, nor any 12-character piece of it (before: its first 48 characters were echoed).
    for (let i = 2; i + 12 <= POLY_KEY.length; i += 6) expect(text).not.toContain(POLY_KEY.slice(i, i + 12));
  });

  it('updating a profile keeps what was not given', async () => {
    const { ctx } = fakeContext({ tty: false });
    await add(ctx, { kalshiApiKeyId: 'kid-1', kalshiPrivateKeyPath: pemPath }, ['u']);
    await add(ctx, { polymarketPrivateKeyStdin: true }, ['u'], { readStdin: async () => POLY_KEY + '\n' });
    await add(ctx, { kalshiApiKeyId: 'kid-2' }, ['u']);
    expect(await ctx.store.get('u')).toEqual({
      kalshi: { api_key_id: 'kid-2', private_key_path: pemPath },
      polymarket: { private_key: POLY_KEY, signature_type: 'eoa' },
    });
  });

  it('Ctrl-C at a prompt cancels (exit 130) and stores nothing', async () => {
    const { ctx } = fakeContext({ tty: true });
    const ctrlC = Object.assign(new Error('User force closed the prompt with SIGINT'), { name: 'ExitPromptError' });
    // The real terminal prompter maps inquirer's error; the scripted one throws what it is given.
    const { mapPromptError } = await import('../../src/render/prompt.js');
    const pr = new ScriptedPrompter([['kalshi'], mapPromptError(ctrlC)]);
    let err: unknown;
    try {
      await add(ctx, {}, ['cc'], { prompter: pr });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PmtError);
    expect(exitCodeFor(err)).toBe(130);
    expect(await ctx.store.get('cc')).toBeUndefined();
  });
});

describe('profile remove, on a terminal', () => {
  it('asks first; no keeps it (exit 130), yes removes it', async () => {
    const { ctx } = fakeContext({ tty: true });
    await add(ctx, { kalshiApiKeyId: 'kid-1', kalshiPrivateKeyPath: pemPath }, ['a'], { prompter: new ScriptedPrompter([]) });
    let err: unknown;
    try {
      await remove(ctx, {}, ['a'], { prompter: new ScriptedPrompter([false]) });
    } catch (e) {
      err = e;
    }
    expect(exitCodeFor(err)).toBe(130);
    expect(await ctx.store.get('a')).toBeDefined();
    await remove(ctx, {}, ['a'], { prompter: new ScriptedPrompter([true]) });
    expect(await ctx.store.get('a')).toBeUndefined();
    expect(await ctx.store.active()).toBeNull();
  });
});
