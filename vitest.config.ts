import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module (vi.mock) run in a process of their own: a mock registered in a
 * shared worker would stay registered for the files after it.
 */
const OWN_PROCESS = ['test/exchanges/polymarket/book-resolve.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['test/setup/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Forks, not threads: the in-process runner (test/helpers/in-process.ts) needs stdout and
    // stderr to be pipes, as the binary's are.
    pool: 'forks',
    // More workers than the two cores: much of the suite waits (timeouts, retry backoff, pacing,
    // lookup windows, processes starting), and a waiting worker leaves its core to another. Full
    // suite on the shared two-core machine, back to back: 2 workers 521 s, 3 workers 455 s,
    // 4 workers 394 s (CPU 303 / 272 / 270 s).
    maxWorkers: 4,
    projects: [
      // Test files share their worker process (a process and pmt's modules loaded once per
      // worker, not once per file: about half the suite's CPU time on two cores). Each file
      // starts from the worker's own environment (test/setup/setup.ts).
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
