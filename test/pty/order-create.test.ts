/**
 * `pmt order create` on a real pseudo-terminal (tmux) against the signed Kalshi double: every
 * flag missing, so the prompts walk through asset, outcome, side, price (an off-grid price is
 * flagged as it is typed, with the nearest valid prices), size, time in force, then the preview
 * and the confirmation. Declining sends nothing (exit 130); confirming sends exactly one order.
 * The last screen of each session is written to $PMT_PTY_TRANSCRIPT_DIR when that is set.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { makeKalshiKey } from '../upstream/kalshi/auth.js';
import { tempConfigDir } from '../helpers/cli.js';
import { hasTmux, Terminal } from './tmux.js';

const T = 'KXPTY-26DEC31-A';
const TMUX = hasTmux();
if (!TMUX) console.warn('tmux is not installed: the pseudo-terminal tests of `pmt order create` do not run');

describe.runIf(TMUX)('order create on a terminal', () => {
  let d: Doubles;
  let env: Record<string, string>;
  let t: Terminal | undefined;
  const creates = () => d.kalshi.double.count(/^\/portfolio\/events\/orders$/, 'POST');

  beforeAll(async () => {
    d = await startDoubles();
    const key = makeKalshiKey();
    d.kalshi.auth.register(key.keyId, key.publicKey);
    d.kalshi.orders.addMarket({ ticker: T, title: 'Will the terminal test pass?' });
    // YES bids 0.30×40, 0.28×100; NO bids 0.66×25, 0.65×80 = YES asks 0.34×25, 0.35×80.
    d.kalshi.books.setBook(T, { yes: [[0.3, 40], [0.28, 100]], no: [[0.66, 25], [0.65, 80]] });
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'kalshi.pem'), key.privatePem, { mode: 0o600 });
    env = { ...d.env, PMT_CONFIG_DIR: dir, KALSHI_API_KEY_ID: key.keyId, KALSHI_PRIVATE_KEY_PATH: join(dir, 'kalshi.pem'), TZ: 'UTC' };
  });
  afterAll(() => d?.close());
  beforeEach(() => d.resetLogs());
  afterEach(() => t?.close());

  /** Drive the prompts up to the confirmation; returns the screen at that point. */
  async function fillTicket(s: Terminal): Promise<string> {
    await s.startPmt(['order', 'create']);
    await s.waitFor(/Asset \(Kalshi ticker/);
    await s.typeText(T);
    await s.press('Enter');
    await s.waitFor(/Outcome of "Will the terminal test pass\?/);
    await s.press('Down', 'Enter'); // No
    await s.waitFor(/Side/);
    await s.press('Enter'); // buy No
    // The price asked for is No's own: what the trader pays per contract.
    await s.waitFor(/Price of No \(what you pay per contract\), tick 0\.01/);
    await s.typeText('0.655');
    snap('1-price-typed-off-grid', await s.waitFor(/0\.655 {2}✗ is off the 0\.01 step of its price/));
    await s.press('Enter'); // refused: stays on the prompt
    snap('2-price-refused', await s.waitFor(/> price 0\.655 is off the 0\.01 step of its price range/));
    await s.press('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    await s.typeText('0.30');
    snap('3-price-valid', await s.waitFor(/0\.30 {2}✓ buy No at 0\.30 = Yes ask at 0\.70/));
    await s.press('Enter');
    await s.waitFor(/Size in contracts \(minimum 0\.01\)/);
    await s.typeText('10');
    snap('4-size', await s.waitFor(/10 {2}✓ cost \$3\.00, pays \$10\.00 if it wins/));
    await s.press('Enter');
    await s.waitFor(/Time in force/);
    await s.press('Enter'); // gtc
    return s.waitFor(/Send this order to kalshi\? buy 10 No at 0\.30, cost \$3\.00/);
  }

  const snap = (name: string, screen: string) => keep(`order-create-${name}`, screen);
  function keep(name: string, screen: string): void {
    const dir = process.env.PMT_PTY_TRANSCRIPT_DIR;
    if (dir) writeFileSync(join(dir, `${name}.txt`), screen);
  }

  it('declining at the confirmation sends nothing and exits 130', async () => {
    t = new Terminal({ cols: 120, rows: 40, env });
    const screen = await fillTicket(t);
    expect(screen).toContain('BUY 10 No at 0.30 = Yes ask at 0.70 · good till cancelled');
    expect(screen).toContain('Cost       $3.00 for 10 contracts · pays $10.00 if No wins');
    expect(screen).toMatch(/not a guaranteed fill/);
    // A limit far below the market says what the other reading would have been.
    // The preview wraps at the terminal's width, so a space may be a line break and its indent.
    const warning = 'your No bid 0.30 is 0.36 below the best No bid 0.66: it will wait on the book; --price is the price of No (what you pay per contract), not of Yes: did you mean --price 0.70?';
    expect(screen.replace(/\s+/g, ' ')).toContain(warning);
    await t.press('Enter'); // the default is No
    expect(await t.exitCode()).toBe(130);
    keep('order-create-declined', (await t.screen(true)));
    expect(await t.screen(true)).toContain('cancelled: order not sent: declined at the confirmation');
    expect(creates()).toBe(0);
    expect(d.kalshi.double.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('confirming sends exactly one order and shows it', async () => {
    t = new Terminal({ cols: 120, rows: 40, env });
    await fillTicket(t);
    await t.typeText('y');
    await t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    const screen = (await t.screen(true));
    keep('order-create-confirmed', screen);
    expect(screen).toContain('✓ order sent');
    expect(screen).toMatch(/Order [0-9a-f-]{36} {2}\(kalshi\)/);
    expect(creates()).toBe(1);
    const body = JSON.parse(d.kalshi.double.requests.find((r) => r.method === 'POST')!.body);
    expect(body).toMatchObject({ ticker: T, side: 'ask', price: '0.7000', count: '10.00' });
    expect(d.kalshi.auth.refusals).toBe(0);
  });

  it('Ctrl-C at a prompt: exit 130, nothing sent', async () => {
    t = new Terminal({ cols: 120, rows: 40, env });
    await t.startPmt(['order', 'create', '--asset', T]);
    await t.waitFor(/Outcome of/);
    await t.press('C-c');
    expect(await t.exitCode()).toBe(130);
    expect(creates()).toBe(0);
  });
});
