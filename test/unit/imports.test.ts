/**
 * House style's import rules, kept true by a scan of import specifiers per folder; a failure
 * names the offending file and import.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1] ?? m[2]!);
  return out;
}

/** Resolved import target relative to src/, or the package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return relative(SRC, resolve(file, '..', spec)).replace(/\.js$/, '');
}

const RULES: Array<{ from: RegExp; forbid: RegExp; why: string }> = [
  { from: /^commands\//, forbid: /^exchanges\/(kalshi|polymarket)\//, why: 'commands reach adapters through the context' },
  { from: /^exchanges\//, forbid: /^(render|commands|analytics|profiles|serve)\b/, why: 'adapters know nothing of presentation, profiles or analytics' },
  { from: /^analytics\//, forbid: /^(exchanges\/(?!types)|render|commands|context|profiles|serve)|^node:|^(got|conf|chalk)$/, why: 'analytics are pure' },
  { from: /^render\//, forbid: /^(exchanges\/(?!types|registry)|profiles|commands|serve|context)/, why: 'render only presents (exchange facts come from the registry)' },
  { from: /^serve\//, forbid: /^(render|commands)\//, why: 'serve uses the core, not the CLI' },
];

describe('import boundaries', () => {
  it('every module imports only what its layer may', () => {
    const violations: string[] = [];
    for (const file of files(SRC)) {
      const rel = relative(SRC, file);
      for (const spec of imports(file)) {
        const t = target(file, spec);
        for (const r of RULES) if (r.from.test(rel) && r.forbid.test(t)) violations.push(`${rel} imports ${spec} (${r.why})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the start-up bundle does not load heavy packages (checked on dist/, run after the build)', () => {
    // dist/cli.cjs holds pmt's code, commander and chalk; every other package is a separate
    // dist/vendor/*.cjs bundle required only when the code importing it runs (scripts/build.mjs).
    const script = `require(${JSON.stringify(resolve(SRC, '../dist/cli.cjs'))}).main(['node', 'pmt', '--help']).then(() => process.stderr.write(JSON.stringify(Object.keys(require.cache))))`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const files = JSON.parse(r.stderr) as string[];
    expect(files.filter((f) => /[\\/](vendor|node_modules)[\\/]/.test(f))).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
  });
});
