import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clusterWidth, displayWidth, fit, truncate } from '../../src/render/width.js';

describe('displayWidth', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['中文', 4],
    ['한국어', 6],
    ['ｶﾀｶﾅ', 4], // halfwidth katakana
    ['ＡＢ', 4], // fullwidth latin
    ['e\u0301', 1], // combining acute
    ['😀', 2],
    ['👍🏽', 2], // skin tone modifier joins the cluster
    ['👨‍👩‍👧', 2], // ZWJ family
    ['🇺🇸', 2], // flag
    ['❤️', 2], // VS16 makes it an emoji
    ['❤', 1], // text presentation
    ['#️⃣', 2], // keycap
    ['\u200b', 0], // zero-width space
    ['\u001b[31mred\u001b[39m', 3], // colour codes take no room
  ])('%j is %i columns', (s, w) => {
    expect(displayWidth(s)).toBe(w);
  });

  it('counts per grapheme cluster', () => {
    expect(clusterWidth('a')).toBe(1);
    expect(clusterWidth('中')).toBe(2);
    expect(clusterWidth('\u0301')).toBe(0);
  });
});

describe('truncate', () => {
  it('leaves text that fits alone', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('中文', 4)).toBe('中文');
  });

  it('cuts with an ellipsis and never exceeds the width', () => {
    expect(truncate('hello world', 6)).toBe('hello…');
    // A wide character that would straddle the edge is dropped, not split.
    expect(truncate('中文字符', 4)).toBe('中…');
    expect(displayWidth(truncate('中文字符', 4))).toBe(3);
    expect(truncate('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', 1)).toBe('…');
  });

  it('keeps colour codes and resets after the cut', () => {
    const cut = truncate('\u001b[32mactive market\u001b[39m', 7);
    expect(cut).toBe('\u001b[32mactive…\u001b[0m');
    expect(displayWidth(cut)).toBe(7);
  });

  it('never returns more columns than asked (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '中', '😀', 'e\u0301', '👍🏽', '🇺🇸', 'ｶ') , maxLength: 30 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 40 }), (s, w) => {
        const out = truncate(s, w);
        expect(displayWidth(out)).toBeLessThanOrEqual(w);
        if (displayWidth(s) <= w) expect(out).toBe(s);
      }),
    );
  });
});

describe('fit', () => {
  it('pads to exactly the width, left or right', () => {
    expect(fit('ab', 5)).toBe('ab   ');
    expect(fit('ab', 5, 'right')).toBe('   ab');
    expect(fit('中', 5)).toBe('中   ');
    expect(displayWidth(fit('中文字符', 5))).toBe(5);
  });
});

describe('wrapLine', async () => {
  const { wrapLine } = await import('../../src/render/width.js');
  // The hanging indent is the label column (13 here), at most half the width (10 at 20 columns).
  it('keeps lines that fit, and the spacing inside a wrapped line', () => {
    expect(wrapLine('short', 10)).toEqual(['short']);
    expect(wrapLine('  Checks     ✓ a  ✓ b  ✓ c', 20, 13)).toEqual(['  Checks     ✓ a  ✓', '          b  ✓ c']);
  });
  it('never splits a word: one wider than the line stands alone, unindented', () => {
    const id = '9'.repeat(30);
    expect(wrapLine(`  Asset      ${id}  (its book)`, 20, 13)).toEqual(['  Asset', id, '          (its book)']);
  });
});
