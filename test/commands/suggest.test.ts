import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program.js';
import { closest, unknownHelpTarget } from '../../src/commands/suggest.js';

describe('closest', () => {
  const names = ['markets', 'book', 'order', 'profile', 'serve', 'completion', 'exchanges'];
  it.each([
    ['markt', 'markets'],
    ['mrakets', 'markets'],
    ['bok', 'book'],
    ['ordr', 'order'],
    ['exch', 'exchanges'],
    ['profil', 'profile'],
    ['zzzz', undefined],
    ['x', undefined],
  ])('%s → %s', (word, expected) => {
    expect(closest(word, names)).toBe(expected);
  });
});

const program = await buildProgram();

describe('unknownHelpTarget', () => {
  it('leaves ordinary command lines to Commander', () => {
    expect(unknownHelpTarget(program, ['markets', 'list', '--status', 'help'])).toBeUndefined();
    expect(unknownHelpTarget(program, ['markt'])).toBeUndefined();
    expect(unknownHelpTarget(program, ['book', 'show', 'help', '--help'])).toBeUndefined();
    expect(unknownHelpTarget(program, ['--profile', 'help', 'markets', '--help'])).toBeUndefined();
  });
  it('names the unknown command of a help request', () => {
    expect(unknownHelpTarget(program, ['help', 'bok'])).toBe("unknown command 'bok' (Did you mean book?)");
    expect(unknownHelpTarget(program, ['--profile', 'main', 'ordr', '-h'])).toBe("unknown command 'ordr' (Did you mean order?)");
  });
});
