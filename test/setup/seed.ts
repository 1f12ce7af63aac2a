/** The fast-check seed of this run: PMT_FUZZ_SEED, fresh when it says "random", else a fixed one. */
export function fuzzSeed(): number {
  const s = process.env.PMT_FUZZ_SEED;
  if (s === 'random') return Date.now() % 1_000_000_007;
  return Number(s) || 20_261_121;
}
