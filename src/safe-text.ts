/**
 * Terminal-safe text: the one sanitizer for strings that came from outside (upstream messages,
 * titles, error text) on their way to a terminal line.
 */
import { redactSecrets } from './secrets.js';

// eslint-disable-next-line no-control-regex
const ANSI_SEQ_RE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_RE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * Text for one line on a terminal: secrets scrubbed, escape sequences and control characters
 * removed (an upstream message cannot move the cursor or recolour the screen), whitespace runs
 * collapsed.
 */
export function safeLine(text: string): string {
  return redactSecrets(String(text))
    .replace(ANSI_SEQ_RE, '')
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(CONTROL_CHARS_RE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * A JSON.parse failure described without the fragment of input V8 quotes
 * (`Unexpected token 'x', "x0x59c6995"... is not valid JSON`): that fragment may be a secret.
 */
export function describeJsonError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/,\s*".*?"(?:\.\.\.)?\s+is not valid JSON/s, ' (not valid JSON)');
}
