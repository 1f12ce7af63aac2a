/** Issue 21 (friction): the `fills` next-page hint, pasted, returns the next page of the same scope. */
import { describe, expect, it } from 'vitest';
import { nextPage } from '../../src/commands/portfolio/fills.js';

describe('fills next-page hint', () => {
  it('keeps --exchange, --limit and --market', () => {
    expect(nextPage('abc123', { limit: '5', market: 'KXTEST-25Q4-CONTRACT' }, 'kalshi')).toBe('pmt fills --market KXTEST-25Q4-CONTRACT --exchange kalshi --limit 5 --cursor abc123');
    expect(nextPage('k=1:2', {}, undefined)).toBe('pmt fills --cursor k=1:2');
  });
  it('quotes what a shell would split', () => {
    expect(nextPage('a b', {}, undefined)).toBe("pmt fills --cursor 'a b'");
  });
});
