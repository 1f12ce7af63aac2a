/**
 * Issue 28, smaller items, run in process (the full disk on the binary): `pmt order journal`
 * shows what is readable and names a line that is not an entry (`orders.jsonl:N`) on stderr,
 * where it used to fail on a valid JSON line missing fields; the journal is never written into a
 * world-writable config directory (exit 9, naming the fix), and nothing is sent then.
 */
import { appendFileSync, chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogPick } from '../exchanges/polymarket/trading-fixture.js';
import { cleanEnv, PMT_BIN, tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import type { Doubles } from '../upstream/doubles.js';
import { startTradingEnv } from '../serve/trading-env.js';
import { journalEntry } from '../helpers/stores.js';

const entry = journalEntry();

describe('pmt order journal', () => {
  it('shows the readable entries and names each bad line by number on stderr', async () => {
    const dir = tempConfigDir();
    const lines = [JSON.stringify(entry), '{"event":"result","exchange":"kalshi"}', '{"ts":"2026-11-27T00:00:01Z","ev', JSON.stringify({ ...entry, event: 'result', order_id: '0xhash', status: 'open' })];
    writeFileSync(join(dir, 'orders.jsonl'), lines.join('\n') + '\n', { mode: 0o600 });
    const r = await runInProcess(['order', 'journal', '--json'], { env: { PMT_CONFIG_DIR: dir } });
    // Before: the line missing fields passed as an entry, and nothing named the bad lines.
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((e: { event: string }) => e.event)).toEqual(['intent', 'result']);
    expect(r.stderr).toContain(`${join(dir, 'orders.jsonl')}:2: skipped, not a journal entry (missing or malformed fields: ts, market_ticker`);
    expect(r.stderr).toContain(`${join(dir, 'orders.jsonl')}:3: skipped, not a journal entry (not JSON`);
    const table = await runInProcess(['order', 'journal'], { env: { PMT_CONFIG_DIR: dir } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('0xhash');
  });

  it('a journal that cannot be read is an error (exit 9), not an empty journal', async () => {
    const dir = tempConfigDir();
    mkdirSync(join(dir, 'orders.jsonl'));
    const r = await runInProcess(['order', 'journal', '--json'], { env: { PMT_CONFIG_DIR: dir } });
    expect([r.exitCode, r.stdout]).toEqual([9, '']);
    expect(r.stderr).toMatch(/cannot read the order journal .*orders\.jsonl \(EISDIR\)/);
  });
});

describe('a world-writable config directory', () => {
  let d: Doubles;
  let m: CatalogPick;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ d, m, env } = await startTradingEnv('KXJDIR-26DEC31-A'));
  });
  afterAll(() => d?.close());

  it('order create refuses to journal into it (exit 9, naming the fix) and sends nothing', async () => {
    const shared = join(tempConfigDir(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const posts = () => d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
    const before = posts();
    const r = await runInProcess(['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', '0.1', '--size', '5', '--yes'], { env: { ...env, PMT_CONFIG_DIR: shared } });
    // Before: exit 0, the journal written into the shared directory.
    expect(r.exitCode, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/writable by other users \(mode 1777\).*the order was not sent/);
    expect(r.stderr).toMatch(/chmod 700/);
    expect(posts()).toBe(before);
  });
  it('issue 28 item 1: the journal full after the order left: the order is the answer (exit 0, a warning), never "not sent"', async () => {
    const dir = tempConfigDir();
    const e = { ...env, PMT_CONFIG_DIR: dir };
    const create = (price: string) => ['order', 'create', '--asset', m.yes, '--side', 'buy', '--price', price, '--size', '5', '--yes', '--json'];
    const probe = await runInProcess(create('0.11'), { env: e });
    expect(probe.exitCode, probe.stderr).toBe(0);
    const file = join(dir, 'orders.jsonl');
    const intentLen = readFileSync(file, 'utf8').split('\n')[0]!.length + 1;
    // The next intent ends exactly at a 64 KiB file-size limit: its result gets EFBIG.
    appendFileSync(file, ' '.repeat(64 * 1024 - intentLen - statSync(file).size - 1) + '\n');
    const posts = () => d.polymarket.clobDouble.requests.filter((q) => q.method === 'POST' && q.path === '/order').length;
    const before = posts();
    const r = await execa('bash', ['-c', 'ulimit -f 64; exec "$0" "$@"', PMT_BIN, ...create('0.12')], { env: cleanEnv(e), extendEnv: false, reject: false, timeout: 20_000 });
    // Before: exit 9 "cannot write the order journal …; the order was not sent" (and it was).
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.stderr).toMatch(/warning: cannot write the order journal .*\(EFBIG\) \(the result of an order already sent\); the order's outcome stands as reported/);
    expect(posts() - before).toBe(1);
  });
});
