// Bundle pmt with esbuild: one small entry chunk (commander + core) and lazily loaded chunks for
// everything heavy (got, conf, cli-table3, prompts, viem/accounts, fastify), so module resolution
// does not dominate start-up. Also bundles the loopback upstream doubles for the benchmark and
// the README tour (test-only code, written to .doubles/, never published).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const banner = {
  // Bundled CommonJS dependencies (cli-table3, fastify's parts) call require(); give them one.
  js: "import { createRequire as __pmtCreateRequire } from 'node:module'; const require = __pmtCreateRequire(import.meta.url);",
};

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner,
  logLevel: 'warning',
});

rmSync('.doubles', { recursive: true, force: true });
await build({
  entryPoints: { doubles: 'test/upstream/main.ts' },
  outdir: '.doubles',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
