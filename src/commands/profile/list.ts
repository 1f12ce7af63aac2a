/** `pmt profile list`: every profile, the active one marked; metadata only, secrets masked. */
import type { Context } from '../../context.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { PROFILE_HEADERS, profileRow } from '../../render/views/profiles.js';
import { profileSummary } from './summary.js';

export async function run(ctx: Context, _opts: unknown, _args: string[] = []): Promise<void> {
  const { active, profiles } = await ctx.store.list();
  const summaries = Object.entries(profiles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, p]) => profileSummary(name, p, name === active));
  if (ctx.json || ctx.ndjson) return ctx.io.json({ active, config_file: ctx.store.file, profiles: summaries });
  if (summaries.length === 0) {
    ctx.io.err(`no profiles in ${ctx.store.file}; add one with \`pmt profile add <name>\``);
    return;
  }
  const f = new Formatter(ctx.io);
  await printTable(
    ctx.io,
    PROFILE_HEADERS.map((header) => ({ header, flex: header === 'KALSHI KEY' })),
    summaries.map((s) => profileRow(f, s)),
  );
}
