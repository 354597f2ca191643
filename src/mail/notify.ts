/**
 * The mails of the service's notifier (src/services/notifier.ts) that carry a board: the welcome mails of a new game
 * and the per-seat result mails of a published step, composed in each seat's language with its own board, and
 * written to the outbox in the caller's transaction.
 */
import { boardOf, type Envelope } from '../engine/step-runner.ts';
import type { Outcome, Owed } from '../engine/types.ts';
import { syntaxFor } from '../orders-text/game-text.ts';
import { gameDefinition, type ServiceDeps, type SqlTx, type Tx } from '../services/deps.ts';
import { asEnvelope } from '../services/json.ts';
import type { StepResults, WelcomeMails } from '../services/notifier.ts';
import { type CurrentStepRow, readCurrentStep } from '../services/steps.ts';
import { calendarUrl } from '../calendar/url.ts';
import { composeResult } from './compose-result.ts';
import { composeWelcome } from './compose-welcome.ts';
import { loadGameWithSeats, seatMailContext } from './context.ts';
import { writeOutbox } from './outbox.ts';

/** What the notifier's mails need of the service: settings, clock and the game packages. */
export type NotifyDeps = Pick<ServiceDeps, 'config' | 'clock' | 'games'>;

/** The link of a seat's player page (the magic link: its bearer token signs the player in). */
export function playerPageUrl(publicUrl: string, gameId: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/play/${gameId}?token=${encodeURIComponent(token)}`;
}

/**
 * The current step of a new game with its envelope, read in the creating transaction (the step is not committed
 * yet, so not from the process's envelope cache either).
 */
export async function welcomeStep(tx: Tx, gameId: string): Promise<(CurrentStepRow & { envelope: Envelope }) | null> {
  const step = await readCurrentStep(tx, gameId);
  const stored = step && (await tx.step.findUnique({ where: { id: step.stepId }, select: { envelope: true } }));
  return step && stored ? { ...step, envelope: asEnvelope(stored.envelope) } : null;
}

/** Welcome mails, one per seat: side, how to send orders, the page link, what is owed first and the deadline. */
export async function queueWelcome(tx: Tx, deps: NotifyDeps, input: WelcomeMails): Promise<void> {
  const game = await loadGameWithSeats(tx, input.gameId);
  const def = gameDefinition(deps, game.game);
  const step = await welcomeStep(tx, game.id);
  const owed = step?.owed ?? [];
  const mails = [];
  for (const { seatId, token } of input.seats) {
    const seat = game.seats.find((s) => s.id === seatId);
    if (!seat) continue;
    const ctx = seatMailContext(deps, game, seat);
    const board = def && step ? boardOf(def, step.envelope, { kind: 'seat', seat: seat.side }) : null;
    mails.push(
      await composeWelcome(ctx, {
        pageUrl: playerPageUrl(deps.config.PUBLIC_URL, game.id, token),
        calendarUrl: calendarUrl(deps.config.PUBLIC_URL, seat.calendarToken),
        owed: owed.filter((o) => o.seat === seat.side),
        deadline: step?.deadlineAt ?? null,
        board,
        syntax: syntaxFor(def ?? {}, ctx.seat.locale),
      }),
    );
  }
  await writeOutbox(tx, deps.config, mails, deps.clock());
}

/**
 * Result mails of a just-published step: per seat its visible events, its view, what it owes next, the outcome.
 * With a `plan` (a game's notification policy), only the seats it names get a mail, and a seat's mail covers the
 * steps from its `from` (events of the steps before this one in `earlier`).
 */
export async function queueStepResults(tx: SqlTx, deps: NotifyDeps, input: StepResults): Promise<void> {
  const { known } = input;
  const { game, step, events, next } = known;
  const def = gameDefinition(deps, game.game);
  if (!def) return;
  const owed = (next?.owed ?? []) as unknown as Owed[];
  const after = next
    ? asEnvelope(next.envelope)
    : step.resultEnvelope
      ? asEnvelope(step.resultEnvelope)
      : asEnvelope(step.envelope);
  const outcome = game.outcome as Outcome | null;
  const mails = [];
  for (const seat of known.seats) {
    const viewer = { kind: 'seat' as const, seat: seat.side };
    const planned = input.plan ? input.plan[seat.side] : { kind: 'result' as const, from: step.number };
    if (!planned) continue;
    const since = (input.earlier ?? []).filter((s) => s.number >= planned.from);
    const earlier = since.flatMap((s) => def.visibleEvents(s.events, viewer));
    mails.push(
      await composeResult(seatMailContext(deps, game, seat), {
        stepNumber: step.number,
        ...(planned.from < step.number ? { fromStep: planned.from } : {}),
        ...(planned.kind === 'digest' ? { digest: true } : {}),
        events: [...earlier, ...def.visibleEvents(events, viewer)],
        board: boardOf(def, after, viewer),
        owed: owed.filter((o) => o.seat === seat.side),
        deadline: next?.deadlineAt ?? null,
        outcome: game.status === 'finished' || outcome ? outcome : null,
        defaultsApplied: step.defaultsApplied,
      }),
    );
  }
  await writeOutbox(tx, deps.config, mails, deps.clock());
}
