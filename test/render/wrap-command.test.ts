/** Issue 21 (friction): hints fit a 60-column terminal and still paste as one command. */
import { describe, expect, it } from 'vitest';
import { wrapCommand } from '../../src/render/width.js';
import { droppedHint } from '../../src/render/table.js';
import { printTable } from '../../src/render/table.js';
import { IO } from '../../src/render/io.js';
import { Formatter } from '../../src/render/format.js';
import { ORDER_COLUMNS, orderRow } from '../../src/render/views/orders.js';
import { Capture, order } from '../commands/order-fake.js';

describe('hints at 60 columns', () => {
  it('a next-page command breaks before its flags with shell continuations, each line within 60 (the cursor whole)', () => {
    const cmd = 'more: pmt fills --market KXTEST-25Q4-CONTRACT --exchange kalshi --limit 5 --cursor abc123';
    const out = wrapCommand(cmd, 60);
    const lines = out.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
    expect(lines.slice(0, -1).every((l) => l.endsWith(' \\'))).toBe(true);
    // Joined as a shell joins continuations, it is the command again.
    expect(out.replace(/ \\\n +/g, ' ')).toBe(cmd);
    expect(wrapCommand('pmt fills --cursor x', 60)).toBe('pmt fills --cursor x');
  });
  it('the hidden-columns hint of a narrow table wraps to the terminal', async () => {
    expect(droppedHint(['EXCHANGE', 'FILLED', 'STATUS', 'CREATED'], 60).length).toBeGreaterThan(60);
    const stdout = new Capture(true, 75);
    const stderr = new Capture(true, 75);
    const io = new IO({ stdout, stderr, env: { PMT_FORCE_TTY: '75' }, noColor: true });
    const orders = [{ exchange: 'kalshi' as const, order: order({ market_ticker: 'KXTEST-25Q4-CONTRACT' }) }];
    await printTable(io, ORDER_COLUMNS, orders.map((o) => orderRow(new Formatter(io), o)));
    expect(stderr.text.replace(/\n +/g, ' ')).toMatch(/hidden to fit 75 columns/);
    for (const l of stderr.text.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(75);
  });
});
