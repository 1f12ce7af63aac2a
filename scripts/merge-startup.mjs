// Fold the chunks every run loads into the files that load them, once (scripts/build.mjs calls
// this).
//
// esbuild's code splitting treats each lazily imported module as an entry of its own, so code an
// entry shares with any of them (errors, manifests, validation, Commander, ...) lands in shared
// chunks, and `pmt --help` used to open, resolve and compile over a dozen files before it printed
// a byte; each costs Node a path resolution, a realpath, a read and a compile wrapper. Here the
// run is seen as stages: the entry (cli.cjs: the version, a completion script, error reporting),
// then the command tree (program.ts), which every other command is reached through. The chunks
// in a stage's static closure that an earlier stage does not already hold move into that stage's
// file as module functions behind a small registry, evaluated on first require, in the order and
// with the cycles CommonJS gives them. Every later file reaches a folded chunk through the file
// that holds it (`require("./<stage>.cjs").__pmtChunk(name)`), so no module is evaluated twice.
//
// Past the stages, a network command opens some twenty more small shared chunks (the per-run
// services and the code every adapter shares), each another resolution, read and compile
// wrapper. A pack gathers such files into one file of module functions and no body of its own:
// loading it compiles them all (lazily, as V8 does any file) and evaluates each only when it is
// first required, exactly when its own file would have been.
//
// Each module function is parenthesised: V8 compiles such a function when it compiles the file
// (each is called on nearly every run that opens the file) instead of pre-parsing it then and
// parsing it again at its first call (book stats: -9M instructions, --help -4M).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const CHUNK_REQUIRE = /require\("\.\/([\w.-]+\.cjs)"\)/g;

/**
 * @param {string} dir       the output directory (dist/)
 * @param {object} metafile  esbuild's metafile of the build
 * @param {string[]} stages  output file names, in the order a run loads them; each later stage
 *                           must be loaded (only) after the earlier ones finished evaluating,
 *                           and every other lazily loaded file only after the last
 * @param {Array<{file: string, with: string[], common?: string[], without?: string[]}>} packs  files
 *                           to create, each holding the outputs of the `with` entry points (source
 *                           paths) and their static closures, and the chunks the closures of all
 *                           `common` entry points share; nothing a stage holds, nor anything in
 *                           the static closure of the `without` outputs (file names: what is
 *                           loaded before, or without, the pack, such as a group's definitions)
 * @returns {string[]} the chunk files folded in (and removed from dir)
 */
export function foldStages(dir, metafile, stages, packs = []) {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).map(([k, v]) => [basename(k), v]));
  /** folded chunk → the stage file that holds it */
  const owner = new Map();
  const held = (name) => stages.includes(name) || owner.has(name);
  const foldedBy = stages.map((stage) => {
    const mine = [];
    const queue = [stage];
    while (queue.length) {
      for (const i of outputs[queue.pop()]?.imports ?? []) {
        const dep = basename(i.path);
        if (i.kind !== 'import-statement' || i.external || held(dep)) continue;
        owner.set(dep, stage);
        mine.push(dep);
        queue.push(dep);
      }
    }
    return mine.sort();
  });

  const byEntry = (src) => {
    const f = Object.entries(outputs).find(([, o]) => o.entryPoint === src)?.[0];
    if (!f) throw new Error(`no output has the entry point ${src}`);
    return f;
  };
  const closure = (name) => {
    const out = new Set([name]);
    const queue = [name];
    while (queue.length) {
      for (const i of outputs[queue.pop()]?.imports ?? []) {
        const dep = basename(i.path);
        if (i.kind !== 'import-statement' || i.external || out.has(dep)) continue;
        out.add(dep);
        queue.push(dep);
      }
    }
    return out;
  };
  const packed = packs.map((p) => {
    const members = new Set(p.with.flatMap((src) => [...closure(byEntry(src))]));
    if (p.common?.length) {
      const [first, ...rest] = p.common.map((src) => closure(byEntry(src)));
      for (const c of first) if (rest.every((r) => r.has(c)) && !p.common.some((src) => byEntry(src) === c)) members.add(c);
    }
    const before = new Set((p.without ?? []).flatMap((f) => [...closure(f)]));
    const mine = [...members].filter((c) => !held(c) && !before.has(c)).sort();
    for (const c of mine) owner.set(c, p.file);
    return mine;
  });

  /** Requires of folded chunks, as seen from a file held by (or being) `stage`. */
  const relink = (code, stage) =>
    code.replace(CHUNK_REQUIRE, (whole, dep) => {
      const at = owner.get(dep);
      if (!at) return whole;
      return at === stage ? `__pmtRequire(${JSON.stringify(dep)})` : `require("./${at}").__pmtChunk(${JSON.stringify(dep)})`;
    });

  stages.forEach((stage, k) => {
    const mine = foldedBy[k];
    if (mine.length === 0 && k === 0) return;
    const modules = mine.map((name) => `${JSON.stringify(name)}:(function(module,exports,require){${relink(readFileSync(join(dir, name), 'utf8'), stage)}\n})`);
    writeFileSync(
      join(dir, stage),
      [
        `var __pmtModules={${modules.join(',')}},__pmtCache={};`,
        // One evaluation per chunk; a cycle sees the partial exports, as require gives it.
        `function __pmtRequire(name){var m=__pmtCache[name];if(m)return m.exports;m=__pmtCache[name]={exports:{}};__pmtModules[name].call(m.exports,m,m.exports,require);return m.exports}`,
        `(function(){${relink(readFileSync(join(dir, stage), 'utf8'), stage)}\n})();`,
        `Object.defineProperty(module.exports,"__pmtChunk",{value:__pmtRequire});`,
      ].join('\n'),
    );
  });

  packs.forEach((p, k) => {
    const modules = packed[k].map((name) => `${JSON.stringify(name)}:(function(module,exports,require){${relink(readFileSync(join(dir, name), 'utf8'), p.file)}\n})`);
    writeFileSync(
      join(dir, p.file),
      [
        `var __pmtModules={${modules.join(',')}},__pmtCache={};`,
        `function __pmtRequire(name){var m=__pmtCache[name];if(m)return m.exports;m=__pmtCache[name]={exports:{}};__pmtModules[name].call(m.exports,m,m.exports,require);return m.exports}`,
        `Object.defineProperty(module.exports,"__pmtChunk",{value:__pmtRequire});`,
      ].join('\n'),
    );
  });

  for (const name of Object.keys(outputs)) {
    if (held(name) || !name.endsWith('.cjs')) continue;
    const file = join(dir, name);
    const code = readFileSync(file, 'utf8');
    const next = relink(code, undefined);
    if (next !== code) writeFileSync(file, next);
  }
  for (const name of owner.keys()) rmSync(join(dir, name));
  return [...owner.keys()];
}
