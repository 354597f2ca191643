/**
 * What players must hear about: the welcome mail of a new game, the result of a published step, and the
 * moderator's notice of a preview awaiting review, told through the notifier in the caller's transaction, so a mail
 * exists exactly when the result it reports does. Here: who is told about which steps (a game's notification
 * policy); the notifier composes each mail (per seat, or per person for the seats it holds, in the reader's language,
 * only what its view and visible events show).
 */
import { notifyPolicyOf } from '../engine/contract-defaults.ts';
import type { AnyGame, GameEvent } from '../engine/types.ts';
import type { ServiceDeps, SqlTx } from './deps.ts';
import { asEnvelope, storedOwed } from './json.ts';
import type { ReviewNotice, StepResultsKnown, WelcomeMails } from './notifier.ts';
import { type NoticeStep, planMails } from './notify-plan.ts';

/** How far back a digest looks for the last step every seat heard about. */
const DIGEST_LOOKBACK = 200;

/**
 * Welcome mails of a new game, one per seat held alone and one per person holding several seats, each with its
 * link (its token is in it: sent once).
 */
export async function queueWelcomeMails(tx: SqlTx, deps: ServiceDeps, input: WelcomeMails): Promise<void> {
  await deps.notifier.welcome(tx, input);
}

/**
 * Result mails for step `stepNumber` just published: one per seat with the events that seat may see, what it owes
 * next, and the outcome when the game is over. Called in the publishing transaction. A game with a notification
 * policy (`notify`) mails only the seats it names (the seat whose move it is; a digest to the others at the end of
 * a phase), each mail covering every step since that seat's last one; without one, every seat gets every result.
 */
export async function queueStepNotifications(
  tx: SqlTx,
  deps: ServiceDeps,
  input: { gameId: string; stepNumber: number; known: StepResultsKnown },
): Promise<void> {
  const { def } = input.known;
  if (!def.notify) return deps.notifier.stepResults(tx, input);
  const { known } = input;
  const prev = asEnvelope(known.step.envelope).state;
  const next = asEnvelope(known.next?.envelope ?? known.step.resultEnvelope ?? known.step.envelope).state;
  const now: NoticeStep = {
    number: input.stepNumber,
    policy: notifyPolicyOf(def, prev, next, known.game.status === 'finished'),
    owedNext: storedOwed(known.next?.owed).map((o) => o.seat),
  };
  // Even a step every seat hears about covers, for each seat, the steps since its last mail.
  const history = [...(await earlierNotices(tx, def, input.gameId, input.stepNumber)), now];
  const plan = planMails(
    history,
    known.seats.map((s) => s.side),
  );
  const from = Math.min(...Object.values(plan).map((p) => p?.from ?? input.stepNumber));
  const earlier = from < input.stepNumber ? await eventsOfSteps(tx, input.gameId, from, input.stepNumber) : [];
  await deps.notifier.stepResults(tx, { ...input, plan, earlier });
}

/**
 * The published steps before `stepNumber` back to (not including) the last one every seat heard about, oldest
 * first, with the policy each was mailed under.
 */
async function earlierNotices(tx: SqlTx, def: AnyGame, gameId: string, stepNumber: number): Promise<NoticeStep[]> {
  const rows = await tx.$queryRawUnsafe<{ number: number; envelope: unknown; resultEnvelope: unknown }[]>(
    `SELECT number, envelope, "resultEnvelope" FROM "Step"
     WHERE "gameId" = $1 AND number < $2 AND status = 'published' ORDER BY number DESC LIMIT ${DIGEST_LOOKBACK}`,
    gameId,
    stepNumber,
  );
  const out: NoticeStep[] = [];
  for (const row of rows) {
    const prev = asEnvelope(row.envelope).state;
    const next = asEnvelope(row.resultEnvelope ?? row.envelope).state;
    const policy = notifyPolicyOf(def, prev, next, false);
    if (policy.results === 'all') break;
    out.unshift({ number: row.number, policy, owedNext: def.owed(next).map((o) => o.seat) });
  }
  return out;
}

/** The events of one step, in order, and its envelope at its start (the position a mail covering it starts from). */
type StepEvents = { number: number; events: GameEvent[]; envelope?: unknown };

/** The events and starting envelopes of steps `from` to `to - 1`, per step in order. */
async function eventsOfSteps(tx: SqlTx, gameId: string, from: number, to: number): Promise<StepEvents[]> {
  const rows = await tx.$queryRawUnsafe<{ number: number; payload: GameEvent }[]>(
    `SELECT s.number, e.payload FROM "Event" e JOIN "Step" s ON s.id = e."stepId"
     WHERE s."gameId" = $1 AND s.number >= $2 AND s.number < $3 ORDER BY s.number, e.seq`,
    gameId,
    from,
    to,
  );
  const starts = await tx.$queryRawUnsafe<{ number: number; envelope: unknown }[]>(
    `SELECT number, envelope FROM "Step" WHERE "gameId" = $1 AND number >= $2 AND number < $3`,
    gameId,
    from,
    to,
  );
  const steps: StepEvents[] = [];
  for (let n = from; n < to; n++) {
    const envelope = starts.find((r) => r.number === n)?.envelope;
    steps.push({ number: n, events: rows.filter((r) => r.number === n).map((r) => r.payload), envelope });
  }
  return steps;
}

/** Tells the moderator (when the game has a moderator address) that a step's result awaits review. */
export async function queueReviewNotice(tx: SqlTx, deps: ServiceDeps, notice: ReviewNotice): Promise<void> {
  await deps.notifier.reviewNotice(tx, notice);
}
