// esbuild plugins for scripts/build.mjs that keep work off pmt's start-up and first-request paths.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What a module file exports, seen the way Node sees it: `esm` (an ES module, whose default is
 * its `default` export, if any) or CommonJS (whose default is `module.exports`), and its named
 * exports (for CommonJS, every own key of `module.exports`, which esbuild's interop reads).
 */
export async function moduleShape(file) {
  if (!isEsmFile(file)) {
    const m = createRequire(file)(file);
    return { esm: false, hasDefault: true, names: Object.keys(m).filter((k) => k !== 'default' && isIdentifier(k)) };
  }
  const ns = await import(pathToFileURL(file).href);
  return { esm: true, hasDefault: 'default' in ns, names: Object.keys(ns).filter((k) => k !== 'default' && isIdentifier(k)) };
}

function isEsmFile(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) return JSON.parse(readFileSync(pkg, 'utf8')).type === 'module';
    if (dirname(dir) === dir) return false;
  }
}

/** Resolve `spec` the way esbuild will bundle it (import conditions), skipping our own hooks. */
export async function resolveFile(b, spec, resolveDir, kind) {
  const r = await b.resolve(spec, { resolveDir, kind, pluginData: { pmtSkip: true } });
  if (r.errors.length) throw new Error(`cannot resolve ${spec}: ${r.errors[0].text}`);
  return r.path;
}

const isIdentifier = (k) => /^[A-Za-z_$][\w$]*$/.test(k);

/**
 * Defer optional dependencies inside a vendored package until first use. got, for one, imports
 * http2-wrapper (which loads node:http2 and builds a TLS socket when it is loaded), cacheable-request
 * and cacheable-lookup at the top, yet touches them only for HTTP/2, response caching and DNS
 * caching, none of which pmt turns on. Each listed module is replaced by a stand-in that loads
 * the real one (still bundled) on the first property read, call or `new`, and that lists the
 * real module's export names up front so esbuild's import interop finds them without loading it.
 * Importers must be in Node's module mode (ESM packages, as got is), where the default import of
 * a CommonJS module is the module itself.
 */
export function lazyDependencies(specs) {
  return {
    name: 'pmt-lazy-dependencies',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.namespace === 'pmt-lazy-dep' || args.pluginData?.pmtSkip || !specs.includes(args.path)) return undefined;
        return { path: args.path, namespace: 'pmt-lazy-dep', pluginData: { resolveDir: args.resolveDir, kind: args.kind } };
      });
      b.onLoad({ filter: /.*/, namespace: 'pmt-lazy-dep' }, async (args) => {
        const { resolveDir, kind } = args.pluginData;
        const { esm, names } = await moduleShape(await resolveFile(b, args.path, resolveDir, kind));
        const contents = `
let real;
const load = () => (real ??= require(${JSON.stringify(args.path)}));
const value = () => ${esm ? 'load().default' : 'load()'};
const named = new Set(${JSON.stringify(names)});
module.exports = new Proxy(function () {}.bind(), {
  get: (_t, k) => (named.has(k) ? load()[k] : value()[k]),
  has: (_t, k) => named.has(k) || k in value(),
  ownKeys: () => [...named],
  getOwnPropertyDescriptor: (_t, k) => (named.has(k) ? { configurable: true, enumerable: true, get: () => load()[k] } : undefined),
  apply: (_t, self, a) => Reflect.apply(value(), self, a),
  construct: (_t, a) => Reflect.construct(value(), a),
});`;
        return { contents, loader: 'js', resolveDir };
      });
    },
  };
}

/**
 * Node built-ins pmt's own modules import at the top but use only in some commands, loaded on
 * first use instead: node:crypto (~9M instructions to load) is imported by the signing, order
 * and book-hash modules that every command on an exchange's adapter loads, though only signed
 * requests, orders and live books call it. The stand-in lists the module's export names so
 * esbuild's interop finds them, and reads each from the real module when it is first used.
 */
export function lazyBuiltins(names) {
  const filter = new RegExp(`^(node:)?(${names.join('|')})$`);
  return {
    name: 'pmt-lazy-builtins',
    setup(b) {
      // Static imports only: a dynamic import() is already on first use, and must stay Node's own
      // module (through the stand-in's chunk it would expose only a default export).
      b.onResolve({ filter }, (args) =>
        args.kind !== 'import-statement' || /[\\/]node_modules[\\/]/.test(args.importer) || args.namespace === 'pmt-lazy-builtin' ? undefined : { path: args.path.replace(/^node:/, ''), namespace: 'pmt-lazy-builtin' },
      );
      b.onLoad({ filter: /.*/, namespace: 'pmt-lazy-builtin' }, (args) => {
        const keys = Object.keys(createRequire(import.meta.url)(`node:${args.path}`)).filter(isIdentifier);
        const contents = `
let real;
const load = () => (real ??= require(${JSON.stringify(`node:${args.path}`)}));
const named = ${JSON.stringify(keys)};
const out = {};
for (const k of named) Object.defineProperty(out, k, { enumerable: true, get: () => load()[k] });
module.exports = out;`;
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * commander loads node:child_process at the top for executable subcommands, which pmt does not
 * use; loading it pulls in net, dgram and the stream stack on every start. Defer it.
 */
export const lazyChildProcess = {
  name: 'pmt-lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'pmt-lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'pmt-lazy' }, () => ({
      contents: "let cp; module.exports = new Proxy({}, { get: (_t, k) => (cp ??= require('node:child_process'))[k] });",
      loader: 'js',
    }));
  },
};

/**
 * Edits to vendored sources that keep work out of module load: each `from` must occur exactly once
 * in the file (else the build fails, so an upgraded package is looked at again, never silently
 * left slow or half-patched).
 */
export function patchSources(patches) {
  return {
    name: 'pmt-patch-sources',
    setup(b) {
      for (const p of patches) {
        b.onLoad({ filter: p.file }, (args) => {
          const code = readFileSync(args.path, 'utf8');
          const at = code.indexOf(p.from);
          if (at < 0 || code.indexOf(p.from, at + 1) >= 0) throw new Error(`${args.path}: the text to patch (${p.why}) is not there exactly once; look at the package again`);
          return { contents: code.slice(0, at) + p.to + code.slice(at + p.from.length), loader: 'js' };
        });
      }
    },
  };
}

/**
 * @sindresorhus/is (got's option checks) builds two Intl.ListFormat at load, for the wording of a
 * failed type assertion; the first ListFormat makes V8 build ICU's locale set, ~25% of the
 * instructions of a one-request command that loads got (docs/performance.md). Built on first use.
 */
export const LAZY_LIST_FORMAT = {
  file: /[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/,
  why: 'Intl.ListFormat at load',
  from: "const andFormatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });\nconst orFormatter = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });",
  to: "let andList, orList;\nconst andFormatter = { format: (v) => (andList ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })).format(v) };\nconst orFormatter = { format: (v) => (orList ??= new Intl.ListFormat('en', { style: 'long', type: 'disjunction' })).format(v) };",
};
