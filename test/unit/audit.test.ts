/**
 * The CI dependency audit's offline fallback (scripts/audit.mjs): version ranges, and the
 * lockfile check against scripts/known-bad.json, which the real lockfile passes.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { checkLockfile, satisfies } from '../../scripts/audit.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const KNOWN = JSON.parse(readFileSync(join(ROOT, 'scripts/known-bad.json'), 'utf8')).advisories;

describe('audit fallback', () => {
  it('ranges', () => {
    expect(satisfies('8.17.0', '>=8.0.0 <8.17.1 || >=7.0.0 <7.5.10')).toBe(true);
    expect(satisfies('8.17.1', '>=8.0.0 <8.17.1 || >=7.0.0 <7.5.10')).toBe(false);
    expect(satisfies('7.5.9', '>=8.0.0 <8.17.1 || >=7.0.0 <7.5.10')).toBe(true);
    expect(satisfies('0.24.2', '<=0.24.2')).toBe(true);
    expect(satisfies('0.25.0', '<=0.24.2')).toBe(false);
  });

  it('finds a known-bad version in a lockfile, nested or not', () => {
    const lock = { packages: { '': { name: 'x' }, 'node_modules/ws': { version: '8.17.0' }, 'node_modules/a/node_modules/fastify': { version: '5.3.1' }, 'node_modules/got': { version: '14.4.0' } } };
    const found = checkLockfile(lock, KNOWN) as Array<{ package: string; id: string }>;
    expect(found.map((f) => `${f.package} ${f.id}`).sort()).toEqual(['fastify GHSA-mg2h-6x62-wpwc', 'ws GHSA-3h5v-q93c-6h6q']);
  });

  it("pmt's own lockfile has none of them", () => {
    expect(checkLockfile(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')), KNOWN)).toEqual([]);
  });
});
