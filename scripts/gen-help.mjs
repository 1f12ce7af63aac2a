// Help printed without Commander (scripts/build.mjs calls this). `pmt --help`, `pmt`, and each
// top-level command's help (`pmt markets --help`, `-h`, `pmt help markets`, a group alone) are
// rendered here by the built binary itself, with stdout on a pipe, where Commander lays help out
// at width 80: dist/help/<the arguments>.txt. The entry prints that file for the same arguments
// when stdout is a pipe or a file (src/cli.ts), so those bytes are the tree's own; on a terminal,
// or for any other line, Commander renders as before. test/commands/help-built.test.ts runs every
// file's arguments with and without dist/help and compares.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The file name for a command line's arguments (the entry computes the same). */
export const helpFile = (args) => `${args.join(' ') || 'pmt'}.txt`;

function run(bin, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    p.stdout.on('data', (c) => out.push(c));
    p.stderr.on('data', (c) => err.push(c));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** Writes dist/help/*.txt; returns how many. */
export async function renderHelp(root, dist, programFile) {
  const bin = join(root, 'bin/pmt');
  // The top-level commands of the tree just built, and which of them are groups.
  const list = `require(${JSON.stringify(join(dist, 'cli.cjs'))});require(${JSON.stringify(join(dist, basename(programFile)))}).buildProgram().then((p)=>process.stdout.write(JSON.stringify(p.commands.filter((c)=>!c._hidden).map((c)=>[c.name(),c.commands.length>0]))))`;
  const top = JSON.parse(execFileSync(process.execPath, ['-e', list], { encoding: 'utf8' }));
  const lines = [[], ['--help'], ['-h'], ['help']];
  for (const [name, group] of top) {
    if (!/^[a-z][a-z-]*$/.test(name) || name === 'help') continue;
    lines.push([name, '--help'], [name, '-h'], ['help', name]);
    // A group alone prints its help; any other command alone runs.
    if (group) lines.push([name]);
  }
  // Written aside and moved in at the end: no run here is answered from a file written here.
  const tmp = join(dist, 'help.tmp');
  mkdirSync(tmp);
  let written = 0;
  const queue = [...lines];
  const worker = async () => {
    for (let args = queue.shift(); args; args = queue.shift()) {
      const r = await run(bin, args);
      // Only a clean help run is kept; anything else stays Commander's at run time.
      if (r.code !== 0 || r.stderr !== '' || r.stdout === '') continue;
      writeFileSync(join(tmp, helpFile(args)), r.stdout);
      written++;
    }
  };
  await Promise.all([worker(), worker()]);
  renameSync(tmp, join(dist, 'help'));
  return written;
}
