// Build pmt for fast start-up (docs/performance.md has the measurements behind each choice).
//
// dist/cli.cjs + dist/*.cjs  pmt's own code with commander and chalk, split by esbuild into an
//        entry (the command tree, errors, context) and chunks that each command loads when it
//        runs. CommonJS, not ES modules: an ES-module entry makes Node set up its ESM loader, a
//        sizeable share of a bare `node -e 0`, before any of our code runs. esbuild splits only ES
//        modules, so the build splits as ESM and then turns every output into CommonJS in place
//        (imports between chunks become requires; no ES module is ever loaded at run time).
// dist/vendor/*.cjs  every other package (got, conf, cli-table3, @inquirer/prompts, viem/accounts,
//        fastify, ...), split the same way, one entry per import specifier (shared code such as
//        viem's lives in shared chunks). pmt's code reaches each through a generated module that
//        requires the entry when the importing code runs, with the default and named exports
//        Node's own `import` would give.
// No V8 code caches are shipped (see bin/pmt): Node 22+ keeps its own, checked against the source.
// .doubles/  the loopback upstream doubles (test-only, never published): `doubles.js` runs them
//        (README tour), `lib.js` exports startDoubles (the benchmark).
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAZY_LIST_FORMAT, lazyBuiltins, lazyChildProcess, lazyDependencies, moduleShape, patchSources, resolveFile } from './build-plugins.mjs';
import { foldStages } from './merge-startup.mjs';
import { renderHelp } from './gen-help.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entries = join(root, '.build', 'vendor-entries');

/** Small packages bundled into pmt's own chunks (used on hot paths, cheap to parse). */
const CORE_PACKAGES = new Set(['commander', 'chalk']);
/** Optional dependencies inside vendored packages, loaded on first use (see lazyDependencies). */
const LAZY_INSIDE = ['http2-wrapper', 'cacheable-request', 'cacheable-lookup'];

