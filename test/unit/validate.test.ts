import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PmtError } from '../../src/errors.js';
import { parseCursor, parseDecimal, parseEnum, parseId, parseInteger, parsePrice, parseSize } from '../../src/validate.js';
import { usage } from '../helpers/failure.js';

describe('edge validation', () => {
  it('accepts plain decimals exactly', () => {
    expect(parsePrice('--price', '0.52').toFixed()).toBe('0.52');
    expect(parseSize('--size', '10').toFixed()).toBe('10');
    expect(parseDecimal('x', 0.1).toFixed()).toBe('0.1');
  });

  it.each(['NaN', 'Infinity', '-Infinity', '-0', '1e3', '0x1', '', ' ', '1,5', '١', '0.5\u0000', '1'.repeat(40), '+1', '.'])(
    'rejects hostile number %j',
    (v) => {
      const e = usage(() => parseDecimal('--price', v));
      expect(e.message).toContain('--price');
    },
  );

  it('enforces the open price interval and positive sizes', () => {
    expect(usage(() => parsePrice('--price', '0')).message).toMatch(/between 0 and 1/);
    expect(usage(() => parsePrice('--price', '1')).message).toMatch(/between 0 and 1/);
    expect(usage(() => parseSize('--size', '0')).message).toMatch(/greater than 0/);
    usage(() => parseSize('--size', -1));
    usage(() => parseSize('--size', Number.NaN));
    usage(() => parseSize('--size', -0));
  });

  it('integers and enums', () => {
    expect(parseInteger('--limit', '25')).toBe(25);
    usage(() => parseInteger('--limit', '-1'));
    usage(() => parseInteger('--limit', '1.5'));
    usage(() => parseInteger('--limit', '99999999999'));
    expect(parseEnum('--status', 'ALL', ['active', 'all'] as const)).toBe('all');
    expect(usage(() => parseEnum('--status', 'open', ['active', 'all'] as const)).message).toContain('active, all');
  });

  it('ids are bounded, printable and path-safe', () => {
    expect(parseId('market', 'KXBTCD-25APR1517')).toBe('KXBTCD-25APR1517');
    for (const bad of ['', 'a b', 'a/b', '..', 'x\u001b[2J', 'x\u202e', 'a?b', 'x'.repeat(201)]) usage(() => parseId('market', bad));
    usage(() => parseCursor('x\u0007'));
    usage(() => parseCursor('c'.repeat(5000)));
  });

  it('never throws anything but a usage error, whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null)), (v) => {
        for (const f of [() => parsePrice('p', v), () => parseSize('s', v), () => parseId('i', v), () => parseInteger('n', v)]) {
          try {
            f();
          } catch (e) {
            expect(e).toBeInstanceOf(PmtError);
            expect((e as PmtError).usage).toBe(true);
            expect((e as PmtError).message).not.toMatch(/[\u0000-\u001f]/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('small surprises at the edge (issue 17)', () => {
  it('".6" is 0.6', async () => {
    const { parsePrice } = await import('../../src/validate.js');
    expect(parsePrice('--price', '.6').toFixed()).toBe('0.6');
  });
  it('a negative size names the rule, not the syntax', async () => {
    const { parseSize } = await import('../../src/validate.js');
    expect(() => parseSize('--size', '-10')).toThrow('--size must be greater than 0 (got -10)');
  });
  it('"--price 60" suggests 0.60', async () => {
    const { parsePrice } = await import('../../src/validate.js');
    expect(() => parsePrice('--price', '60')).toThrow('did you mean 0.60?');
    expect(() => parsePrice('--price', '1.5')).not.toThrow('did you mean');
  });
  it('the command line trims plain spaces around a pasted value, nothing else', async () => {
    const { trimPasted } = await import('../../src/commands/action.js');
    expect(trimPasted('  KXTEST-25DEC31 ')).toBe('KXTEST-25DEC31');
    expect(trimPasted('\u00a0KXTEST')).toBe('\u00a0KXTEST');
    expect(trimPasted('KXTEST\u200b')).toBe('KXTEST\u200b');
    expect(trimPasted('KXTEST\t')).toBe('KXTEST\t');
    expect(trimPasted(['a ', ' b'])).toEqual(['a', 'b']);
    expect(trimPasted(true)).toBe(true);
  });
});

describe('parseId: the ASCII fast path of the id-character rule is the rule', () => {
  // The rule as written in src/validate.ts: printable ASCII without space, letters, marks, digits.
  const RULE = /^[\x21-\x7e\p{L}\p{M}\p{N}]+$/u;
  const charsRefused = (s: string) => {
    try {
      parseId('--market', s);
      return false;
    } catch (e) {
      return e instanceof PmtError && /must be letters, digits/.test(e.message);
    }
  };
  it('accepts and refuses exactly as the Unicode rule, over ASCII and any other text', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }));
    fc.assert(
      fc.property(text, (raw) => {
        // Only strings the earlier checks (empty, spaces, control characters) let through reach the rule.
        const s = raw.replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, 'x');
        expect(charsRefused(s)).toBe(!RULE.test(s));
      }),
      { numRuns: 2000 },
    );
  });
});
