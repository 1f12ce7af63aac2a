// The ANSI stripper stays hand-written over strip-ansi 7: it also removes OSC/DCS/PM/APC strings and C1 controls (safer for untrusted upstream text), which strip-ansi's pattern leaves partly in place.
/**
 * Formatting for people and for pipes. A Formatter is made from the IO object: on a terminal it
 * gives local times, thousands separators and colour; piped it gives raw ISO UTC and plain numbers
 * so that `cut`/`awk` see data, never decoration.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { IO } from './io.js';

// The one sanitizer lives in safe-text.ts; `sanitize` is its name for table cells and views.
export { sanitize } from '../safe-text.js';
import { sanitize } from '../safe-text.js';

export { displayWidth, truncate, fit } from './width.js';

// The first Intl object a process makes loads ICU data (tens of ms): every one is made on first
// use, so JSON, NDJSON and piped output never pay for it.
const lazy = <T>(make: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= make());
};
const USD_WHOLE = lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const USD_CENTS = lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const NUM = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

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
  private readonly dateFmt: () => Intl.DateTimeFormat;

  constructor(io: Pick<IO, 'isTTY' | 'color'>, opts: FormatterOptions = {}) {
    this.human = io.isTTY;
    this.c = new Chalk({ level: io.color ? 1 : 0 });
    this.cents = opts.cents ?? false;
    this.dateFmt = lazy(
      () =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone: opts.timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          // h23, not hour12:false: en-CA with hour12:false prints midnight as "24:00" of the same date.
          hourCycle: 'h23',
          timeZoneName: 'short',
        }),
    );
  }

  /** A probability: "0.65" (2–4 decimals) or, with the cents view, "65¢". Null is "-". */
  price(p: number | null | undefined): string {
    if (p == null || !Number.isFinite(p)) return '-';
    if (this.cents && this.human) return `${trimNum(p * 100, 2)}¢`;
    return priceText(p);
  }

  /**
   * USD with thousands separators for people: "$1,234,567" when whole, "$1,234,567.50" otherwise
   * (`cents: true` always shows cents); piped, the plain number ("1234567.5").
   */
  usd(v: number | null | undefined, opts: { cents?: boolean } = {}): string {
    if (v == null || !Number.isFinite(v)) return '-';
    if (!this.human) return String(v);
    return (opts.cents || !Number.isInteger(v) ? USD_CENTS : USD_WHOLE)().format(v);
  }

  /** A count of contracts: "1,500" for people, "1500" piped. */
  num(v: number | null | undefined): string {
    if (v == null || !Number.isFinite(v)) return '-';
    return this.human ? NUM().format(v) : String(v);
  }

  /**
   * A timestamp: for people in the local zone (TZ, or `timeZone`) as "2025-12-31 16:00 EST"
   * ("16:00:05 EST" with `seconds`);
   * piped, the ISO UTC value unchanged.
   */
  time(iso: string | null | undefined, opts: { seconds?: boolean } = {}): string {
    if (!iso) return '-';
    if (!this.human) return sanitize(iso);
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return sanitize(iso);
    const p: Record<string, string> = {};
    for (const part of this.dateFmt().formatToParts(d)) p[part.type] = part.value;
    // Seconds where they matter (a book snapshot, an order's life); minutes for calendar times.
    const sec = opts.seconds ? `:${p.second}` : '';
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${sec} ${p.timeZoneName}`;
  }

  /** Upstream text, sanitized. */
  text(s: string | null | undefined): string {
    return sanitize(s);
  }

  /** A bid price, green for people. */
  bid(p: number | null | undefined): string {
    return p == null ? this.price(p) : this.c.green(this.price(p));
  }

  /** An ask price, red for people. */
  ask(p: number | null | undefined): string {
    return p == null ? this.price(p) : this.c.red(this.price(p));
  }

  /** An order side: buy green, sell red. */
  side(side: string): string {
    return side === 'buy' ? this.c.green(side) : side === 'sell' ? this.c.red(side) : sanitize(side);
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

/** Colour a market or order status for people (green live, yellow in flight, dim done, red refused). */
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
