/**
 * `PMT_SERVE_STATS=1` (for the benchmark): how late the server's event loop ran, as the largest
 * and 99th-percentile delay of a 5 ms timer. SIGUSR2 reports the window so far and starts a new
 * one (so a benchmark can leave its warm-up out); shutdown reports the last window.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ServeStats {
  /** Count one answered request. */
  request(): void;
  /** Report the last window and stop measuring. */
  stop(): void;
}

export function serveStats(enabled: boolean, say: (line: string) => void): ServeStats {
  if (!enabled) return { request() {}, stop() {} };
  const h = monitorEventLoopDelay({ resolution: 5 });
  let requests = 0;
  const ms = (ns: number) => (ns / 1e6).toFixed(2);
  const report = () =>
    say(`stats: requests=${requests} event_loop_delay_max_ms=${ms(h.max)} event_loop_delay_p99_ms=${ms(h.percentile(99))}`);
  const window = () => {
    report();
    h.reset();
    requests = 0;
  };
  process.on('SIGUSR2', window);
  h.enable();
  return {
    request: () => void (requests += 1),
    stop() {
      process.off('SIGUSR2', window);
      h.disable();
      report();
    },
  };
}
