// Placeholder until this command lands.
import type { Context } from '../context.js';
import { PmtError } from '../errors.js';

export async function run(_ctx: Context, _opts: Record<string, unknown>, _args: string[]): Promise<void> {
  throw new PmtError('NotSupported', 'pmt serve is not implemented yet');
}
