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
  { from: /^exchanges\//, forbid: /^(render|commands|analytics|profiles|serve|ops|context|credentials)\b/, why: 'adapters know nothing of presentation, profiles, analytics, ops or the CLI context' },
  { from: /^ops\//, forbid: /^(commands|render|serve)\b/, why: 'ops return models; surfaces present them' },
  { from: /^commands\//, forbid: /^serve\//, why: 'commands and serve never import each other' },
  { from: /^analytics\//, forbid: /^(exchanges\/(?!types)|render|commands|context|profiles|serve)|^node:|^(got|conf|chalk)$/, why: 'analytics are pure' },
  { from: /^render\//, forbid: /^(exchanges\/(?!types|registry)|profiles|commands|serve|context)/, why: 'render only presents (exchange facts come from the registry)' },
  { from: /^serve\//, forbid: /^(render|commands)\//, why: 'serve uses the core, not the CLI' },
  { from: /^mcp\//, forbid: /^(render|commands)\/|^serve\/(?!guard$|operations$)/, why: 'mcp uses the core (serve\'s token rules and its operation list), not the CLI' },
  { from: /^(commands|serve|ops)\//, forbid: /^mcp\//, why: 'pmt mcp is a surface of its own, loaded only by its command' },
  { from: /^serve\//, forbid: /^exchanges\/(kalshi|polymarket)\//, why: 'serve reaches exchanges through ops and the registry' },
  { from: /^models\//, forbid: /^(?!models\/|@sinclair\/typebox$)/, why: 'a model is its definition: TypeBox and the other models (exchange ids from models/exchange-ids.ts, which imports nothing)' },
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

  it('no static import cycle, type-only imports included (dynamic import() is a lazy load, not a cycle)', () => {
    const graph = new Map<string, string[]>();
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      const deps: string[] = [];
      for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) deps.push(target(file, m[1]!));
      graph.set(relative(SRC, file).replace(/\.ts$/, ''), deps);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (n: string, path: string[]): void => {
      if (state.get(n) === 'done') return;
      if (state.get(n) === 'open') {
        cycles.push([...path.slice(path.indexOf(n)), n].join(' → '));
        return;
      }
      state.set(n, 'open');
      for (const d of graph.get(n) ?? []) if (graph.has(d)) visit(d, [...path, n]);
      state.set(n, 'done');
    };
    for (const n of graph.keys()) visit(n, []);
    expect(cycles).toEqual([]);
  });

  it('TypeBox is loaded at run time only by serve and the models (everything else imports models as types)', () => {
    // Runtime edges: static imports and re-exports that are not `import type` / `export type`
    // (an inline `{ type X }` counts as runtime: it is the statement that decides). A dynamic
    // import() is a lazy load (pmt serve's chunk), not a start-up cost.
    const runtime = new Map<string, string[]>();
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      const deps: string[] = [];
      for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+[{*\w])?[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)) {
        if (m[1]) continue;
        deps.push(target(file, (m[2] ?? m[3])!));
      }
      runtime.set(relative(SRC, file).replace(/\.ts$/, ''), deps);
    }
    const TYPEBOX = '@sinclair/typebox';
    const memo = new Map<string, boolean>();
    const loadsTypebox = (n: string): boolean => {
      if (n === TYPEBOX) return true;
      if (memo.has(n)) return memo.get(n)!;
      memo.set(n, false); // a cycle adds nothing
      const r = (runtime.get(n) ?? []).some(loadsTypebox);
      memo.set(n, r);
      return r;
    };
    const allowed = /^(serve|models|mcp)\//;
    const offenders: string[] = [];
    for (const [n, deps] of runtime) {
      if (allowed.test(n)) continue;
      // The edges into TypeBox or a model carrying it; whatever imports the offender then follows.
      for (const d of deps) if ((d === TYPEBOX || d.startsWith('models/')) && loadsTypebox(d)) offenders.push(`${n} imports ${d} at run time, which loads TypeBox (use import type)`);
    }
    expect(offenders).toEqual([]);
    // The check sees what it should: the models and serve do load TypeBox; the value lists do not.
    expect(loadsTypebox('models/market')).toBe(true);
    expect(loadsTypebox('serve/schemas')).toBe(true);
    expect(loadsTypebox('models/enums')).toBe(false);
    expect(loadsTypebox('exchanges/types')).toBe(false);
    expect(loadsTypebox('cli')).toBe(false);
  });

  it('no exchange name is compared outside the exchanges\' own folders and the registry', () => {
    const { EXCHANGE_IDS } = { EXCHANGE_IDS: readdirSync(join(SRC, 'exchanges')).filter((d) => statSync(join(SRC, 'exchanges', d)).isDirectory()) };
    const names = EXCHANGE_IDS.join('|');
    const compare = new RegExp(`(===|!==|==|!=)\\s*['"\`](${names})['"\`]|['"\`](${names})['"\`]\\s*(===|!==|==|!=)|case\\s+['"\`](${names})['"\`]`, 'i');
    const offenders: string[] = [];
    for (const file of files(SRC)) {
      const rel = relative(SRC, file);
      if (new RegExp(`^exchanges/(${names})/`).test(rel) || rel === 'exchanges/registry.ts') continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (compare.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(EXCHANGE_IDS.length).toBeGreaterThanOrEqual(2);
    expect(offenders).toEqual([]);
  });

  it('no exchange name in a regular expression outside the exchanges\' own folders (issue 22)', () => {
    const dirs = readdirSync(join(SRC, 'exchanges')).filter((d) => statSync(join(SRC, 'exchanges', d)).isDirectory());
    const names = dirs.join('|');
    // A regex literal (after an operator, a bracket or a keyword) or a RegExp built from text, naming an exchange.
    const literal = new RegExp(`(?:^|[=(,:!&|?;{}]|return)\\s*\\/(?:[^/\\n\\\\]|\\\\.)*\\b(${names})\\b(?:[^/\\n\\\\]|\\\\.)*\\/[dgimsuy]*`, 'i');
    const built = new RegExp(`RegExp\\([^)]*\\b(${names})\\b`, 'i');
    const offenders: string[] = [];
    for (const file of files(SRC)) {
      const rel = relative(SRC, file);
      if (new RegExp(`^exchanges/(${names})/`).test(rel)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!/^\s*(\/?\*|\/\/)/.test(line) && (literal.test(line) || built.test(line))) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(literal.test("if (/^(kalshi|polymarket):$/i.test(s)) throw")).toBe(true);
    expect(literal.test("const url = 'https://gamma-api.polymarket.com/markets';")).toBe(false);
    expect(offenders).toEqual([]);
  });

  it('the exchange id list the models stand on imports nothing', () => {
    expect(imports(join(SRC, 'models/exchange-ids.ts'))).toEqual([]);
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
