import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decideColor, IO, streamColor } from '../../src/render/io.js';
import { jsonText } from '../../src/safe-text.js';

describe('decideColor', () => {
  const cases: Array<[string, NodeJS.ProcessEnv, boolean, boolean, boolean]> = [
    // name, env, isTTY, --no-color, expected
    ['terminal', {}, true, false, true],
    ['piped', {}, false, false, false],
    ['--no-color on a terminal', {}, true, true, false],
    ['NO_COLOR=1', { NO_COLOR: '1' }, true, false, false],
    ['NO_COLOR empty counts as unset', { NO_COLOR: '' }, true, false, true],
    ['FORCE_COLOR=1 when piped', { FORCE_COLOR: '1' }, false, false, true],
    ['FORCE_COLOR=0 on a terminal', { FORCE_COLOR: '0' }, true, false, false],
    ['FORCE_COLOR=false', { FORCE_COLOR: 'false' }, true, false, false],
    ['FORCE_COLOR empty counts as unset', { FORCE_COLOR: '' }, false, false, false],
    ['NO_COLOR beats FORCE_COLOR', { NO_COLOR: '1', FORCE_COLOR: '1' }, true, false, false],
    ['--no-color beats FORCE_COLOR', { FORCE_COLOR: '3' }, true, true, false],
    ['TERM=dumb', { TERM: 'dumb' }, true, false, false],
    ['FORCE_COLOR beats TERM=dumb', { TERM: 'dumb', FORCE_COLOR: '1' }, true, false, true],
  ];
  it.each(cases)('%s', (_name, env, tty, flag, expected) => {
    expect(decideColor(env, tty, flag)).toBe(expected);
  });

  it('streamColor honours PMT_FORCE_TTY', () => {
    expect(streamColor({}, { isTTY: false }, false)).toBe(false);
    expect(streamColor({ PMT_FORCE_TTY: '80' }, { isTTY: false }, false)).toBe(true);
    expect(streamColor({ PMT_FORCE_TTY: '0' }, { isTTY: true }, false)).toBe(false);
  });
});

describe('IO', () => {
  const streams = (tty: boolean, columns?: number) => {
    const s = Object.assign(new PassThrough(), { isTTY: tty, columns });
    return s;
  };

  it('takes TTY-ness, colour and width from the streams', () => {
    const io = new IO({ stdout: streams(true, 120), stderr: streams(false), env: {}, stdinIsTTY: true });
    expect(io.isTTY).toBe(true);
    expect(io.color).toBe(true);
    expect(io.columns).toBe(120);
    expect(io.stderrIsTTY).toBe(false);
    expect(io.stderrColor).toBe(false);
    expect(io.canPrompt).toBe(true);
  });

  it('is plain when piped', () => {
    const io = new IO({ stdout: streams(false), stderr: streams(false), env: { COLUMNS: '70' }, stdinIsTTY: false });
    expect(io.isTTY).toBe(false);
    expect(io.color).toBe(false);
    expect(io.canPrompt).toBe(false);
    expect(io.columns).toBe(70);
  });

  it('PMT_FORCE_TTY=<cols> makes both streams terminals of that width', () => {
    const io = new IO({ stdout: streams(false), stderr: streams(false), env: { PMT_FORCE_TTY: '64' } });
    expect(io.isTTY && io.stderrIsTTY).toBe(true);
    expect(io.columns).toBe(64);
    expect(io.stderrColumns).toBe(64);
  });

  it('--no-color turns colour off on both streams', () => {
    const io = new IO({ stdout: streams(true), stderr: streams(true), env: {}, noColor: true });
    expect(io.color).toBe(false);
    expect(io.stderrColor).toBe(false);
  });
});

describe('the NDJSON writer (issue 28: raw line breaks)', () => {
  it('escapes U+2028, U+2029 and U+0085 inside strings: one object is one line for every line-splitting reader, same value parsed', () => {
    const out = Object.assign(new PassThrough(), { isTTY: false });
    const io = new IO({ stdout: out, stderr: Object.assign(new PassThrough(), { isTTY: false }), env: {}, stdinIsTTY: false });
    const v = { title: 'a\u2028b\u2029c\u0085d', n: 1 };
    io.ndjson(v);
    io.ndjsonLines([v, v]);
    const text = String(out.read());
    expect(text).not.toMatch(/[\u2028\u2029\u0085]/);
    const rows = text.split(/\r\n|[\n\r\u2028\u2029\u0085]/).filter(Boolean);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(JSON.parse(r)).toEqual(v);
  });
});

describe('IO.ndjsonLines', () => {
  /** A stdout that records each write (as text) and answers false once it holds `full` characters. */
  const recorder = (full = Infinity) => {
    const writes: string[] = [];
    let held = 0;
    const stdout = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { isTTY: false });
    stdout.write = ((chunk: string) => {
      writes.push(String(chunk));
      held += String(chunk).length;
      return held < full;
    }) as typeof stdout.write;
    const io = new IO({ stdout, stderr: Object.assign(new PassThrough(), { isTTY: false }), env: {}, stdinIsTTY: false });
    return { io, writes };
  };
  // About 2,000 characters a row, with the three raw line breaks in some of them.
  const rows = Array.from({ length: 300 }, (_, i) => ({ i, title: `row ${i} ${'x'.repeat(1900 + (i % 97))}${i % 50 === 0 ? ' \u2028 \u2029 \u0085' : ''}`, price: 0.01 * (i % 100) }));
  const expected = rows.map((r) => jsonText(r) + '\n').join('');

  it('writes a large page in whole lines of about 64 KiB, the same bytes as one jsonText line per row', () => {
    const { io, writes } = recorder();
    expect(io.ndjsonLines(rows)).toBe(true);
    expect(writes.join('')).toBe(expected);
    // Whole lines only; every write but the last reaches 64 KiB and stops within one row of it.
    const longest = Math.max(...rows.map((r) => jsonText(r).length + 1));
    expect(writes.length).toBeGreaterThan(5);
    for (const w of writes) expect(w.endsWith('\n')).toBe(true);
    for (const w of writes.slice(0, -1)) {
      expect(w.length).toBeGreaterThanOrEqual(64 * 1024);
      expect(w.length).toBeLessThan(64 * 1024 + longest);
    }
    expect(writes.at(-1)!.length).toBeLessThan(64 * 1024 + longest);
    expect(writes.join('')).not.toMatch(/[\u2028\u2029\u0085]/);
  });

  it('answers false when any of its writes found the pipe full, so the caller waits for drain', () => {
    const { io, writes } = recorder(100 * 1024);
    expect(io.ndjsonLines(rows)).toBe(false);
    expect(writes.join('')).toBe(expected);
    expect(recorder().io.ndjsonLines([])).toBe(true);
  });
});
