/**
 * `pmt doctor [--exchange X] [--json]`: each check with its fix; `--json` per exchange
 * `{"<exchange>": [{check, ok, detail, fix}]}`. Exit 0 when nothing blocks trading, else 9.
 */
import type { Context } from '../../context.js';
import { doctor, doctorFailure } from '../../ops/doctor.js';
import { printDoctor } from '../../render/views/onchain.js';
import { cliInput } from '../input.js';

export async function run(ctx: Context, opts: object = {}, _args: string[] = []): Promise<void> {
  const r = await doctor(ctx, cliInput(ctx, 'doctor', opts));
  if (ctx.json || ctx.ndjson) ctx.io.json(r.exchanges);
  else await printDoctor(ctx.io, r.exchanges as Record<string, never>);
  const failure = doctorFailure(r);
  if (failure) throw failure;
}
