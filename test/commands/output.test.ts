/**
 * No stray escape code, whatever the command and however it ends: piped output (and errors) carry
 * no ANSI at all; NO_COLOR / --no-color / TERM=dumb on a terminal carry no colour; --json carries
 * none even with FORCE_COLOR on a terminal. Runs every command against the loopback doubles
 * without credentials, so each either prints data or fails with its one-line error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

// eslint-disable-next-line no-control-regex
const ANY_ESCAPE = /[\u001b\u009b]/;
// eslint-disable-next-line no-control-regex
const COLOUR = /\u001b\[[0-9;]*m/;

const K = 'KXTEST-25Q4-CONTRACT';
const INVOCATIONS: string[][] = [
  [],
  ['--help'],
  ['order', 'create', '--help'],
  ['markets'],
  ['markets', 'list'],
  ['markets', 'list', '--exchange', 'kalshi', '--all', '--limit', '100'],
  ['markets', 'list', '--exchange', 'polymarket', '--limit', '5'],
  ['markets', 'lineage', `kalshi:${K}`],
  ['book', 'show', K],
  ['book', 'stats', K],
  ['book', 'impact', K, '--size', '10'],
  ['order', 'list'],
  ['order', 'get', '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c'],
  ['order', 'cancel-all', '--yes'],
  ['profile', 'list'],
  ['profile', 'show'],
  ['exchanges'],
  ['exchanges', '--check'],
  ['completion', 'fish'],
  ['markt'],
  ['markets', 'list', '--status', 'open'],
];

let doubles: Doubles;
let env: Record<string, string>;
beforeAll(async () => {
  doubles = await startDoubles({ kalshi: { markets: 250 } });
  env = { ...doubles.env, PMT_CONFIG_DIR: tempConfigDir(), TZ: 'UTC' };
});
afterAll(async () => {
  await doubles.close();
});

const name = (args: string[]) => `pmt ${args.join(' ')}`.trim();

describe('piped: no escape code at all, on stdout or stderr', () => {
  it.each(INVOCATIONS.map((a) => [name(a), a] as const))('%s', async (_n, args) => {
    const r = await runInProcess(args, { env });
    expect(r.stdout, 'stdout').not.toMatch(ANY_ESCAPE);
    expect(r.stderr, 'stderr').not.toMatch(ANY_ESCAPE);
    // Whatever happened, a failure is one line.
    if (r.exitCode !== 0) expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  });
});

describe('a terminal without colour: NO_COLOR, --no-color, TERM=dumb', () => {
  const modes: Array<[string, Record<string, string>, string[]]> = [
    ['NO_COLOR=1', { NO_COLOR: '1' }, []],
    ['--no-color', {}, ['--no-color']],
    ['TERM=dumb', { TERM: 'dumb' }, []],
  ];
  const cases = modes.flatMap(([label, extra, flags]) => INVOCATIONS.map((args) => [`${label}: ${name(args)}`, extra, [...flags, ...args]] as const));
  it.each(cases)('%s', async (_label, extra, args) => {
    const r = await runInProcess([...args], { env: { ...env, PMT_FORCE_TTY: '120', ...extra } });
    expect(r.stdout, 'stdout').not.toMatch(COLOUR);
    expect(r.stderr, 'stderr').not.toMatch(COLOUR);
    // A dumb terminal cannot erase a line: no progress redraws either.
    if (extra.TERM === 'dumb') expect(r.stderr).not.toMatch(ANY_ESCAPE);
  });
});

describe('--json: data only, even on a terminal with FORCE_COLOR', () => {
  // Help (including a bare group) and completion scripts are text by nature.
  const data = INVOCATIONS.filter((a) => a.length > 1 && !a.includes('--help') && a[0] !== 'completion');
  it.each(data.concat([['exchanges'], ['markt']]).map((a) => [name(a), a] as const))(
    '%s',
    async (_n, args) => {
      const r = await runInProcess(['--json', ...args], { env: { ...env, PMT_FORCE_TTY: '120', FORCE_COLOR: '1' } });
      expect(r.stdout + r.stderr).not.toMatch(ANY_ESCAPE);
      if (r.exitCode === 0) expect(() => JSON.parse(r.stdout)).not.toThrow();
      else {
        expect(r.stdout).toBe('');
        expect(JSON.parse(r.stderr)).toEqual({ kind: expect.any(String), message: expect.any(String) });
      }
    },
  );
});

describe('colour where it means something', () => {
  it('an error is red on a colour terminal', async () => {
    const r = await runInProcess(['markt'], { env: { ...env, PMT_FORCE_TTY: '120' } });
    expect(r.stderr).toMatch(/^\u001b\[31merror\u001b\[39m: /);
  });

  it('credential status is coloured on a colour terminal', async () => {
    const r = await runInProcess(['exchanges'], { env: { ...env, PMT_FORCE_TTY: '120' } });
    expect(r.stdout).toMatch(COLOUR);
  });
});
