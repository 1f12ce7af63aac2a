// Preloaded (node --require) into the built binary by test/perf/startup.test.ts: at exit, write
// which files and which Node built-ins the process loaded to the file named by PMT_TEST_LOADED.
'use strict';
const out = process.env.PMT_TEST_LOADED;
if (out) {
  process.on('exit', () => {
    const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
    require('node:fs').writeFileSync(out, JSON.stringify({ files: Object.keys(require.cache).filter((f) => f !== __filename), builtins }));
  });
}
