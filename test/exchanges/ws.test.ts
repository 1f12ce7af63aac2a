/** The reconnect backoff: exponential from 250 ms to a 15 s cap, with jitter in [½, 1] of it. */
import { describe, expect, it } from 'vitest';
import { backoffMs, heartbeatMs } from '../../src/exchanges/ws.js';

describe('backoffMs', () => {
  it('doubles per attempt up to 15 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(n, () => 1))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((n) => backoffMs(n, () => 0))).toEqual([125, 250, 500, 1000]);
    expect(backoffMs(20, () => 1)).toBe(15_000);
    expect(backoffMs(20, () => 0)).toBe(7_500);
  });

  it('spreads reconnects of many clients (no thundering herd)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffMs(4)));
    expect(waits.size).toBeGreaterThan(20);
    for (const w of waits) expect(w >= 2000 && w <= 4000).toBe(true);
  });
});

describe('heartbeatMs', () => {
  it("is the exchange's period unless a test sets PMT_STREAM_HEARTBEAT_MS (at least 20 ms)", () => {
    expect(heartbeatMs({}, 10_000)).toBe(10_000);
    expect(heartbeatMs({ PMT_STREAM_HEARTBEAT_MS: '150' }, 10_000)).toBe(150);
    expect(heartbeatMs({ PMT_STREAM_HEARTBEAT_MS: '5' }, 10_000)).toBe(10_000);
    expect(heartbeatMs({ PMT_STREAM_HEARTBEAT_MS: 'x' }, 10_000)).toBe(10_000);
  });
});
