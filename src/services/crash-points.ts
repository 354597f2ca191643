/**
 * Crash points for the fault tests: `PBEM_CRASH_AT=<point>:<n>` (only with NODE_ENV=test) makes the process kill
 * itself with SIGKILL the n-th time it passes the named point, exactly as `kill -9` would, so that a test can stop
 * the real service between two commits it could never hit by timing alone. Unset (always, outside tests): a no-op.
 */

/** The places a test may crash the process at, in the order a submission or a mail meets them. */
export const CRASH_POINTS = [
  /** An order that completes its step is committed; its resolution has not started. */
  'order-committed',
  /** The resolution an order started is committed; the caller has not been answered. */
  'resolution-committed',
  /** An inbound mail is stored; nothing of it is processed. */
  'mail-stored',
  /** A mail's orders are submitted (and resolved, if they completed the step); no reply is queued. */
  'mail-submitted',
  /** A mail's reply is queued; the mail is not marked processed. */
  'mail-replied',
  /** The computer player's orders are computed (src/services/bot-turns.ts); nothing of them is stored. */
  'bot-decided',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

function armedPoint(env: NodeJS.ProcessEnv): { point: CrashPoint; left: number } | null {
  const spec = env.PBEM_CRASH_AT;
  if (!spec || env.NODE_ENV !== 'test') return null;
  const [point, n] = spec.split(':');
  if (!(CRASH_POINTS as readonly string[]).includes(point)) {
    throw new Error(`PBEM_CRASH_AT: unknown crash point "${point}"`);
  }
  return { point: point as CrashPoint, left: Math.max(1, Number(n) || 1) };
}

const armed = armedPoint(process.env);

/** Passes a crash point: kills the process (SIGKILL) when a test armed this point and this is its n-th pass. */
export function crashPoint(point: CrashPoint): void {
  if (!armed || armed.point !== point) return;
  armed.left -= 1;
  if (armed.left <= 0) process.kill(process.pid, 'SIGKILL');
}
