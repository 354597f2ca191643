/**
 * Timing the sign-in page's "mail me a fresh link" form: requests for an address the game has on file and for one
 * it has not, interleaved (registered, unknown, registered, ...) so that a slow moment of the machine hits both
 * kinds alike, each timed on its own; the medians of the two kinds are compared. Used by
 * bench/sign-in-timing.ts (no test-runner imports here).
 */

/** What one run measured: the median response time of each kind and their difference, in milliseconds. */
export interface SignInTiming {
  registeredMedianMs: number;
  unknownMedianMs: number;
  differenceMs: number;
  /** Requests timed per kind. */
  requests: number;
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Sends `requests` requests of each kind through `ask` (which returns the response's status), interleaved, after
 * `warmUp` untimed ones of each kind; `beforeRegistered` runs untimed before every registered request (e.g. moving
 * a test clock past the hourly limit, so that every registered request is one that would mail). Every response
 * must be 200.
 */
export async function measureSignInTiming(input: {
  ask: (email: string) => Promise<number>;
  registered: string;
  unknown: string;
  requests: number;
  warmUp?: number;
  beforeRegistered?: () => void;
}): Promise<SignInTiming> {
  const times = { registered: [] as number[], unknown: [] as number[] };
  const once = async (kind: 'registered' | 'unknown', timed: boolean) => {
    if (kind === 'registered') input.beforeRegistered?.();
    const start = process.hrtime.bigint();
    const status = await input.ask(kind === 'registered' ? input.registered : input.unknown);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (status !== 200) throw new Error(`sign-in link request answered ${status}`);
    if (timed) times[kind].push(ms);
  };
  const warmUp = input.warmUp ?? 20;
  for (let i = 0; i < warmUp; i++) {
    await once('registered', false);
    await once('unknown', false);
  }
  for (let i = 0; i < input.requests; i++) {
    // Alternate which kind goes first, so neither always follows the other.
    const [first, second] = i % 2 ? (['unknown', 'registered'] as const) : (['registered', 'unknown'] as const);
    await once(first, true);
    await once(second, true);
  }
  const registeredMedianMs = median(times.registered);
  const unknownMedianMs = median(times.unknown);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    registeredMedianMs: round(registeredMedianMs),
    unknownMedianMs: round(unknownMedianMs),
    differenceMs: round(registeredMedianMs - unknownMedianMs),
    requests: input.requests,
  };
}
