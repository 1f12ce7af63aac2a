/**
 * "Did you mean …?" where Commander does not say it: a mistyped command asked about with
 * `pmt help markt` or `pmt markt --help` (Commander prints the parent's help for those and
 * succeeds). Everywhere else Commander's own suggestion is used.
 */
import type { Command } from 'commander';

/** Edit distance (insert, delete, substitute, swap adjacent), for short command names. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest name, if close enough to be what was meant (or a prefix of it). */
export function closest(word: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const n of names) {
    const dd = n.startsWith(word) && word.length >= 2 ? 0.5 : distance(word, n);
    if (dd < bestD) [best, bestD] = [n, dd];
  }
  return best !== undefined && bestD <= Math.max(1, Math.floor(word.length * 0.4)) ? best : undefined;
}

function unknown(word: string, cmd: Command): string {
  const names = cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const near = closest(word, names);
  return `unknown command '${word}'${near ? ` (Did you mean ${near}?)` : ''}`;
}

/**
 * The usage message for a help request that names a command that does not exist, else undefined.
 * `args` are the user's arguments (without node and the script).
 */
export function unknownHelpTarget(program: Command, args: string[]): string | undefined {
  const wantsHelp = args.includes('--help') || args.includes('-h');
  let cmd = program;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      const flag = a.split('=')[0];
      const opt = [...cmd.options, ...program.options].find((o) => o.long === flag || o.short === flag);
      if (opt && (opt.required || opt.optional) && !a.includes('=')) i++;
      continue;
    }
    if (cmd.commands.length === 0) return undefined;
    if (a === 'help') {
      const target = args.slice(i + 1).find((x) => !x.startsWith('-'));
      return target && !cmd.commands.some((c) => c.name() === target || c.aliases().includes(target)) ? unknown(target, cmd) : undefined;
    }
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) return wantsHelp ? unknown(a, cmd) : undefined;
    cmd = sub;
  }
  return undefined;
}
