// Fold the chunks every run loads into the entry file, once (scripts/build.mjs calls this).
//
// esbuild's code splitting treats each lazily imported command as an entry of its own, so code
// the entry shares with any of them (errors, profiles, manifests, validation, ...) lands in shared
// chunks, and `pmt --version` used to open, resolve and compile thirteen files before it printed a
// byte. Each file costs Node a path resolution, a realpath, a read and a compile wrapper. Here
// the chunks in the entry's static closure move into the entry as module functions behind a
// small registry, evaluated on first require, in the order and with the cycles CommonJS gives
// them; the lazy chunks that share them reach the same instances through the entry
// (`require("./cli.cjs").__pmtChunk(name)`), so no module is ever evaluated twice.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const CHUNK_REQUIRE = /require\("\.\/([\w.-]+\.cjs)"\)/g;

/**
 * @param {string} dir      the output directory (dist/)
 * @param {object} metafile esbuild's metafile of the core build
 * @param {string} entry    the entry's output file name (cli.cjs)
 * @returns {string[]} the chunk files folded in (and removed from dir)
 */
export function mergeStartupChunks(dir, metafile, entry) {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).map(([k, v]) => [basename(k), v]));
  // The static closure of the entry: what loads before main() can run.
  const startup = new Set();
  const queue = [entry];
  while (queue.length) {
    const name = queue.pop();
    for (const i of outputs[name]?.imports ?? []) {
      const dep = basename(i.path);
      if (i.kind !== 'import-statement' || i.external || startup.has(dep)) continue;
      startup.add(dep);
      queue.push(dep);
    }
  }
  if (startup.size === 0) return [];

  const local = (code) =>
    code.replace(CHUNK_REQUIRE, (whole, dep) => (startup.has(dep) ? `__pmtRequire(${JSON.stringify(dep)})` : whole));
  const modules = [...startup]
    .sort()
    .map((name) => `${JSON.stringify(name)}:function(module,exports,require){${local(readFileSync(join(dir, name), 'utf8'))}\n}`);
  const entryCode = local(readFileSync(join(dir, entry), 'utf8'));
  const merged = [
    `var __pmtModules={${modules.join(',')}},__pmtCache={};`,
    // One evaluation per chunk; a cycle sees the partial exports, as require gives it.
    `function __pmtRequire(name){var m=__pmtCache[name];if(m)return m.exports;m=__pmtCache[name]={exports:{}};__pmtModules[name].call(m.exports,m,m.exports,require);return m.exports}`,
    `(function(){${entryCode}\n})();`,
    `Object.defineProperty(module.exports,"__pmtChunk",{value:__pmtRequire});`,
  ].join('\n');
  writeFileSync(join(dir, entry), merged);

  // Every other output reaches a folded chunk through the entry (already loaded by then: only
  // lazy code requires these, and it runs after the entry has finished evaluating).
  for (const name of Object.keys(outputs)) {
    if (name === entry || startup.has(name) || !name.endsWith('.cjs')) continue;
    const file = join(dir, name);
    const code = readFileSync(file, 'utf8');
    const next = code.replace(CHUNK_REQUIRE, (whole, dep) =>
      startup.has(dep) ? `require("./${entry}").__pmtChunk(${JSON.stringify(dep)})` : whole,
    );
    if (next !== code) writeFileSync(file, next);
  }
  for (const name of startup) rmSync(join(dir, name));
  return [...startup];
}
