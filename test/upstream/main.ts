/**
 * Run the upstream doubles standalone (for the README tour and the benchmark):
 *   node .doubles/doubles.js [--kalshi-markets N] [--polymarket-events N]
 * Prints `export PMT_...=...` lines, then serves until killed.
 */
import { startDoubles } from './doubles.js';

const args = process.argv.slice(2);
const num = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const d = await startDoubles({ kalshi: { markets: num('--kalshi-markets') }, polymarket: { events: num('--polymarket-events') } });
for (const [k, v] of Object.entries(d.env)) process.stdout.write(`export ${k}=${v}\n`);
process.stdout.write('# ready\n');
const stop = () => void d.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
