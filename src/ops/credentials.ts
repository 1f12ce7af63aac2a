/** Credential errors every op shares (kept small: the CLI's Context loads it at start-up). */
import { PmtError } from '../errors.js';
import { manifestOf, type ExchangeId } from '../exchanges/registry.js';

/** The `Config` error for an exchange without credentials, naming the fix; made before any request. */
export function missingCredentials(id: ExchangeId, profileName: string | null): PmtError {
  const where = profileName ? `profile "${profileName}" has no ${id} credentials and none are set in the environment` : `no ${id} credentials (no profile, no environment variables)`;
  return new PmtError('Config', `${id} needs credentials for this: ${where}`, { hint: manifestOf(id).credentials.fix });
}
