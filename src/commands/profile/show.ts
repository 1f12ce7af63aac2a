/**
 * `pmt profile show [name]`: one profile's settings and, for each, where the value pmt would use
 * right now comes from (env > profile; flags exist only on `profile add`). Secrets are never
 * shown; derived public values (the Polymarket signer's address) are, so the set-up can be
 * checked. Credentials that do not resolve (incomplete, unreadable key file) are reported after
 * the table and exit 9.
 */
import type { Context } from '../../context.js';
import { resolveCredentials } from '../../credentials.js';
import { PmtError, toPmtError } from '../../errors.js';
import { unknownProfile, type Profile } from '../../profiles.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { settingRow, exchangesText, type Setting } from '../../render/views/profiles.js';
import { noProfileSummary, profileSummary, settingsOf } from './summary.js';

export async function run(ctx: Context, _opts: unknown, args: string[] = []): Promise<void> {
  const { active, profiles } = await ctx.store.list();
  const name = args[0] ?? (await ctx.profileName());
  const profile = name ? profiles[name] : undefined;
  if (name && !profile) throw unknownProfile(name, Object.keys(profiles));

  let settings: Setting[] = [];
  let failure: PmtError | undefined;
  try {
    const creds = resolveCredentials({ env: ctx.env, profile, profileName: name ?? null });
    settings = await settingsOf(creds, ctx.env);
  } catch (e) {
    failure = toPmtError(e);
  }
  const summary = name && profile ? profileSummary(name, profile, name === active) : null;
  if (!summary && !failure && settings.every((s) => s.source === null || s.source === 'default')) {
    throw new PmtError('Config', 'no active profile and no credentials in the environment', { hint: 'run `pmt profile add <name>`' });
  }

  if (ctx.json || ctx.ndjson) {
    ctx.io.json({ ...(summary ?? noProfileSummary()), config_file: ctx.store.file, settings, risk: profile?.risk ?? {} });
  } else {
    const f = new Formatter(ctx.io);
    const head = summary
      ? `profile ${f.c.bold(summary.name)}${summary.active ? ' (active)' : ''}: ${exchangesText(summary)} · ${ctx.store.file}`
      : 'no profile: values from the environment only';
    if (ctx.io.isTTY) ctx.io.out(head);
    await printTable(
      ctx.io,
      [{ header: 'SETTING' }, { header: 'VALUE', flex: true }, { header: 'SOURCE (now)', flex: true }],
      [...settings, ...riskRows(profile)].map((s) => settingRow(f, s)),
    );
  }
  if (failure) throw failure;
}

/** The profile's risk limits as settings rows (`pmt risk show` has them with today's usage). */
function riskRows(profile: Profile | undefined): Setting[] {
  return Object.entries(profile?.risk ?? {}).map(([k, v]) => ({
    setting: `risk.${k}`,
    value: Array.isArray(v) ? v.join(',') : typeof v === 'object' && v ? Object.entries(v).map(([x, y]) => `${x}=${y}`).join(',') : String(v),
    source: 'profile' as const,
    origin: null,
  }));
}
