/** `pmt profile list`: every profile, the active one marked; metadata only, secrets masked. */
import type { Context } from '../../context.js';
import { sectionOf } from '../../credentials.js';
import { ALL_MANIFESTS as MANIFESTS } from '../../exchanges/registry.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { profileColumns, profileRow } from '../../render/views/profiles.js';
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
  // What a column derives from a stored section (public: the address funds sit at without a funder).
  const derived = await Promise.all(
    summaries.map(async (s) => {
      const out: Record<string, string | null> = {};
      for (const m of MANIFESTS) {
        const section = sectionOf(profiles[s.name], m);
        const summary = s[m.credentials.profileKey] as Record<string, unknown> | null | undefined;
        out[m.id] = section && summary && m.credentials.show.derive ? await (await m.credentials.show.derive())(section, summary) : null;
      }
      return out;
    }),
  );
  await printTable(
    ctx.io,
    profileColumns(),
    summaries.map((s, i) => profileRow(f, s, derived[i]!)),
  );
}
