/**
 * `pmt profile remove <name>`: confirm on a terminal (--yes skips it; elsewhere --yes is
 * required). Removing the active profile leaves none active (never another wallet silently), and
 * says so, naming `pmt profile use` and what remains.
 * Key files named by the profile are left where they are.
 */
import type { Context } from '../../context.js';
import { cancelledError, usageError } from '../../errors.js';
import { PROFILE_NAME_RE, unknownProfile } from '../../profiles.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';

export async function run(ctx: Context, opts: { yes?: boolean }, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  const name = args[0] ?? '';
  if (!PROFILE_NAME_RE.test(name)) throw usageError(`profile name "${name.slice(0, 70)}" must be 1-64 letters, digits, "_", "." or "-"`);
  const { active, profiles } = await ctx.store.list();
  if (!profiles[name]) throw unknownProfile(name, Object.keys(profiles));
  if (!opts.yes) {
    if (!ctx.io.canPrompt) throw usageError(`not on a terminal: add --yes to remove profile "${name}"; nothing was removed`);
    const pr = deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json });
    const ok = await pr.confirm({ message: `Remove profile "${name}"${name === active ? ' (the active one)' : ''}? Its stored credentials are deleted`, default: false });
    if (!ok) throw cancelledError(`profile "${name}" was not removed`);
  }
  const { newActive } = await ctx.store.remove(name);
  if (ctx.json) return ctx.io.json({ removed: name, active: newActive });
  ctx.io.out(`removed profile "${name}"`);
  if (active === name) {
    const left = Object.keys(profiles).filter((p) => p !== name).sort();
    ctx.io.out(left.length ? `no profile is active now; choose one with \`pmt profile use <name>\` (${left.join(', ')})` : 'no active profile left; add one with `pmt profile add <name>`');
  }
}
