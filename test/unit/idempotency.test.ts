/**
 * The Idempotency-Key store of `pmt serve`: one order per key, in one process and across a
 * restart (the file), a key reused for another order refused, a refused order freeing its key.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PmtError } from '../../src/errors.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from '../../src/ops/idempotency.js';
import { creator, storeOrder as order } from '../helpers/stores.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'pmt-idem-')), 'cfg', 'idempotency.jsonl');


describe('IdempotencyStore', () => {
  it('one create per key in a process; the repeat waits on the first', async () => {
    let now = 1_000;
    const s = new IdempotencyStore(() => now);
    const c = creator(() => order('o1'));
    const [a, b] = await Promise.all([s.run('k1', '{"p":1}', c.create, c.recall), s.run('k1', '{"p":1}', c.create, c.recall)]);
    expect([a.id, b.id, c.calls.length]).toEqual(['o1', 'o1', 1]);
    await expect(s.run('k1', '{"p":2}', c.create, c.recall)).rejects.toThrow(/different order/);
    now += IDEMPOTENCY_TTL_MS + 1;
    await s.run('k1', '{"p":2}', c.create, c.recall);
    expect(c.calls.length).toBe(2);
  });

  it('a restart remembers the key from the file (0600, digests only) and recalls the order instead of sending', async () => {
    const f = file();
    const now = 5_000;
    const first = creator(() => order('o7'));
    await new IdempotencyStore(() => now, f).run('bot-key-1', '{"asset":"X","price":0.3}', first.create, first.recall);
    const text = readFileSync(f, 'utf8');
    expect(text).not.toContain('bot-key-1');
    expect(text).not.toContain('"asset"');
    expect(statSync(f).mode & 0o777).toBe(0o600);
    const again = creator(() => order('never'));
    const restarted = new IdempotencyStore(() => now + 1000, f);
    const got = await restarted.run('bot-key-1', '{"asset":"X","price":0.3}', again.create, again.recall);
    expect(again.calls).toEqual([]);
    expect(got.id).toBe('o7');
    expect(again.recalled[0]).toMatchObject({ exchange: 'polymarket', order_hash: '0xabc', order_id: 'o7' });
    // Another order under the same key is refused after the restart too.
    await expect(new IdempotencyStore(() => now, f).run('bot-key-1', '{"asset":"X","price":0.4}', again.create, again.recall)).rejects.toThrow(/different order/);
  });

  it('an unknown outcome keeps the key (recalled by the ids it left under); a refusal frees it', async () => {
    const f = file();
    const unknown = creator(() => new PmtError('NetworkError', 'timed out', { ambiguous: true }));
    await expect(new IdempotencyStore(() => 0, f).run('k-unknown', '{}', unknown.create, unknown.recall)).rejects.toThrow(/timed out/);
    const later = creator(() => order('x'));
    expect((await new IdempotencyStore(() => 10, f).run('k-unknown', '{}', later.create, later.recall)).id).toBe('found-by-hash');
    expect(later.calls).toEqual([]);

    const refused = creator(() => new PmtError('InsufficientFunds', 'not enough'));
    await expect(new IdempotencyStore(() => 0, f).run('k-refused', '{}', refused.create, refused.recall)).rejects.toThrow(/not enough/);
    const retry = creator(() => order('second-try'));
    expect((await new IdempotencyStore(() => 10, f).run('k-refused', '{}', retry.create, retry.recall)).id).toBe('second-try');
    expect(retry.calls).toEqual(['create']);
  });

  it('a key that cannot be written is not sent', async () => {
    // Its directory would have to be made inside a regular file.
    const blocker = join(mkdtempSync(join(tmpdir(), 'pmt-idem-')), 'file');
    writeFileSync(blocker, '');
    const s = new IdempotencyStore(() => 0, join(blocker, 'cfg', 'idempotency.jsonl'));
    const c = creator(() => order('o'));
    await expect(s.run('k', '{}', c.create, c.recall)).rejects.toMatchObject({ kind: 'Config' });
  });
});
