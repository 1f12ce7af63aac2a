/**
 * Outcomes as people and scripts name them, shared by the CLI and `pmt serve`: `yes`/`no` (any
 * case), `label: <name>` (quotes optional), a `{label}` object, or a bare label ("Los Angeles").
 */
import type { OutcomeSpec } from './exchanges/types.js';
import { parseLabel } from './validate.js';

/** The outcome given as `field` → the interface's OutcomeSpec, validated (see parseLabel). */
export function parseOutcomeSpec(field: string, input: unknown): OutcomeSpec {
  if (input !== null && typeof input === 'object' && 'label' in input) return specFor(parseLabel(field, (input as { label: unknown }).label));
  const raw = parseLabel(field, input);
  const m = /^label\s*:\s*"?(.*?)"?$/i.exec(raw);
  return specFor(m ? parseLabel(field, m[1]) : raw);
}

/** A label as the interface's OutcomeSpec ("Yes" → "yes"). */
export function specFor(label: string): OutcomeSpec {
  const l = label.trim().toLowerCase();
  return l === 'yes' ? 'yes' : l === 'no' ? 'no' : { label };
}

/** The label text of an OutcomeSpec ("yes" → "Yes"). */
export function outcomeLabel(o: OutcomeSpec): string {
  if (o === 'yes') return 'Yes';
  if (o === 'no') return 'No';
  return o.label;
}

/** Case-insensitive label comparison ("yes" matches "Yes" and "YES"). */
export function sameLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
