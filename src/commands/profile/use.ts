/** `pmt profile use <name>`: make a stored profile the active one. */
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { PROFILE_NAME_RE } from '../../profiles.js';

export async function run(ctx: Context, _opts: unknown, args: string[]): Promise<void> {
  const name = args[0] ?? '';
  if (!PROFILE_NAME_RE.test(name)) throw usageError(`profile name "${name.slice(0, 70)}" must be 1-64 letters, digits, "_", "." or "-"`);
  await ctx.store.use(name);
  if (ctx.json) return ctx.io.json({ active: name });
  ctx.io.out(`active profile: ${name}`);
  const override = ctx.env.PMT_PROFILE;
  if (override && override !== name) ctx.io.err(`note: PMT_PROFILE=${override} is set and wins over the active profile in this shell`);
}
