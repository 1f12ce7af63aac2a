// Preloaded (node --require) into a measured process: at exit, append its peak resident set size
// in KiB to the file named by PMT_BENCH_RSS_FILE. Used only for the memory runs, never the timed ones.
'use strict';
const file = process.env.PMT_BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    require('node:fs').appendFileSync(file, `${process.resourceUsage().maxRSS}\n`);
  });
}
