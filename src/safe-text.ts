/**
 * Terminal-safe text: the one sanitizer for strings that came from outside (upstream messages,
 * titles, error text) on their way to a terminal. Tables, prompts, `--verbose` lines, error lines
 * and, as a last net, every line IO writes go through the functions here, so an upstream string
 * can never set the window title, clear the screen, move the cursor or reorder what is shown.
 */
import { redactSecrets } from './secrets.js';

// Escape sequences, 7-bit and 8-bit: CSI (colours, cursor moves), string sequences (OSC titles and
// hyperlinks, DCS such as tmux passthrough, SOS/PM/APC) with their payload, and two-byte escapes.
const ANSI_RE =
  // eslint-disable-next-line no-control-regex
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
// C0/C1 controls, DEL, zero-width characters and the bidi overrides that can reorder a line.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// The same, minus newline and tab: what a multi-line block of pmt's own output may hold.
// eslint-disable-next-line no-control-regex
const CONTROL_KEEP_LINES_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// pmt's own colours (SGR), the only sequences the output net lets through.
// eslint-disable-next-line no-control-regex
const SGR_ONLY_RE = /^\u001b\[[0-9;]*m$/;
// eslint-disable-next-line no-control-regex
const ANY_UNSAFE_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;
// One pass, sequences first: the ESC that opens a kept SGR is never taken as a lone control.
const BLOCK_RE = new RegExp(`${ANSI_RE.source}|${CONTROL_KEEP_LINES_RE.source}`, 'g');

/** Upstream text made safe for a terminal cell: no escapes, no control characters, one line. */
export function sanitize(text: string | null | undefined): string {
  if (text == null) return '';
  return String(text).replace(ANSI_RE, '').replace(/[\r\n\t\u2028\u2029]+/g, ' ').replace(CONTROL_RE, '');
}

/**
 * Text for one line on a terminal: secrets scrubbed, escape sequences and control characters
 * removed, whitespace runs collapsed.
 */
export function safeLine(text: string): string {
  return sanitize(redactSecrets(String(text))).replace(/ {2,}/g, ' ').trim();
}

/**
 * The output net: a block of pmt's own lines (which may carry upstream text someone forgot to
 * sanitize) with every escape sequence but SGR colours removed, and every control character but
 * newline and tab. Cheap when there is nothing to remove.
 */
export function safeBlock(text: string): string {
  if (!ANY_UNSAFE_RE.test(text)) return text;
  return text.replace(BLOCK_RE, (seq) => (SGR_ONLY_RE.test(seq) ? seq : ''));
}

/**
 * A JSON.parse failure described without the fragment of input V8 quotes
 * (`Unexpected token 'x', "x0x59c6995"... is not valid JSON`): that fragment may be a secret.
 */
export function describeJsonError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/,\s*".*?"(?:\.\.\.)?\s+is not valid JSON/s, ' (not valid JSON)');
}

// Line breaks JSON leaves raw inside strings that line-splitting readers (Python's splitlines,
// JavaScript's old line terminators, NEL-aware tools) still break on.
const JSON_RAW_BREAKS_RE = /[\u0085\u2028\u2029]/g;

/**
 * JSON text for one line of NDJSON (and SSE): `JSON.stringify`, with U+0085, U+2028 and U+2029
 * written as `\u` escapes (the same value, parsed), so one object is always one line to every reader.
 */
export function jsonText(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent);
  return text === undefined ? text : oneLineJson(text);
}

/**
 * JSON text (one document, or many NDJSON lines) with U+0085, U+2028 and U+2029 written as `\u`
 * escapes. JSON.stringify leaves them raw only inside strings, where the escape is the same value,
 * so a block of lines takes one test instead of one per line.
 */
export function oneLineJson(text: string): string {
  // Three searches for one character each (a scan V8 vectorises, and skips outright for the two
  // that a one-byte string cannot hold): about 20 times cheaper than a class regex over 10 MB.
  const raw = text.indexOf('\u2028') !== -1 || text.indexOf('\u2029') !== -1 || text.indexOf('\u0085') !== -1;
  return raw ? text.replace(JSON_RAW_BREAKS_RE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}

/**
 * A URL as pmt shows it: scheme, host and port, with `/…` where a path or query was (RPC
 * providers put API keys there; `user:pass@` is never shown).
 */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.length > 1 || u.search ? '/…' : ''}`;
  } catch {
    return 'not a URL';
  }
}
