/**
 * Issue 15, finding 4: one sanitizer for every string that came from outside, on every path to a
 * terminal. Bytes are captured as written: no OSC title, no screen clear, no cursor move survives;
 * pmt's own colours do.
 */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { Context } from '../../src/context.js';
import { IO } from '../../src/render/io.js';
import { sanitize as formatSanitize } from '../../src/render/format.js';
import { safeBlock, safeLine, sanitize } from '../../src/safe-text.js';

const HOSTILE = 'Evil \u001b]0;pwned\u0007\u001b[2J\u009b2Jtitle\u001bP+q\u001b\\ \u202eright';
const BAD = /\u001b\]|\u001b\[2J|\u009b|\u001bP|\u202e|\u0007/;

function capture(): { stream: PassThrough & { isTTY: boolean }; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY: true });
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('one sanitizer', () => {
  it('format.ts sanitize is safe-text.ts sanitize (one implementation)', () => {
    expect(formatSanitize).toBe(sanitize);
    expect(sanitize(HOSTILE)).toBe('Evil title right');
    expect(safeLine(HOSTILE)).toBe('Evil title right');
  });

  it('the output net keeps SGR colours, newlines and tabs, drops everything else', () => {
    expect(safeBlock('\u001b[32mok\u001b[39m\ta\nb')).toBe('\u001b[32mok\u001b[39m\ta\nb');
    expect(safeBlock(HOSTILE)).not.toMatch(BAD);
    expect(safeBlock('x\u001b[1;1Hy\u001b[?1049hz\rw')).toBe('xyzw');
  });

  it('--verbose lines carrying upstream error text reach stderr without escapes', () => {
    const err = capture();
    const out = capture();
    const io = new IO({ stdout: out.stream, stderr: err.stream, env: {} });
    const ctx = new Context({ io, env: {}, globals: { verbose: true } });
    ctx.log(`create order: outcome unknown (kalshi said: ${HOSTILE}); looking the order up`);
    expect(err.text()).toContain('[pmt] create order: outcome unknown (kalshi said: Evil title right)');
    expect(err.text()).not.toMatch(BAD);
  });

  it('IO.out and IO.err never write escapes other than colours', () => {
    const err = capture();
    const out = capture();
    const io = new IO({ stdout: out.stream, stderr: err.stream, env: {} });
    io.out(`note: ${HOSTILE}`);
    io.err(`not cancelled: kalshi abc: ${HOSTILE}`);
    expect(out.text()).not.toMatch(BAD);
    expect(err.text()).not.toMatch(BAD);
    expect(err.text()).toContain('not cancelled: kalshi abc: Evil');
  });
});
