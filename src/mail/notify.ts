/**
 * The service's mail call sites (src/services/notifications.ts) land here: the welcome mails of a new game and the
 * per-seat result mails of a published step, composed in each seat's language with its own board, and written to
 * the outbox in the caller's transaction.
 */
import { boardOf } from '../engine/step-runner.ts';
import type { GameEvent, Outcome, Owed } from '../engine/types.ts';
import { syntaxFor } from '../orders-text/game-text.ts';
import { gameDefinition, type ServiceDeps, type SqlTx, type Tx } from '../services/deps.ts';
import { asEnvelope } from '../services/json.ts';
import { calendarUrl } from '../calendar/url.ts';
import { composeReminder, composeResult, composeWelcome } from './compose.ts';
import { loadGameWithSeats, seatMailContext } from './context.ts';
import { queueMail, queueMails } from './outbox.ts';
import type { Game, Seat, Step } from '../generated/prisma/client.ts';

/** The link of a seat's player page (the magic link: its bearer token signs the player in). */
export function playerPageUrl(publicUrl: string, gameId: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/play/${gameId}?token=${encodeURIComponent(token)}`;
}

/** Welcome mails, one per seat: side, how to send orders, the page link, what is owed first and the deadline. */
export async function queueWelcome(
  tx: Tx,
  deps: ServiceDeps,
  input: { gameId: string; seats: { seatId: string; token: string }[] },
): Promise<void> {
  const game = await loadGameWithSeats(tx, input.gameId);
  const def = gameDefinition(deps, game.game);
  const step = await tx.step.findUnique({
    where: { gameId_number: { gameId: game.id, number: game.currentStep } },
    select: { envelope: true, owed: true, deadlineAt: true },
  });
  const owed = (step?.owed ?? []) as unknown as Owed[];
  for (const { seatId, token } of input.seats) {
    const seat = game.seats.find((s) => s.id === seatId);
    if (!seat) continue;
    const ctx = seatMailContext(deps, game, seat);
    const board = def && step ? boardOf(def, asEnvelope(step.envelope), { kind: 'seat', seat: seat.side }) : null;
    const mail = await composeWelcome(ctx, {
      pageUrl: playerPageUrl(deps.config.PUBLIC_URL, game.id, token),
      calendarUrl: calendarUrl(deps.config.PUBLIC_URL, seat.calendarToken),
      owed: owed.filter((o) => o.seat === seat.side),
      deadline: step?.deadlineAt ?? null,
      board,
      syntax: syntaxFor(def ?? {}, ctx.seat.locale),
    });
    await queueMail(tx, deps.config, mail, deps.clock());
  }
}

/** What the publishing transaction already read: the game (as updated), its seats, the step, its events, the next step. */
export interface StepResultsKnown {
  game: Game;
  seats: Seat[];
  step: Pick<Step, 'number' | 'defaultsApplied' | 'envelope' | 'resultEnvelope'>;
  events: GameEvent[];
  next: Pick<Step, 'owed' | 'envelope' | 'deadlineAt'> | null;
}

/** What `queueStepResults` mails about: the step, what the publisher read, and a notification plan if any. */
export interface StepResultsInput {
  gameId: string;
  stepNumber: number;
  known: StepResultsKnown;
  plan?: StepMailPlan;
  /** The events of the steps before this one that some seat's mail covers (see `plan`). */
  earlier?: { number: number; events: GameEvent[] }[];
}

/** Per seat, the mail a notification policy gives it for this step (absent: every seat gets the result). */
export type StepMailPlan = Record<string, { kind: 'result' | 'digest'; from: number } | null>;

/**
 * Result mails of a just-published step: per seat its visible events, its view, what it owes next, the outcome.
 * With a `plan` (a game's notification policy), only the seats it names get a mail, and a seat's mail covers the
 * steps from its `from` (events of the steps before this one in `earlier`).
 */
export async function queueStepResults(tx: SqlTx, deps: ServiceDeps, input: StepResultsInput): Promise<void> {
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
  await queueMails(tx, deps.config, mails, deps.clock());
}

/** A reminder to one seat (for the deadlines feature). */
export async function queueReminder(
  tx: Tx,
  deps: ServiceDeps,
  input: { gameId: string; seatId: string; stepNumber: number; owed: Owed[]; deadline: Date | null },
): Promise<void> {
  const game = await loadGameWithSeats(tx, input.gameId);
  const seat = game.seats.find((s) => s.id === input.seatId);
  if (!seat) return;
  await queueMail(tx, deps.config, composeReminder(seatMailContext(deps, game, seat), input), deps.clock());
}
