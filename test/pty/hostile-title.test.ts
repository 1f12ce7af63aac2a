/**
 * Issue 15, finding 4: a market title holding terminal escapes (set the window title, clear the
 * screen) reaches the interactive `order create` prompts as plain text. The pane's raw bytes are
 * checked, and tmux's own pane title, which an OSC 0 would have changed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { tempConfigDir } from '../helpers/cli.js';
import { hasTmux, Terminal } from './tmux.js';

const T = 'KXEVIL-26DEC31-A';
const TMUX = hasTmux();

describe.runIf(TMUX)('hostile upstream text on a terminal', () => {
  let d: Doubles;
  let env: Record<string, string>;
  let t: Terminal | undefined;

  beforeAll(async () => {
    d = await startDoubles();
    const key = makeKalshiKey();
    d.kalshi.auth.register(key.keyId, key.publicKey);
    d.kalshi.orders.addMarket({ ticker: T, title: 'Evil \u001b]0;pwned\u0007\u001b[2Jmarket?' });
    d.kalshi.books.setBook(T, { yes: [[0.3, 40]], no: [[0.66, 25]] });
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
    env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem'), TZ: 'UTC' };
  });
  afterAll(() => d?.close());
  afterEach(() => t?.close());

  it('the order create prompts show the market title without its escapes', async () => {
    t = new Terminal({ cols: 120, rows: 40, env });
    await t.startPmt(['order', 'create']);
    await t.waitFor(/Asset \(Kalshi ticker/);
    await t.typeText(T);
    await t.press('Enter');
    const screen = await t.waitFor(/Outcome of "Evil/);
    expect(screen).toMatch(/Outcome of "Evil market\?/);
    await t.press('C-c');
    await t.exitCode();
    const raw = t.raw();
    expect(raw).not.toContain('\u001b]0;pwned');
    expect(raw).not.toContain('\u001b[2J');
  });
});
