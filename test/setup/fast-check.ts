/**
 * One seed for every property test, so a CI run is reproducible: a failure names its seed and
 * replays with PMT_FUZZ_SEED=<seed>. PMT_FUZZ_SEED=random explores new inputs on each run, and
 * PMT_FUZZ_RUNS raises the number of cases per property (e.g. 5000 for a long sweep).
 */
import fc from 'fast-check';
import { fuzzSeed } from './seed.js';

const runs = Number(process.env.PMT_FUZZ_RUNS);
fc.configureGlobal({ seed: fuzzSeed(), ...(runs > 0 ? { numRuns: runs } : {}) });
