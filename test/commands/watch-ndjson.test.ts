/** The NDJSON writer of `book watch` in-process: limits, and a reader that stops reading. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamNdjson } from '../../src/commands/book/watch.js';
import type { Context } from '../../src/context.js';
import type { BookUpdate } from '../../src/exchanges/stream.js';
import { IO } from '../../src/render/io.js';

/** A stdout whose reader never takes anything (every write stays buffered). */
class Stuck extends Writable {
  constructor() {
    super({ highWaterMark: 1024 });
  }
  override _write(_c: unknown, _e: BufferEncoding, _cb: () => void): void {
    /* never calls back: the reader is gone */
  }
}

const update = (seq: number): BookUpdate => ({ kind: 'delta', asset_id: 'X', seq, exchange_ts: '2026-01-01T00:00:00.000Z', local_ts_ms: 1, changes: [{ side: 'bid', price: 0.5, size: seq }] });

function ctxWith(stdout: Writable): Context {
  return { io: new IO({ stdout, stderr: new Writable({ write: (_c, _e, cb) => cb() }), env: {} }) } as unknown as Context;
}

describe('streamNdjson', () => {
  it('stops with an error once the reader is maxBehindBytes behind, closing the upstream', async () => {
    let closed = false;
    let push: (u: BookUpdate) => void = () => {};
    const p = streamNdjson(ctxWith(new Stuck()), (o) => ((push = o.onUpdate), { close: () => void (closed = true) }), { maxBehindBytes: 10_000 });
    for (let i = 1; i <= 1000 && !closed; i++) push(update(i));
    expect(closed).toBe(true);
    await expect(p).rejects.toMatchObject({ kind: 'Api', message: expect.stringMatching(/behind the book stream/) });
  });

  it('--count: ends after N events and resolves once they are written', async () => {
    const lines: string[] = [];
    const out = new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) });
    let closed = false;
    let push: (u: BookUpdate) => void = () => {};
    const p = streamNdjson(ctxWith(out), (o) => ((push = o.onUpdate), { close: () => void (closed = true) }), { count: 2 });
    push(update(1));
    push(update(2));
    push(update(3));
    await p;
    expect(closed).toBe(true);
    expect(lines.join('').trim().split('\n').map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
  });
});
