/**
 * Formatting for people and for pipes. A Formatter is made from the IO object: on a terminal it
 * gives local times, thousands separators and colour; piped it gives raw ISO UTC and plain numbers
 * so that `cut`/`awk` see data, never decoration.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { IO } from './io.js';

// C0/C1 controls (keeping none: tabs and newlines would break a row), DEL, ANSI/OSC escapes,
// and the bidi overrides that can reorder what a terminal shows.
// eslint-disable-next-line no-control-regex
const ANSI_RE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Upstream text made safe for a terminal: no escapes, no control characters, one line. */
export function sanitize(text: string | null | undefined): string {
  if (text == null) return '';
  return String(text).replace(ANSI_RE, '').replace(/[\r\n\t]+/g, ' ').replace(CONTROL_RE, '');
}

/** Display width of a string: East Asian wide and emoji count as 2, combining marks as 0. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0)!);
  return w;
}

function charWidth(cp: number): number {
  if (cp === 0) return 0;
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** Cut text to at most `width` columns, ending with an ellipsis when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const USD_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NUM = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export interface FormatterOptions {
  /** Show prices as cents (65¢) rather than probabilities (0.65). */
  cents?: boolean;
  /** IANA zone for people; defaults to the process's zone (TZ). */
  timeZone?: string;
}

export class Formatter {
  readonly c: ChalkInstance;
  readonly human: boolean;
  private readonly cents: boolean;
  private readonly dateFmt: Intl.DateTimeFormat;

  constructor(io: Pick<IO, 'isTTY' | 'color'>, opts: FormatterOptions = {}) {
    this.human = io.isTTY;
    this.c = new Chalk({ level: io.color ? 1 : 0 });
    this.cents = opts.cents ?? false;
    this.dateFmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: opts.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12:false: en-CA with hour12:false prints midnight as "24:00" of the same date.
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  }

  /** A probability: "0.65" (2–4 decimals) or, with the cents view, "65¢". Null is "-". */
  price(p: number | null | undefined): string {
    if (p == null || !Number.isFinite(p)) return '-';
    if (this.cents && this.human) return `${trimNum(p * 100, 2)}¢`;
    return priceText(p);
  }

  /** USD: "$1,234,567.5" for people, "1234567.5" piped. */
  usd(v: number | null | undefined, opts: { cents?: boolean } = {}): string {
    if (v == null || !Number.isFinite(v)) return '-';
    if (!this.human) return String(v);
    return (opts.cents ? USD_CENTS : USD).format(v);
  }

  /** A count of contracts: "1,500" for people, "1500" piped. */
  num(v: number | null | undefined): string {
    if (v == null || !Number.isFinite(v)) return '-';
    return this.human ? NUM.format(v) : String(v);
  }

  /** A timestamp: local zone for people ("2025-12-31 16:00 EST"), ISO UTC piped. */
  time(iso: string | null | undefined): string {
    if (!iso) return '-';
    if (!this.human) return iso;
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return sanitize(iso);
    return this.dateFmt.format(d).replace(',', '');
  }

  /** Upstream text, sanitized. */
  text(s: string | null | undefined): string {
    return sanitize(s);
  }
}

/** Price text with 2 to 4 decimals: 0.65 → "0.65", 0.655 → "0.655", 0.5 → "0.50". */
export function priceText(p: number): string {
  const fixed = p.toFixed(4).replace(/0{1,2}$/, '');
  return fixed;
}

function trimNum(v: number, maxDecimals: number): string {
  return Number(v.toFixed(maxDecimals)).toString();
}

/** Colour a market status for people. */
export function statusColor(f: Formatter, status: string): string {
  switch (status) {
    case 'active':
    case 'open':
    case 'filled':
      return f.c.green(status);
    case 'partially_filled':
    case 'pending':
      return f.c.yellow(status);
    case 'closed':
    case 'cancelled':
      return f.c.dim(status);
    case 'resolved':
      return f.c.cyan(status);
    case 'rejected':
      return f.c.red(status);
    default:
      return status;
  }
}
