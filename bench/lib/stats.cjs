// Preloaded (node --require) into measured processes of the paging goal: at exit, write the
// process's CPU time (user + system, ms) and peak resident set size (KiB) to the file named by
// PMT_BENCH_STATS_FILE. Every subject of that goal gets it, so its small cost cancels out in the
// "beyond start-up" differences; the start-up goals run without it.
'use strict';
const file = process.env.PMT_BENCH_STATS_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    const cpu = (u.userCPUTime + u.systemCPUTime) / 1000;
    require('node:fs').writeFileSync(file, JSON.stringify({ cpu, rss: u.maxRSS }));
  });
}
