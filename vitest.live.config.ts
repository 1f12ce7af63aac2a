/**
 * The live smoke suite (`PMT_LIVE=1 npm run test:live`, through scripts/test-live.mjs): read-only
 * checks against the real exchanges, or against the doubles when PMT_*_URL point at them. Never
 * part of the default `vitest run` (its files end in .live.ts, which that run does not include).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/live/**/*.live.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    // One file, checks in order: a later check uses what an earlier one found (a market, its book).
    sequence: { concurrent: false },
  },
});
