/** `--outcome` of the book commands (the asset resolution itself is ops/resolve.ts). */
import { parseLabel } from '../../validate.js';

/** `--outcome`: yes, no or a label (labels may contain spaces, never control characters). */
export function parseOutcome(input: unknown): string | undefined {
  return input === undefined ? undefined : parseLabel('--outcome', input);
}
