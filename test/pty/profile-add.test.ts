/**
 * `pmt profile add` on a real pseudo-terminal (tmux): the guided prompts (the checklist offers
 * every exchange), a private key typed without ever appearing on the screen, and Ctrl-C leaving
 * nothing stored (exit 130).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempConfigDir } from '../helpers/cli.js';
import { hasTmux, Terminal } from './tmux.js';

const POLY_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const FUNDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const US_KEY_ID = '5b2c7a4e-0d1f-4c8e-9a3b-2f6e8d1c0b7a';
// A base64 Ed25519 seed as the Polymarket US portal issues it (a test key, fixtures/profiles-0.3.1/us.key).
const US_SECRET = readFileSync(join(import.meta.dirname, '../commands/fixtures/profiles-0.3.1/us.key'), 'utf8').trim();
const TMUX = hasTmux();
if (!TMUX) console.warn('tmux is not installed: the pseudo-terminal tests of `pmt profile add` do not run');

describe.runIf(TMUX)('profile add on a terminal', () => {
  let t: Terminal | undefined;
  afterEach(() => t?.close());

  it('asks for each value; the key is masked on screen and stored; exit 0', async () => {
    const dir = tempConfigDir();
    t = new Terminal({ cols: 120, rows: 40, env: { PMT_CONFIG_DIR: dir, NO_COLOR: '1' } });
    await t.startPmt(['profile', 'add', 'desk']);
    await t.waitFor(/Which exchanges should this profile trade on/);
    await t.press('Down', 'Space', 'Enter'); // Polymarket only
    await t.waitFor(/Polymarket signer private key/);
    await t.typeText(POLY_KEY);
    await t.waitFor(/\*{64}/);
    await t.press('Enter');
    await t.waitFor(/Polymarket wallet type/);
    await t.press('Enter'); // gnosis-safe (the default)
    await t.waitFor(/Funder address/);
    await t.typeText(FUNDER);
    await t.press('Enter');
    await t.waitFor(/Store Polymarket CLOB API credentials too\?/);
    await t.press('Enter'); // no
    expect(await t.exitCode()).toBe(0);
    const screen = (await t.screen(true));
    expect(screen).toContain('saved profile "desk": polymarket (gnosis-safe)');
    expect(screen).not.toContain(POLY_KEY.slice(0, 12));
    const stored = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'));
    expect(stored.profiles.desk.polymarket).toEqual({ private_key: '0x' + POLY_KEY, signature_type: 'gnosis-safe', funder: FUNDER });
  });

  it('the checklist offers Polymarket US: its key id, then the base64 secret masked on screen, stored, never shown', async () => {
    const dir = tempConfigDir();
    t = new Terminal({ cols: 120, rows: 40, env: { PMT_CONFIG_DIR: dir, NO_COLOR: '1' } });
    await t.startPmt(['profile', 'add', 'us']);
    await t.waitFor(/Polymarket US \(API key id \+ Ed25519 secret key\)/);
    await t.press('Down', 'Down', 'Space', 'Enter'); // Polymarket US only
    await t.waitFor(/Polymarket US API key id/);
    await t.typeText(US_KEY_ID);
    await t.press('Enter');
    await t.waitFor(/Polymarket US secret key \(base64, not echoed\)/);
    await t.typeText(US_SECRET);
    await t.waitFor(new RegExp(`\\*{${US_SECRET.length}}`));
    await t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    const screen = await t.screen(true);
    expect(screen).toContain('saved profile "us": polymarket-us');
    expect(screen).not.toContain(US_SECRET.slice(0, 12));
    const stored = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'));
    expect(stored.profiles.us).toEqual({ polymarket_us: { api_key_id: US_KEY_ID, private_key: US_SECRET } });
  });

  it('Ctrl-C at a prompt: cancelled, exit 130, nothing stored', async () => {
    const dir = tempConfigDir();
    t = new Terminal({ cols: 120, rows: 40, env: { PMT_CONFIG_DIR: dir, NO_COLOR: '1' } });
    await t.startPmt(['profile', 'add', 'desk']);
    await t.waitFor(/Which exchanges should this profile trade on/);
    await t.press('Space', 'Enter'); // Kalshi
    await t.waitFor(/Kalshi API key id/);
    await t.press('C-c');
    expect(await t.exitCode()).toBe(130);
    expect(await t.screen(true)).toMatch(/cancelled: cancelled at the prompt; nothing was sent/);
    expect(existsSync(join(dir, 'profiles.json'))).toBe(false);
  });
});
