// Build pmt for fast start-up (docs/performance.md has the measurements behind each choice).
//
// dist/cli.cjs       pmt's own code, commander and chalk in ONE CommonJS file. CommonJS because an
//                    ES-module entry makes Node set up its ESM loader (several ms, a sizeable share
//                    of a bare `node -e 0`) before any of our code runs, and `pmt --version` must stay
//                    within 1.5x of bare Node. Modules reached only through `import()` are wrapped
//                    by esbuild in lazy initialisers: parsed cheaply, run only when a command needs
//                    them.
// dist/vendor/*.cjs  every other package (got, conf, cli-table3, @inquirer/prompts, viem/accounts,
//                    fastify, ...), one bundle per import specifier, converted to CommonJS. The core
//                    reaches each through a small generated module that requires the bundle when
//                    (and only when) the importing code runs, with the default and named exports
//                    Node's own `import` would give. The core never contains their code.
// .doubles/          the loopback upstream doubles (test-only, never published): `doubles.js` runs
//                    them (README tour), `lib.js` exports startDoubles (the benchmark).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { builtinModules, createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyChildProcess, lazyDependencies, moduleShape, resolveFile } from './build-plugins.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entries = join(root, '.build', 'vendor-entries');

/** Small packages bundled straight into the core (used on hot paths, cheap to parse). */
const CORE_PACKAGES = new Set(['commander', 'chalk']);
/** Optional dependencies of vendored packages, loaded on first use (see lazyDependencies). */
const LAZY_INSIDE = { got: ['http2-wrapper', 'cacheable-request', 'cacheable-lookup'] };

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
 * ./vendor/<slug>.cjs. Static or dynamic, the require runs when the importing module initialises.
 */
const vendorPlugin = {
  name: 'pmt-vendor',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, async (args) => {
      // Only pmt's own imports: inside a core package, its dependencies resolve normally.
      if (args.namespace === 'pmt-vendor' || args.pluginData?.pmtSkip || isBuiltin(args.path)) return undefined;
      if (/[\\/]node_modules[\\/]/.test(args.importer) || CORE_PACKAGES.has(packageOf(args.path))) return undefined;
      if (!vendored.has(args.path)) vendored.set(args.path, await moduleShape(await resolveFile(b, args.path, args.resolveDir, args.kind)));
      return { path: args.path, namespace: 'pmt-vendor' };
    });
    b.onResolve({ filter: /^\.\/vendor\//, namespace: 'pmt-vendor' }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'pmt-vendor' }, async (args) => {
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
const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning', minifyWhitespace: true, minifySyntax: true };

const core = await build({
  ...common,
  entryPoints: [join(root, 'src/cli.ts')],
  outfile: join(dist, 'cli.cjs'),
  format: 'cjs',
  plugins: [vendorPlugin, lazyChildProcess],
  metafile: true,
});

// One CommonJS bundle per vendored specifier, from an entry that re-exports what Node's import
// exposes; then a check that the bundle really has every export the core reads.
for (const [spec, { hasDefault, names }] of vendored) {
  const entry = join(entries, `${slug(spec)}.mjs`);
  writeFileSync(entry, `export * from ${JSON.stringify(spec)};\n${hasDefault ? `export { default } from ${JSON.stringify(spec)};\n` : ''}`);
  await build({
    ...common,
    entryPoints: [entry],
    outfile: join(dist, 'vendor', `${slug(spec)}.cjs`),
    format: 'cjs',
    nodePaths: [join(root, 'node_modules')],
    plugins: [lazyDependencies(LAZY_INSIDE[spec] ?? [])],
    // A package that needs import.meta or top-level await cannot become CommonJS: fail loudly.
    logOverride: { 'empty-import-meta': 'error' },
  });
  const m = createRequire(join(dist, 'cli.cjs'))(`./vendor/${slug(spec)}.cjs`);
  const missing = names.filter((n) => !(n in m));
  if (hasDefault && m.default === undefined) missing.unshift('default');
  if (missing.length) throw new Error(`the vendor bundle for ${spec} lacks ${missing.join(', ')}`);
}
rmSync(join(root, '.build'), { recursive: true, force: true });

// The core is loaded through vm.Script on Node < 22 (bin/pmt), which has no ES-module loader.
const coreFile = join(dist, 'cli.cjs');
if (/\bimport\(/.test(readFileSync(coreFile, 'utf8'))) throw new Error('dist/cli.cjs has a dynamic import(); vendor it instead');
// A build id at the end of every bundle ties the code caches below to this exact build.
const buildId = `\n//pmt-build:${randomBytes(8).toString('hex')}\n`;
for (const f of [coreFile, ...[...vendored.keys()].map((spec) => join(dist, 'vendor', `${slug(spec)}.cjs`))]) appendFileSync(f, buildId);
// V8 code caches for Node < 22 (bin/pmt reads them; Node 22+ keeps its own): made by one real run.
if (typeof Module.enableCompileCache !== 'function') {
  const r = spawnSync(process.execPath, [join(root, 'bin/pmt'), '--help'], { env: { ...process.env, PMT_BUILD_CODE_CACHE: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`pmt --help failed while making the code cache (exit ${r.status})`);
}

const coreBytes = Object.values(core.metafile.outputs)[0].bytes;
process.stdout.write(`dist/cli.cjs ${(coreBytes / 1024).toFixed(0)} KiB; vendored: ${[...vendored.keys()].join(', ') || '(none)'}\n`);

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
