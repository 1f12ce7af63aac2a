import { afterEach, describe, expect, it } from 'vitest';
import { Formatter, priceText, sanitize, statusColor } from '../../src/render/format.js';

const person = { isTTY: true, color: false };
const coloured = { isTTY: true, color: true };
const pipe = { isTTY: false, color: false };

describe('sanitize', () => {
  it.each([
    ['plain', 'plain'],
    ['\u001b[31mred\u001b[0m', 'red'], // CSI colour
    ['a\u001b[2J\u001b[Hb', 'ab'], // clear screen, cursor home
    ['\u001b]0;pwned title\u0007x', 'x'], // OSC window title, BEL-terminated
    ['\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\', 'link'], // OSC 8 hyperlink, ST-terminated
    ['\u009b31mred', 'red'], // 8-bit CSI
    ['\u009d0;title\u009cx', 'x'], // 8-bit OSC with 8-bit ST
    ['\u001bPtmux;\u001b\u001b]52;c;Zm9v\u0007\u001b\\ok', 'ok'], // DCS passthrough with payload
    ['\u001b(Bx\u001bcy', 'xy'], // charset designation, full reset
    ['line1\nline2\r\n\tend', 'line1 line2 end'],
    ['bell\u0007 and del\u007f', 'bell and del'],
    ['bidi \u202eevil\u202c text', 'bidi evil text'],
    ['中文 😀 ok', '中文 😀 ok'],
  ])('%j → %j', (input, out) => {
    expect(sanitize(input)).toBe(out);
  });

  it('turns null into empty text', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize(undefined)).toBe('');
  });
});

describe('Formatter prices', () => {
  it('shows probabilities with 2 to 4 decimals', () => {
    expect(priceText(0.5)).toBe('0.50');
    expect(priceText(0.655)).toBe('0.655');
    expect(priceText(0.1234)).toBe('0.1234');
    expect(new Formatter(person).price(null)).toBe('-');
  });

  it('shows cents only for people with the cents view', () => {
    expect(new Formatter(person, { cents: true }).price(0.655)).toBe('65.5¢');
    expect(new Formatter(person, { cents: true }).price(0.07)).toBe('7¢');
    expect(new Formatter(pipe, { cents: true }).price(0.655)).toBe('0.655');
  });

  it('colours bids green and asks red only when colour is on', () => {
    expect(new Formatter(coloured).bid(0.4)).toBe('\u001b[32m0.40\u001b[39m');
    expect(new Formatter(coloured).ask(0.6)).toBe('\u001b[31m0.60\u001b[39m');
    expect(new Formatter(coloured).side('sell')).toBe('\u001b[31msell\u001b[39m');
    expect(new Formatter(person).bid(0.4)).toBe('0.40');
    expect(new Formatter(coloured).bid(null)).toBe('-');
  });
});

describe('Formatter numbers', () => {
  it('writes USD with thousands separators for people, plain numbers piped', () => {
    const f = new Formatter(person);
    expect(f.usd(1234567)).toBe('$1,234,567');
    expect(f.usd(1234567.5)).toBe('$1,234,567.50');
    expect(f.usd(0.5)).toBe('$0.50');
    expect(f.usd(12, { cents: true })).toBe('$12.00');
    expect(f.usd(-1500.25)).toBe('-$1,500.25');
    expect(f.usd(null)).toBe('-');
    expect(new Formatter(pipe).usd(1234567.5)).toBe('1234567.5');
  });

  it('writes counts with separators for people only', () => {
    expect(new Formatter(person).num(1500)).toBe('1,500');
    expect(new Formatter(pipe).num(1500)).toBe('1500');
  });
});

describe('Formatter times', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('shows people the given zone', () => {
    const iso = '2025-12-31T21:00:00Z';
    expect(new Formatter(person, { timeZone: 'America/New_York' }).time(iso)).toBe('2025-12-31 16:00 EST');
    expect(new Formatter(person, { timeZone: 'Asia/Tokyo' }).time(iso)).toBe('2026-01-01 06:00 GMT+9');
    expect(new Formatter(person, { timeZone: 'UTC' }).time(iso)).toBe('2025-12-31 21:00 UTC');
  });

  it('writes midnight as 00:00, never 24:00', () => {
    expect(new Formatter(person, { timeZone: 'UTC' }).time('2025-12-31T00:30:00Z')).toBe('2025-12-31 00:30 UTC');
  });

  it('follows TZ by default', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(new Formatter(person).time('2025-07-01T12:00:00Z')).toBe('2025-07-01 14:00 GMT+2');
    process.env.TZ = 'America/Los_Angeles';
    expect(new Formatter(person).time('2025-07-01T12:00:00Z')).toBe('2025-07-01 05:00 PDT');
  });

  it('keeps ISO UTC when piped, and copes with junk', () => {
    expect(new Formatter(pipe).time('2025-12-31T21:00:00Z')).toBe('2025-12-31T21:00:00Z');
    expect(new Formatter(person).time(null)).toBe('-');
    expect(new Formatter(person).time('soon\u001b[31m')).toBe('soon');
  });
});

describe('statusColor', () => {
  it('gives each status its colour, and none without colour', () => {
    const f = new Formatter(coloured);
    expect(statusColor(f, 'active')).toBe('\u001b[32mactive\u001b[39m');
    expect(statusColor(f, 'rejected')).toBe('\u001b[31mrejected\u001b[39m');
    expect(statusColor(f, 'pending')).toBe('\u001b[33mpending\u001b[39m');
    expect(statusColor(new Formatter(person), 'active')).toBe('active');
  });
});
