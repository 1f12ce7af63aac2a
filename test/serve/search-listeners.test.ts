/**
 * Issue 21 (friction): one `search_markets` request fans out many upstream reads under the
 * request's one abort signal; serve must not log Node's MaxListenersExceededWarning for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { startDoubles, type Doubles } from '../upstream/doubles.js';
import { TOKEN } from './helpers.js';
import { startServe, type ServeProcess } from './process.js';

let d: Doubles;
let s: ServeProcess;
beforeAll(async () => {
  d = await startDoubles({ polymarket: { events: 120 }, kalshi: { markets: 200 } });
  s = await startServe([], { ...d.env, PMT_CONFIG_DIR: tempConfigDir(), PMT_POLYMARKET_RATE: '5000', PMT_KALSHI_RATE: '5000', PMT_SERVE_TOKEN: TOKEN });
});
afterAll(async () => {
  await s?.stop();
  await d?.close();
});

describe('search_markets in serve', () => {
  it('answers without a MaxListenersExceededWarning on stderr', async () => {
    const r = await s.call('/v1/markets/search_markets?query=bitcoin&limit=50');
    expect(r.status).toBe(200);
    await s.call('/v1/markets/search_markets?query=canonical%20test');
    expect(s.stderr()).not.toMatch(/MaxListenersExceededWarning/);
  });
});
