/**
 * The recovery sweep: what a process that died left half done is finished by the next one. Run once at start-up
 * (every role) and, in the worker role, every RECOVERY_SWEEP_SECONDS:
 * - steps whose every owed order is in but which never resolved (src/services/recovery.ts);
 * - inbound mail stored but never finished, once its lease has run out (src/mail/intake.ts).
 * Both are safe beside any number of live processes: resolution is exactly once under the game lock, and mail rows
 * are taken with SKIP LOCKED and processed idempotently.
 */
import { recoverInboundMail } from '../mail/intake.ts';
import type { RunningWorker, ServiceDeps, Worker } from '../services/deps.ts';
import { resolveDueSteps, type StepRecovery } from '../services/recovery.ts';

/** A periodic sweep leaves a step alone this long after its last order (its submitter is resolving it). */
const PERIODIC_GRACE_MS = 2000;

/** What one pass did. */
export interface RecoveryPass {
  steps: StepRecovery;
  mails: number;
}

/** One pass of the sweep; `graceMs`: how long a due step is left to its submitter (0 at start-up). */
export async function recoverOnce(deps: ServiceDeps, opts: { graceMs?: number } = {}): Promise<RecoveryPass> {
  const steps = await resolveDueSteps(deps, { graceMs: opts.graceMs ?? 0 });
  const mails = await recoverInboundMail(deps);
  return { steps, mails };
}

/** One pass that logs instead of throwing (a database away for a moment: the next pass tries again). */
async function safePass(deps: ServiceDeps, graceMs: number): Promise<void> {
  try {
    const pass = await recoverOnce(deps, { graceMs });
    if (pass.steps.resolved || pass.steps.failed || pass.mails) deps.log.info({ ...pass }, 'recovery sweep');
  } catch (error) {
    deps.log.warn({ err: error }, 'recovery sweep failed: will try again');
  }
}

/** The start-up pass alone (the API role: the worker role's processes sweep periodically). Never throws. */
export function startupRecovery(deps: ServiceDeps): Promise<void> {
  return safePass(deps, 0);
}

/** The sweep as a worker (src/server/workers.ts): a pass at start, then one every RECOVERY_SWEEP_SECONDS. */
export const recoveryWorker: Worker = {
  name: 'recovery',
  async start(deps: ServiceDeps): Promise<RunningWorker> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = safePass(deps, 0);
    const next = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = safePass(deps, PERIODIC_GRACE_MS).finally(next);
      }, deps.config.RECOVERY_SWEEP_SECONDS * 1000);
    };
    void running.finally(next);
    return {
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
      },
    };
  },
};
