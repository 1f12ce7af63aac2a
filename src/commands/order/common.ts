/** What the order commands share: how an `--outcome` flag becomes the interface's OutcomeSpec. */
import type { OutcomeSpec } from '../../exchanges/types.js';
import { outcomeLabel, parseOutcomeSpec, specFor } from '../../outcome.js';

/** `--outcome` text → OutcomeSpec (see outcome.ts). */
export function parseOutcome(input: unknown): OutcomeSpec {
  return parseOutcomeSpec('--outcome', input);
}

export { outcomeLabel, specFor };

/** Case-insensitive label comparison ("yes" matches "Yes" and "YES"). */
export function sameLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

