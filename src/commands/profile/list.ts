/** `pmt profile list`: every profile, the active one marked; metadata only, secrets masked. */
import type { Context } from '../../context.js';
import { Formatter } from '../../render/format.js';
import { printTable } from '../../render/table.js';
import { PROFILE_HEADERS, profileRow } from '../../render/views/profiles.js';
import { profileSummary } from './summary.js';
import { signerAddress } from './fields.js';

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
  // Funds without a funder sit at the signer's address: show it (public), not a placeholder.
  const signers = await Promise.all(
    summaries.map(async (s) => {
      const key = profiles[s.name]?.polymarket?.private_key;
      if (!key || s.polymarket?.funder) return null;
      return signerAddress(key).catch(() => null);
    }),
  );
  await printTable(
    ctx.io,
    PROFILE_HEADERS.map((header) => ({ header, flex: header === 'KALSHI KEY', id: header === 'POLYMARKET FUNDS AT' })),
    summaries.map((s, i) => profileRow(f, s, signers[i] ?? null)),
  );
}
