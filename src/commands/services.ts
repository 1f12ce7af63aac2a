/** The CLI's Context as the operations layer's Services (credentials checked the CLI's way). */
import type { Context } from '../context.js';
import { PmtError } from '../errors.js';
import { CLI_NAMES, type Services } from '../ops/services.js';
import { configuredExchanges, requireCredentials } from './order/common.js';

export function servicesOf(ctx: Context): Services {
  return {
    exchange: (id) => ctx.exchange(id),
    configured: () => configuredExchanges(ctx),
    requireCredentials: (id) => requireCredentials(ctx, id),
    noCredentials: async () => {
      const c = await ctx.credentials();
      return new PmtError('Config', `no exchange credentials${c.profileName ? ` in profile "${c.profileName}" or the environment` : ' (no profile, no environment variables)'}`, {
        hint: 'run `pmt profile add <name>` to add Kalshi or Polymarket credentials',
      });
    },
    now: () => ctx.now(),
    names: CLI_NAMES,
  };
}
