/**
 * The mails of the service's notifier (src/services/notifier.ts) that carry a board: the welcome mails of a new game
 * and the per-seat result mails of a published step, composed in each seat's language with its own board, and
 * written to the outbox in the caller's transaction.
 */
import { boardOf, type Envelope } from '../engine/step-runner.ts';
import type { GameEvent, Outcome, Owed } from '../engine/types.ts';
import { syntaxFor } from '../orders-text/game-text.ts';
import { gameDefinition, type ServiceDeps, type SqlTx, type Tx } from '../services/deps.ts';
import { asEnvelope } from '../services/json.ts';
import type { StepResults, WelcomeMails } from '../services/notifier.ts';
import { type CurrentStepRow, readCurrentStep } from '../services/steps.ts';
import { calendarUrl } from '../calendar/url.ts';
import { composeResult } from './compose-result.ts';
import { replyTemplateOf } from './compose-action.ts';
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

/**
 * The events of the steps a new game resolved at its creation (steps that owed nobody anything: set-up dice), in
 * order. The welcome mail tells them: they get no result mail of their own.
 */
export async function setUpEvents(tx: Tx, gameId: string, before: number): Promise<GameEvent[]> {
  const rows = await tx.event.findMany({
    where: { step: { gameId, number: { lt: before } } },
    orderBy: [{ step: { number: 'asc' } }, { seq: 'asc' }],
    select: { payload: true },
  });
  return rows.map((r) => r.payload as unknown as GameEvent);
}

/** Welcome mails, one per seat: side, how to send orders, the page link, what is owed first and the deadline. */
export async function queueWelcome(
  tx: Tx,
  deps: NotifyDeps,
  input: { gameId: string; seats: { seatId: string; token: string }[] },
): Promise<void> {
  const game = await loadGameWithSeats(tx, input.gameId);
  const def = gameDefinition(deps, game.game);
  const step = await welcomeStep(tx, game.id);
  const owed = step?.owed ?? [];
  const events = step ? await setUpEvents(tx, game.id, step.number) : [];
  const mails = [];
  for (const { seatId, token } of input.seats) {
    const seat = game.seats.find((s) => s.id === seatId);
    if (!seat) continue;
    const ctx = seatMailContext(deps, game, seat);
    const viewer = { kind: 'seat' as const, seat: seat.side };
    const board = def && step ? boardOf(def, step.envelope, viewer) : null;
    const owes = owed.some((o) => o.seat === seat.side);
    const state = step?.envelope.state;
    mails.push(
      await composeWelcome(ctx, {
        events: def ? def.visibleEvents(events, viewer) : [],
        template: def && owes ? replyTemplateOf(def, ctx.game.data, state, seat.side, ctx.seat.locale) : null,
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
    const ctx = seatMailContext(deps, game, seat);
    const owes = owed.some((o) => o.seat === seat.side) && !outcome;
    mails.push(
      await composeResult(ctx, {
        stepNumber: step.number,
        ...(planned.from < step.number ? { fromStep: planned.from } : {}),
        ...(planned.kind === 'digest' ? { digest: true } : {}),
        events: [...earlier, ...def.visibleEvents(events, viewer)],
        board: boardOf(def, after, viewer),
        owed: owed.filter((o) => o.seat === seat.side),
        deadline: next?.deadlineAt ?? null,
        outcome: game.status === 'finished' || outcome ? outcome : null,
        defaultsApplied: step.defaultsApplied,
        template: owes ? replyTemplateOf(def, ctx.game.data, after.state, seat.side, ctx.seat.locale) : null,
      }),
    );
  }
  await writeOutbox(tx, deps.config, mails, deps.clock());
}
