/**
 * The first prompt of `pmt profile add` on a terminal: which exchanges (every manifest's
 * `credentials.add.choice`, in registry order). Each exchange's values are then asked as its
 * fields declare (add.ts), or by its own section.
 */
import { ALL_MANIFESTS as MANIFESTS, type ExchangeId } from '../../exchanges/registry.js';
import type { Prompter } from '../../render/prompt.js';

export function askExchanges(pr: Prompter): Promise<ExchangeId[]> {
  return pr.checkbox<ExchangeId>({
    message: 'Which exchanges should this profile trade on? (space selects, enter confirms)',
    required: true,
    // A read-only exchange (no credential fields) has nothing to add.
    choices: MANIFESTS.filter((m) => m.credentials.fields.length > 0).map((m) => ({ name: m.credentials.add.choice, value: m.id })),
  });
}
