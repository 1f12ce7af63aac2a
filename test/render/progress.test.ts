import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/render/io.js';
import { progressLine } from '../../src/render/progress.js';
import { displayWidth, SGR_RE } from '../../src/render/width.js';

function ioWith(stderrTTY: boolean, env: NodeJS.ProcessEnv = {}, columns = 40, stdoutTTY = true) {
  const stderr = Object.assign(new PassThrough(), { isTTY: stderrTTY, columns });
  let written = '';
  stderr.on('data', (d) => (written += d));
  const stdout = Object.assign(new PassThrough(), { isTTY: stdoutTTY, columns: 200 });
  const io = new IO({ stdout, stderr, env, stdinIsTTY: false });
  return { io, written: () => written };
}

describe('progressLine', () => {
  it('draws in place on a terminal and erases itself when done', () => {
    const { io, written } = ioWith(true, { NO_COLOR: '1' }, 100);
    const p = progressLine(io, { intervalMs: 60_000 });
    p.update('fetching markets: 1 page, 1,000 markets');
    p.update('fetching markets: 2 pages, 2,000 markets');
    p.done();
    p.done();
    const frames = written().split('\r\u001b[2K');
    expect(frames[0]).toBe('');
    expect(frames[1]).toMatch(/^. fetching markets: 1 page, 1,000 markets$/);
    expect(frames[2]).toMatch(/^. fetching markets: 2 pages, 2,000 markets$/);
    // The last write erases the line and leaves nothing behind.
    expect(frames[3]).toBe('');
    expect(frames).toHaveLength(4);
  });

  it('never draws wider than the terminal, so one carriage return can erase it', () => {
    const { io, written } = ioWith(true, { NO_COLOR: '1' }, 30);
    const p = progressLine(io, { intervalMs: 60_000 });
    p.update('fetching 中文 markets from a very long list of exchanges and places');
    p.done();
    const frame = written().split('\r\u001b[2K')[1]!;
    expect(displayWidth(frame)).toBeLessThanOrEqual(29);
    expect(frame.endsWith('…')).toBe(true);
  });

  it('colours the spinner only when stderr may have colour', () => {
    const on = ioWith(true, {});
    const p = progressLine(on.io, { intervalMs: 60_000 });
    p.update('x');
    p.done();
    expect(on.written()).toMatch(/\u001b\[36m/);
    const off = ioWith(true, { NO_COLOR: '1' });
    const q = progressLine(off.io, { intervalMs: 60_000 });
    q.update('x');
    q.done();
    expect(off.written().replace(/\r\u001b\[2K/g, '')).not.toMatch(SGR_RE);
  });

  it('writes nothing at all when stderr is not a terminal', () => {
    const { io, written } = ioWith(false);
    const p = progressLine(io);
    p.update('fetching markets');
    p.done();
    expect(written()).toBe('');
  });

  it('writes nothing on a dumb terminal', () => {
    const { io, written } = ioWith(true, { TERM: 'dumb' }, 80);
    const p = progressLine(io);
    p.update('fetching markets');
    p.done();
    expect(written()).toBe('');
  });

  it('writes nothing when stdout is piped, even with stderr on a terminal', () => {
    const { io, written } = ioWith(true, {}, 80, false);
    const p = progressLine(io);
    p.update('fetching markets');
    p.done();
    expect(written()).toBe('');
  });
});
