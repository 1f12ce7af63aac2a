/**
 * A session transcript for people to read (the day's end-to-end tests record every command they
 * run and its output). Written only when PMT_DAY_TRANSCRIPT names a file; tests never depend on it.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { RunResult } from '../helpers/cli.js';

const file = process.env.PMT_DAY_TRANSCRIPT;

export function transcriptTitle(title: string, intro = ''): void {
  if (!file) return;
  if (title.startsWith('# ')) writeFileSync(file, `${title}\n\n${intro}\n`);
  else appendFileSync(file, `\n${title}\n\n${intro ? `${intro}\n\n` : ''}`);
}

export function record(args: string[], r: RunResult, note = ''): RunResult {
  if (!file) return r;
  const line = `$ pmt ${args.map((a) => (/^[\w:./=-]+$/.test(a) ? a : `'${a}'`)).join(' ')}`;
  const out = [r.stdout.trimEnd(), r.stderr.trimEnd() ? `[stderr]\n${r.stderr.trimEnd()}` : ''].filter(Boolean).join('\n');
  appendFileSync(file, `${note ? `${note}\n\n` : ''}\`\`\`console\n${line}\n${out}\n[exit ${r.exitCode}]\n\`\`\`\n\n`);
  return r;
}
