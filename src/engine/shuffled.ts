/** Random order for random players and hidden-information twins: pure, driven by the caller's number source. */

/** A copy of `xs` in random order (Fisher-Yates, from the last place down, with `rand` giving numbers in [0, 1)). */
export function shuffled<T>(xs: readonly T[], rand: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** One element of `xs` (which must not be empty), drawn with `rand` giving numbers in [0, 1). */
export function pickOne<T>(xs: readonly T[], rand: () => number): T {
  return xs[Math.floor(rand() * xs.length)];
}
