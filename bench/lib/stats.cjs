// Preloaded (node --require) into measured processes of the paging goal: at exit, write the
// process's CPU time (user + system, ms) and peak resident set size (KiB) to the file named by
// PMT_BENCH_STATS_FILE. Every subject of that goal gets it, so its small cost cancels out in the
// comparisons; the start-up goals run without it.
//
// Peak RSS is the kernel's high-water mark of this process's own memory (VmHWM in
// /proc/self/status). Not getrusage's ru_maxrss: Linux carries a process's maxrss across exec, so
// a child spawned by a large harness (vfork) starts with the harness's peak as its own.
'use strict';
const file = process.env.PMT_BENCH_STATS_FILE;
if (file) {
  process.on('exit', () => {
    const fs = require('node:fs');
    const u = process.resourceUsage();
    const cpu = (u.userCPUTime + u.systemCPUTime) / 1000;
    let rss = u.maxRSS;
    try {
      const hwm = /^VmHWM:\s*(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
      if (hwm) rss = Number(hwm[1]);
    } catch {
      // not Linux: ru_maxrss it is
    }
    fs.writeFileSync(file, JSON.stringify({ cpu, rss }));
  });
}
