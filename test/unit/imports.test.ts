/**
 * House style's import rules, kept true by a scan of import specifiers per folder; a failure
 * names the offending file and import.
 */
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
  { from: /^render\//, forbid: /^(exchanges\/(?!types)|profiles|commands|serve|context)/, why: 'render only presents' },
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
    const dist = resolve(SRC, '../dist');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      // Static imports only: dynamic import() chunks are loaded by the commands that need them.
      for (const m of text.matchAll(/^import\s[^'"]*?['"](\.\.?\/[^'"]+)['"]/gm)) visit(resolve(file, '..', m[1]!));
    };
    visit(join(dist, 'cli.js'));
    const heavy = /\/\/ node_modules\/(got|conf|cli-table3|@inquirer|viem|fastify|ox|@noble)\//;
    const offenders = [...seen].filter((f) => heavy.test(readFileSync(f, 'utf8'))).map((f) => relative(dist, f));
    expect(offenders).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
  });
});
