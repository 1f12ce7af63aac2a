/**
 * `pmt markets list` for people puts the event's title beside generic market titles ("Option A")
 * when the rows mix events: read through ops (Kalshi's event list, paged until found and kept on
 * disk), never in piped rows or `--json`, and never at the cost of the list: an event list that
 * fails or hangs leaves the titles alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 30 } });
});
afterAll(() => d?.close());

const env = (extra: Record<string, string> = {}) => ({ ...d.env, PMT_CONFIG_DIR: tempConfigDir(), TZ: 'UTC', NO_COLOR: '1', ...extra });
const list = ['--exchange', 'kalshi', 'markets', 'list', '--limit', '12'];
const eventsAsked = () => d.kalshi.double.count(/\/events$/);

describe('markets list with event titles', () => {
  it('on a terminal: "<event> · Option A", the event list read once and then kept', async () => {
    const e = env({ PMT_FORCE_TTY: '200' });
    d.resetLogs();
    const r = await runInProcess(list, { env: e });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Bitcoin price on \d{4}-\d\d-\d\d · Option A +kalshi +KXBTCD-/m);
    expect(eventsAsked()).toBe(1);
    const again = await runInProcess(list, { env: e });
    expect(again.stdout).toBe(r.stdout);
    expect(eventsAsked()).toBe(1);
  });

  it('at 110 columns the event title gives way before the market title', async () => {
    const r = await runInProcess(['markets', 'list', '--limit', '12'], { env: env({ PMT_FORCE_TTY: '110' }) });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Bitcoin pr[^\n]*… · Option A +kalshi +KXBTCD-26JAN01-C1/);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(110);
  });

  it('piped rows and --json are unchanged and ask for no event titles', async () => {
    d.resetLogs();
    const piped = await runInProcess(list, { env: env() });
    expect(piped.stdout).not.toContain(' · ');
    expect(piped.stdout).toMatch(/^kalshi:KXBTCD-26JAN01-C1\tOption A\t/m);
    const json = await runInProcess([...list, '--json'], { env: env({ PMT_FORCE_TTY: '200' }) });
    expect(Object.keys(JSON.parse(json.stdout) as object)).toEqual(['markets', 'cursor']);
    expect(json.stdout).not.toContain('Bitcoin price on');
    expect(eventsAsked()).toBe(0);
  });

  it('an event list that fails or hangs: the rows with their own titles, exit 0, no error', async () => {
    d.kalshi.double.inject({ kind: 'status', status: 503 }, { times: 20, path: /\/events$/ });
    const failed = await runInProcess(list, { env: env({ PMT_FORCE_TTY: '200', PMT_RETRY_ATTEMPTS: '1' }) });
    d.kalshi.double.clearFaults();
    expect(failed).toMatchObject({ exitCode: 0, stderr: expect.not.stringMatching(/error/i) });
    expect(failed.stdout).toMatch(/^Option A +kalshi +KXBTCD-26JAN01-C1/m);

    d.kalshi.double.inject({ kind: 'stall', ms: 20_000 }, { times: 20, path: /\/events$/ });
    const t0 = Date.now();
    const hung = await runInProcess(list, { env: env({ PMT_FORCE_TTY: '200' }) });
    d.kalshi.double.clearFaults();
    expect(hung.exitCode, hung.stderr).toBe(0);
    expect(hung.stdout).toMatch(/^Option A +kalshi +KXBTCD-26JAN01-C1/m);
    // Waits for titles 2.5 s at most, then prints and ends (the stalled read is abandoned).
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});
