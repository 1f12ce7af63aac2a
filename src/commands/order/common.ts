/** What the order commands share: how an `--outcome` flag becomes the interface's OutcomeSpec. */
import type { OutcomeSpec } from '../../exchanges/types.js';
import { outcomeLabel, parseOutcomeSpec, sameLabel, specFor } from '../../outcome.js';

/** `--outcome` text → OutcomeSpec (see outcome.ts). */
export function parseOutcome(input: unknown): OutcomeSpec {
  return parseOutcomeSpec('--outcome', input);
}

export { outcomeLabel, sameLabel, specFor };