const isBuiltin = (s) => s.startsWith('node:') || builtinModules.includes(s.split('/')[0]);
const packageOf = (s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
const slug = (s) => s.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-');

rmSync(dist, { recursive: true, force: true });
rmSync(join(root, '.build'), { recursive: true, force: true });
mkdirSync(entries, { recursive: true });

/** Vendored specifier → its shape as Node's `import` sees it. */
const vendored = new Map();

/**
 * Bare imports of non-core packages in pmt's own code become a generated module that requires
 * ./vendor/<slug>.cjs (every output of the core sits in dist/, so the path holds from any chunk).
 */
const vendorPlugin = {
  name: 'pmt-vendor',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, async (args) => {
      if (args.namespace === 'pmt-vendor' || args.pluginData?.pmtSkip || isBuiltin(args.path)) return undefined;
      // Only pmt's own imports: inside a core package, its dependencies resolve normally.
      if (/[\\/]node_modules[\\/]/.test(args.importer) || CORE_PACKAGES.has(packageOf(args.path))) return undefined;
      if (!vendored.has(args.path)) vendored.set(args.path, await moduleShape(await resolveFile(b, args.path, args.resolveDir, args.kind)));
      return { path: args.path, namespace: 'pmt-vendor' };
    });
    b.onResolve({ filter: /^\.\/vendor\//, namespace: 'pmt-vendor' }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'pmt-vendor' }, (args) => {
      const { hasDefault, names } = vendored.get(args.path);
      const lines = [`const m = require(${JSON.stringify(`./vendor/${slug(args.path)}.cjs`)});`];
      if (hasDefault) lines.push('export default m.default;');
      if (names.length) lines.push(`export const { ${names.join(', ')} } = m;`);
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

// Whitespace and syntax minification cut parse time; identifiers stay, so `--verbose` stack
// traces still name the functions.
const minify = { minifyWhitespace: true, minifySyntax: true, legalComments: 'none', target: 'node20' };

/**
 * A module's exports object as esbuild's ES-module-to-CommonJS step builds it, minus a copy: it
 * writes `module.exports = __toCommonJS(ns)`, a second object whose every property is a getter
 * reading `ns[key]` (itself a getter of the live binding). That getter is one function for every
 * key of every module, so each call across chunks (a listing's mapping calls `num`, `text`,
 * `isoTime`… thousands of times a page) goes through a megamorphic keyed load that the optimizer
 * cannot inline: about 5% of the instructions of `markets list --all`. `ns` itself, marked as an
 * ES module the same way, has the same names, the same live bindings and one getter per name.
 */
function directExports(code) {
  return code.replace(/module\.exports=__toCommonJS\((\w+)\)/g, (_, ns) => `module.exports=(__defProp(${ns},"__esModule",{value:!0}),${ns})`);
}

/** Bundle and split as ES modules named .cjs, then rewrite each output as CommonJS in place. */
async function splitCommonJS(options) {
  const result = await build({
    ...minify,
    ...options,
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.cjs' },
    logLevel: 'warning',
    metafile: true,
  });
  const files = Object.keys(result.metafile.outputs).map((f) => join(root, f));
  for (const file of files) {
    // Dynamic imports of chunks become requires: no ES-module loader at run time. Top-level
    // await or import.meta (which CommonJS cannot express) fail the build here, loudly.
    const out = await transform(readFileSync(file, 'utf8'), { ...minify, format: 'cjs', loader: 'js', supported: { 'dynamic-import': false }, logOverride: { 'empty-import-meta': 'error' } });
    if (/\bimport\(/.test(out.code)) throw new Error(`${file} still has a dynamic import()`);
    writeFileSync(file, directExports(out.code));
  }
  return { files, metafile: result.metafile };
}

const core = await splitCommonJS({ entryPoints: { cli: join(root, 'src/cli.ts') }, outdir: dist, plugins: [vendorPlugin, lazyChildProcess, lazyBuiltins(['crypto'])] });
// PMT_BUILD_META=<file>: esbuild's metafile of pmt's own code, before folding (to study what loads what).
if (process.env.PMT_BUILD_META) writeFileSync(process.env.PMT_BUILD_META, JSON.stringify(core.metafile));
// The chunks every run loads become part of the entry and of the command tree's file
// (scripts/merge-startup.mjs says why).
const programFile = Object.entries(core.metafile.outputs).find(([, o]) => o.entryPoint === 'src/program.ts')?.[0];
if (!programFile) throw new Error('no output for src/program.ts: is it still imported lazily by src/cli.ts?');
// Past the stages, what every network command opens (the per-run services, and the code all
// adapters share) is one file (dist/net.cjs); not what a group's definitions load (`pmt markets
// list --help` reads no adapter code).
// Every exchange folder with a manifest (src/exchanges/registry.ts lists them): a new exchange gets
// its pack without a line here.
const ADAPTERS = readdirSync(join(root, 'src/exchanges'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'src/exchanges', d.name, 'manifest.ts')))
  .map((d) => `src/exchanges/${d.name}/index.ts`)
  .sort();
const groups = core.metafile.outputs[programFile].imports
  .filter((i) => i.kind === 'dynamic-import' && !i.external && core.metafile.outputs[i.path]?.entryPoint?.startsWith('src/commands/'))
  .map((i) => basename(i.path));
// Each adapter, with what only it (and its lazily loaded concerns) uses, is one file too.
const outputOf = (src) => basename(Object.entries(core.metafile.outputs).find(([, o]) => o.entryPoint === src)[0]);
const packs = [
  { file: 'net.cjs', with: ['src/context.ts'], common: ADAPTERS, without: groups },
  ...ADAPTERS.map((a) => ({ file: `adapter-${a.split('/')[2]}.cjs`, with: [a], without: [...groups, ...ADAPTERS.filter((b) => b !== a).map(outputOf)] })),
  { file: 'verbs.cjs', with: ['src/commands/op-run.ts'], without: groups },
];
const folded = foldStages(dist, core.metafile, ['cli.cjs', basename(programFile)], packs);
const coreFiles = core.files.filter((f) => !folded.includes(basename(f)));

// Vendored packages: one entry per specifier that re-exports what Node's import exposes. An ES
// module's names are known statically; a CommonJS module's are its module.exports keys, listed.
const vendorEntries = {};
for (const [spec, { esm, hasDefault, names }] of vendored) {
  const entry = join(entries, `${slug(spec)}.mjs`);
  const s = JSON.stringify(spec);
  const text = esm
    ? `export * from ${s};\n${hasDefault ? `export { default } from ${s};\n` : ''}`
    : `import m from ${s};\nexport default m;\n${names.length ? `export const { ${names.join(', ')} } = m;\n` : ''}`;
  writeFileSync(entry, text);
  vendorEntries[slug(spec)] = entry;
}
const vendorFiles = vendored.size
  ? (await splitCommonJS({ entryPoints: vendorEntries, outdir: join(dist, 'vendor'), nodePaths: [join(root, 'node_modules')], plugins: [lazyDependencies(LAZY_INSIDE), patchSources([LAZY_LIST_FORMAT])] })).files
  : [];
rmSync(join(root, '.build'), { recursive: true, force: true });
// Each vendor entry must expose what the generated modules read.
for (const [spec, { hasDefault, names }] of vendored) {
  const m = createRequire(join(dist, 'cli.cjs'))(`./vendor/${slug(spec)}.cjs`);
  const missing = names.filter((n) => !(n in m));
  if (hasDefault && m.default === undefined) missing.unshift('default');
  if (missing.length) throw new Error(`the vendor bundle for ${spec} lacks ${missing.join(', ')}`);
}

// `pmt completion <shell>` prints these (shells run it at every start): generated here by the
// command itself, from the tree just built, before the files exist.
mkdirSync(join(dist, 'completion'));
for (const shell of ['bash', 'zsh', 'fish']) {
  const script = execFileSync(process.execPath, [join(root, 'bin/pmt'), 'completion', shell], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
  writeFileSync(join(dist, 'completion', `pmt.${shell}`), script);
}

// `pmt --help` and each top-level command's help, rendered by the binary into dist/help/ (gen-help.mjs).
const helpTexts = await renderHelp(root, dist, programFile);

rmSync(join(root, '.doubles'), { recursive: true, force: true });
await build({
  entryPoints: { doubles: join(root, 'test/upstream/main.ts'), lib: join(root, 'test/upstream/doubles.ts') },
  outdir: join(root, '.doubles'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

// The summary comes last, and a reader that stops early (`npm run build | head -1`) is no error:
// an EPIPE on this status line must not kill the build half way (it used to, mid-doubles).
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
});
const kib = (f) => `${(statSync(f).size / 1024).toFixed(0)} KiB`;
process.stdout.write(
  `dist/cli.cjs ${kib(join(dist, 'cli.cjs'))} (${folded.length} shared chunks folded in) + ${coreFiles.length - 1} chunks on demand; ${helpTexts} help texts; vendored (${vendorFiles.length} files): ${[...vendored.keys()].join(', ') || 'none'}\n`,
);
