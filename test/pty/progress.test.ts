/**
 * The progress line in a real terminal (tmux): `pmt markets list --all` against a slow upstream
 * shows "fetching markets: N pages, M markets" on the terminal while it pages, then erases it
 * before the table; piped or with --json, no progress and no escape code ever reach the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { hasTmux, Terminal } from './tmux.js';

const PMT = resolve(import.meta.dirname, '../../bin/pmt');
const PROGRESS = /fetching markets: (\d+) pages?, ([\d,]+) markets/;
// eslint-disable-next-line no-control-regex
const ESC = /\u001b/;

let doubles: Doubles;
let env: Record<string, string>;
/** Why these tests cannot run here (no tmux, or no Kalshi market data in this build), if so. */
let unavailable: string | undefined;

beforeAll(async () => {
  if (!hasTmux()) {
    unavailable = 'tmux is not installed';
    return;
  }
  doubles = await startDoubles({ kalshi: { markets: 300 } });
  env = { ...doubles.env, PMT_CONFIG_DIR: tempConfigDir() };
  const probe = await runPmt(['markets', 'list', '--exchange', 'kalshi', '--limit', '1', '--json'], { env });
  if (probe.exitCode === 10) unavailable = 'the Kalshi markets adapter is not in this build yet (fetch_markets: NotSupported)';
});

afterAll(async () => {
  await doubles?.close();
});

/** A terminal 100x30 and a slow upstream: every page of markets takes a while to arrive. */
async function slowTerminal(): Promise<Terminal> {
  doubles.kalshi.double.clearFaults();
  doubles.kalshi.double.inject({ kind: 'delay', ms: 150 }, { times: 1000, method: 'GET', path: /^\/markets\/?$/ });
  const term = new Terminal({ cols: 100, rows: 30, env });
  await term.start();
  return term;
}

async function finished(term: Terminal): Promise<{ screen: string; raw: string; exit: number }> {
  const screen = await term.waitFor((s) => /EXIT=\d+/.test(s), 'the command finishing');
  // pipe-pane hands bytes to its logger asynchronously: wait until the log has caught up too.
  const end = Date.now() + 10_000;
  while (!/EXIT=\d+/.test(term.raw()) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return { screen, raw: term.raw(), exit: Number(/EXIT=(\d+)/.exec(screen)![1]) };
}

describe('progress line in a real terminal', () => {
  it('appears while --all pages, then disappears before the table', async (ctx) => {
    if (unavailable) return ctx.skip(unavailable);
    const term = await slowTerminal();
    try {
      await term.type(`${PMT} markets list --exchange kalshi --all --limit 20; echo EXIT=$?`);
      // Appears: a person sees pages and markets counted up while it works.
      const during = await term.waitFor((s) => PROGRESS.test(s), 'a progress line');
      const [, pages] = PROGRESS.exec(during)!;
      expect(Number(pages)).toBeGreaterThanOrEqual(1);
      const { screen, raw, exit } = await finished(term);
      expect(exit).toBe(0);
      // Disappears: nothing of it is left on the screen or in the scrollback.
      expect(screen).not.toMatch(PROGRESS);
      expect(screen).toMatch(/^\S.*\bSTATUS\b.*\bBID\b/m); // the table's header
      // It was drawn in place (carriage return + erase line) and erased before the table.
      const frames = raw.match(/\r\u001b\[2K(?:\u001b\[36m)?[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏](?:\u001b\[39m)? fetching markets: \d+ pages?, [\d,]+ markets/g) ?? [];
      expect(frames.length).toBeGreaterThanOrEqual(2);
      const lastFrame = raw.lastIndexOf('fetching markets');
      const header = raw.indexOf('STATUS', lastFrame);
      expect(header).toBeGreaterThan(lastFrame);
      expect(raw.slice(lastFrame, header)).toContain('\r\u001b[2K');
      // Counts only grow: pages fetched and markets so far.
      const counts = [...raw.matchAll(/fetching markets: (\d+) pages?, ([\d,]+) markets/g)].map((m) => [Number(m[1]), Number(m[2]!.replace(/,/g, ''))]);
      for (let i = 1; i < counts.length; i++) {
        expect(counts[i]![0]).toBeGreaterThanOrEqual(counts[i - 1]![0]!);
        expect(counts[i]![1]).toBeGreaterThanOrEqual(counts[i - 1]![1]!);
      }
    } finally {
      await term.close();
    }
  });

  it('is never drawn when stdout is piped: no progress, no escape codes', async (ctx) => {
    if (unavailable) return ctx.skip(unavailable);
    const term = await slowTerminal();
    try {
      await term.type(`${PMT} markets list --exchange kalshi --all --limit 20 | cat; echo EXIT=$?`);
      const { screen, raw, exit } = await finished(term);
      expect(exit).toBe(0);
      expect(raw).not.toMatch(/fetching markets/);
      expect(raw).not.toMatch(ESC);
      // Piped output is tab-separated rows: no header, ISO times (tmux shows tabs as spaces).
      expect(raw).toMatch(/^kalshi:\S+\t.*\t\d{4}-\d\d-\d\dT/m);
      expect(screen).not.toMatch(/\bSTATUS\b.*\bBID\b/);
    } finally {
      await term.close();
    }
  });

  it('is never drawn with --json, even on a terminal', async (ctx) => {
    if (unavailable) return ctx.skip(unavailable);
    const term = await slowTerminal();
    try {
      await term.type(`${PMT} markets list --exchange kalshi --all --limit 20 --json > ${term.dir}/out.json; echo EXIT=$?`);
      const { raw, exit } = await finished(term);
      expect(exit).toBe(0);
      expect(raw).not.toMatch(/fetching markets/);
      expect(raw).not.toMatch(ESC);
    } finally {
      await term.close();
    }
  });
});
