/**
 * Issue 28: the journal and the Idempotency-Key store under faults and at size. Appends check
 * every byte (a short write under a file-size limit is an error, and its partial line is cut back);
 * a torn last line never glues itself to the next one, and readers name it; keyed lookups read one
 * index bucket and the lines it names, never the whole file; a store that cannot be read stops
 * keyed sends (never "empty"), including one past V8's string limit (~512 MiB); a world-writable
 * config directory is refused; two stores on one file (two `pmt serve`) send one order per key.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PmtError } from '../../src/errors.js';
import { Journal } from '../../src/journal.js';
import { appendPrivateLine, readStats } from '../../src/line-store.js';
import { IdempotencyStore } from '../../src/ops/idempotency.js';
import { creator, journalEntry as entry, storeOrder as order } from '../helpers/stores.js';

const temp = () => mkdtempSync(join(tmpdir(), 'pmt-durable-'));

describe('appendPrivateLine', () => {
  it('a short write under a file-size limit throws and leaves no partial line (before: 24 of 100 bytes written, no error)', () => {
    const dir = temp();
    const script = join(dir, 'append.mjs');
    // The module as the CLI ships it, in a process whose file-size limit is 1 KiB (bash ulimit -f 1).
    buildSync({ entryPoints: [resolve(import.meta.dirname, '../../src/line-store.ts')], bundle: true, platform: 'node', format: 'esm', outfile: join(dir, 'line-store.mjs'), logLevel: 'silent' });
    writeFileSync(
      script,
      `import { appendPrivateLine } from './line-store.mjs';
       import { statSync } from 'node:fs';
       const f = process.argv[2];
       appendPrivateLine(f, 'a'.repeat(999) + '\\n', false);
       let out;
       try { appendPrivateLine(f, 'b'.repeat(99) + '\\n', true); out = 'no error'; } catch (e) { out = 'error ' + e.code; }
       console.log(out, statSync(f).size);`,
    );
    const file = join(dir, 'cfg', 'orders.jsonl');
    const out = execFileSync('bash', ['-c', 'ulimit -f 1; exec node "$0" "$1"', script, file], { encoding: 'utf8' }).trim();
    expect(out).toBe('error EFBIG 1000');
    expect(readFileSync(file, 'utf8')).toBe('a'.repeat(999) + '\n');
  });

  it('after a torn last line, the next line starts on a line of its own; readers name the torn one', () => {
    const j = new Journal(join(temp(), 'cfg'));
    j.append(entry({}), true);
    appendFileSync(j.path, '{"ts":"2026-11-27T00:00:01Z","event":"res'); // killed mid-write, no newline
    j.append(entry({ event: 'result', order_id: '0xhash', status: 'open' }));
    const { entries, bad } = j.readAll();
    expect(entries.map((e) => e.event)).toEqual(['intent', 'result']);
    expect(bad).toEqual([{ line: 2, problem: expect.stringMatching(/not JSON/) }]);
  });

  it('a valid JSON line missing fields is skipped and named by its line number', () => {
    const j = new Journal(join(temp(), 'cfg'));
    j.append(entry({}));
    appendFileSync(j.path, '{"event":"intent","exchange":"kalshi"}\n');
    j.append(entry({ event: 'result', order_id: '0xhash', status: 'open' }));
    const { entries, bad } = j.readAll();
    expect(entries).toHaveLength(2);
    expect(bad).toEqual([{ line: 2, problem: expect.stringMatching(/^missing or malformed fields: ts, market_ticker, outcome, side, type, price, size, client_order_id/) }]);
  });

  it('a world-writable config directory (1777) is refused, naming the fix; nothing is written', () => {
    const dir = join(temp(), 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o1777);
    const j = new Journal(dir);
    let err: unknown;
    try {
      j.append(entry({}), true);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PmtError);
    expect((err as PmtError).kind).toBe('Config');
    expect((err as PmtError).message).toMatch(/writable by other users \(mode 1777\).*the order was not sent/);
    expect((err as PmtError).hint).toMatch(/chmod 700/);
    expect(() => statSync(j.path)).toThrow();
  });
});

describe('keyed lookups read one index bucket, never the whole file', () => {
  it('a 20,000-order journal: a lookup reads a small fraction of it, and finds what was appended since', () => {
    const j = new Journal(join(temp(), 'cfg'));
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const hash = `0x${i.toString(16).padStart(64, '0')}`;
      lines.push(JSON.stringify(entry({ order_hash: hash })), JSON.stringify(entry({ event: 'result', order_hash: hash, order_id: hash, status: 'open' })));
    }
    mkdirSync(j.dir, { recursive: true, mode: 0o700 });
    writeFileSync(j.path, lines.join('\n') + '\n', { mode: 0o600 });
    const size = statSync(j.path).size;
    j.warm(); // what `pmt serve` does at start: the only read of the whole file
    readStats.bytes = 0;
    const id = `0x${(4321).toString(16).padStart(64, '0')}`;
    expect(j.find(id).map((e) => e.event)).toEqual(['intent', 'result']);
    expect(readStats.bytes).toBeLessThan(size / 50);
    // Appended after the index caught up: found (the tail is indexed, not the file re-read).
    j.append(entry({ event: 'cancel', order_hash: id, order_id: id, status: 'cancelled' }));
    readStats.bytes = 0;
    expect(j.find(id).map((e) => e.event)).toEqual(['intent', 'result', 'cancel']);
    expect(readStats.bytes).toBeLessThan(size / 50);
    expect([...j.intentsFor([id]).keys()]).toEqual([id]);
  });

  it('a key store indexed once answers a repeat key by reading a small fraction of it', async () => {
    const dir = temp();
    const f = join(dir, 'idempotency.jsonl');
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++) lines.push(JSON.stringify({ key: `k${i}`.padEnd(64, 'x'), fingerprint: 'f', at: 1000, exchange: 'kalshi', client_order_id: `c${i}`, order_hash: null, order_id: `o${i}` }));
    writeFileSync(f, lines.join('\n') + '\n', { mode: 0o600 });
    const s = new IdempotencyStore(() => 2000, f);
    s.warm();
    readStats.bytes = 0;
    const c = creator(() => order('never'));
    // The store digests the key; plant the digest of a real key to find it.
    const { createHash } = await import('node:crypto');
    const dk = createHash('sha256').update('bot-key').digest('hex');
    appendFileSync(f, JSON.stringify({ key: dk, fingerprint: createHash('sha256').update('{}').digest('hex'), at: 1500, exchange: 'kalshi', client_order_id: 'c-bot', order_hash: null, order_id: 'o-bot' }) + '\n');
    expect((await s.run('bot-key', '{}', c.create, c.recall)).id).toBe('o-bot');
    expect(c.calls).toEqual([]);
    expect(readStats.bytes).toBeLessThan(statSync(f).size / 50);
  });
});


describe('stores that cannot be read fail closed', () => {
  it('an unreadable key store stops the keyed send (Config), never reads as "no such key"', async () => {
    const dir = temp();
    const f = join(dir, 'idempotency.jsonl');
    mkdirSync(f); // a directory where the file should be: EISDIR on every read
    const c = creator(() => order('o'));
    await expect(new IdempotencyStore(() => 0, f).run('k', '{}', c.create, c.recall)).rejects.toMatchObject({ kind: 'Config', message: expect.stringMatching(/cannot read the Idempotency-Key store|is not a regular file of your own/) });
    expect(c.calls).toEqual([]);
  });

  it('an unreadable journal: keyed lookups refuse (Config), never "no such order"', () => {
    const j = new Journal(join(temp(), 'cfg'));
    mkdirSync(j.path, { recursive: true });
    expect(() => j.find('0xhash')).toThrow(/cannot read the order journal/);
    expect(() => j.readAll()).toThrow(/cannot read the order journal/);
  });

  it('past 512 MiB (V8\'s string limit) the key store and the journal are still read (before: read as empty, a known key sent again)', async () => {
    const dir = temp();
    const f = join(dir, 'idempotency.jsonl');
    const { createHash } = await import('node:crypto');
    const dk = createHash('sha256').update('big-key').digest('hex');
    const record = JSON.stringify({ key: dk, fingerprint: createHash('sha256').update('{}').digest('hex'), at: 1000, exchange: 'polymarket', client_order_id: null, order_hash: '0xbig', order_id: '0xbig' });
    const j = new Journal(join(dir, 'cfg'));
    mkdirSync(j.dir);
    for (const [file, line] of [[f, record], [j.path, JSON.stringify(entry({ order_hash: '0xbig' }))]] as const) {
      // 600 MiB of hole (read as zeros, costs no disk), then a line break and one real line.
      const fd = openSync(file, 'w', 0o600);
      ftruncateSync(fd, 600 * 1024 * 1024);
      closeSync(fd);
      appendFileSync(file, `\n${line}\n`);
    }
    try {
      const c = creator(() => order('second'));
      expect((await new IdempotencyStore(() => 2000, f).run('big-key', '{}', c.create, c.recall)).id).toBe('0xbig');
      expect(c.calls).toEqual([]);
      expect(j.read().map((e) => e.order_hash)).toEqual(['0xbig']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('an index pmt did not write is not trusted', () => {
  it('an index directory others can write to cannot hide a line (it is ignored and not written)', () => {
    const j = new Journal(join(temp(), 'cfg'));
    j.append(entry({ order_hash: '0xhidden' }));
    j.warm();
    // Someone empties every bucket of a group-writable index and claims it is up to date.
    for (const name of readdirSync(`${j.path}.idx`)) if (name !== 'at') writeFileSync(join(`${j.path}.idx`, name), '');
    chmodSync(`${j.path}.idx`, 0o777);
    expect(j.find('0xhidden').map((e) => e.order_hash)).toEqual(['0xhidden']);
  });
});

describe('two stores on one file (two `pmt serve` on one config directory)', () => {
  it('the same key at once: one create; the other waits for it and answers with its order', async () => {
    const f = join(temp(), 'idempotency.jsonl');
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let sent!: () => void;
    const leaving = new Promise<void>((r) => (sent = r));
    const a = creator(async () => {
      sent();
      await gate;
      return order('only-one');
    });
    const b = creator(() => order('second-order'));
    const first = new IdempotencyStore(() => 1000, f).run('shared-key', '{}', a.create, a.recall);
    await leaving; // A's order is in flight
    const second = new IdempotencyStore(() => 1001, f).run('shared-key', '{}', b.create, b.recall);
    await new Promise((r) => setTimeout(r, 300));
    open();
    const [x, y] = await Promise.all([first, second]);
    expect([a.calls.length, b.calls.length]).toEqual([1, 0]);
    expect([x.id, y.id]).toEqual(['only-one', 'only-one']);
  });
});
