/**
 * What a caller may see of a game: the game's own view of the state for the viewer (never the envelope, never the
 * dice key), the steps with their visible events, the caller's orders, and the game record. A person holding
 * several seats sees the union of what its seats may see (src/services/persons.ts): every view per seat, the events
 * any of its seats may see, and its seats' orders.
 */
import { mailStatusesOf } from './mail-status.ts';
import { unreadMailsOf } from './unread-mails.ts';
import type { AnyGame, GameEvent, Viewer } from '../engine/types.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ordersShownTo } from '../engine/contract-defaults.ts';
import { boardOf, viewOf } from '../engine/step-runner.ts';
import type { Board } from '../engine/board.ts';
import type { PersonPrincipal, Principal } from './auth.ts';
import { requireGame, type ServiceDeps } from './deps.ts';
import { notFound, ServiceError } from './errors.ts';
import { asEnvelope, storedOwed, stripDiceKey } from './json.ts';
import { buildRecord, type GameRecord } from './record.ts';
import { rulesFor } from '../engine/rules-version.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import { type CurrentStep, currentStep, readCurrentStep } from './steps.ts';
import { unconfirmedSides } from './confirmation.ts';
import { addressKey, personViewers, visibleToAny } from './persons.ts';

/** The engine viewer of an authenticated caller (a person: its first seat; see `viewersOf`). */
export function viewerOf(principal: Principal): Viewer {
  return viewersOf(principal)[0];
}

/** The engine viewers of a caller: the moderator, its seat, or a person's seats (the union of what they see). */
export function viewersOf(principal: Principal): Viewer[] {
  if (principal.kind === 'moderator') return [{ kind: 'moderator' }];
  if (principal.kind === 'person') return personViewers(principal);
  return [{ kind: 'seat', seat: principal.side }];
}

/** The seat ids a caller acts for (none for the moderator). */
function ownSeatIds(principal: Principal): Set<string> {
  if (principal.kind === 'seat') return new Set([principal.seatId]);
  if (principal.kind === 'person') return new Set(principal.seats.map((s) => s.seatId));
  return new Set();
}

/** Who the caller is, as `GET /api/games/:id` says it. */
function youOf(principal: Principal) {
  if (principal.kind === 'moderator') return { role: 'moderator' as const };
  if (principal.kind === 'person') return { role: 'person' as const, sides: principal.seats.map((s) => s.side) };
  return { role: 'seat' as const, side: principal.side };
}

/** A step's current orders, read through Prisma: each seat's highest revision (the first of its seat in this order). */
const currentOrdersQuery = {
  distinct: ['seatId'],
  orderBy: [{ seatId: 'asc' }, { revision: 'desc' }],
  include: { seat: { select: { side: true } } },
} satisfies Prisma.OrderFindManyArgs;

/** A game as one caller sees it: seats, current step, what is owed, its view and board, and (moderator) any preview. */
export async function gameViewFor(deps: ServiceDeps, gameId: string, principal: Exclude<Principal, PersonPrincipal>) {
  const { base, seen } = await currentView(deps, gameId, principal);
  return stripDiceKey({ ...base, ...seen(viewerOf(principal)) });
}

/**
 * A game as a person holding several seats sees it: as `gameViewFor`, with each seat's view, board and choices under
 * `bySeat` (none at the top: no one seat speaks for the person).
 */
export async function personGameViewFor(deps: ServiceDeps, gameId: string, person: PersonPrincipal) {
  const { base, seen } = await currentView(deps, gameId, person);
  const bySeat = Object.fromEntries(person.seats.map((s) => [s.side, seen({ kind: 'seat', seat: s.side })]));
  return stripDiceKey({ ...base, view: null, board: null, choices: null, bySeat });
}

/** The part of a game every caller sees, and what one viewer sees of the current step (`seen`). */
async function currentView(deps: ServiceDeps, gameId: string, principal: Principal) {
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    include: { seats: { orderBy: { side: 'asc' } } },
  });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const moderator = principal.kind === 'moderator';
  const step = await currentStep(deps, gameId);
  const { envelope, owed } = step;
  // Orders in: seats that owe orders at this step and sent them (standing orders of a seat owing nothing are not).
  const owing = new Set(owed.map((o) => o.seat));
  const withOrders = new Set(
    (
      await deps.db.order.findMany({
        where: { stepId: step.stepId, seat: { side: { in: [...owing] } } },
        distinct: ['seatId'],
        select: { seatId: true },
      })
    ).map((o) => o.seatId),
  );
  const preview =
    moderator && step.status === 'awaiting_review'
      ? await previewOf(deps, def, step.stepId, { kind: 'moderator' })
      : null;
  // What one viewer sees of the current step: the game's view and board, and a seat's choices when it owes.
  const seen = (viewer: Viewer) => ({
    view: viewOf(def, envelope, viewer),
    board: boardOf(def, envelope, viewer),
    choices:
      viewer.kind === 'seat' && step.status === 'open' && owed.some((o) => o.seat === viewer.seat)
        ? def.choices(envelope.state, viewer.seat)
        : null,
  });
  const own = ownSeatIds(principal);
  const mailStatuses = moderator
    ? await mailStatusesOf(
        deps.db,
        game.seats.map((s) => s.email),
      )
    : null;
  const base = {
    id: game.id,
    name: game.name,
    game: game.game,
    title: def.title,
    mode: game.mode,
    options: game.options,
    review: game.reviewMode,
    status: game.status,
    rulesVersion: game.rulesVersion,
    commitment: game.seedCommitment,
    createdAt: game.createdAt,
    finishedAt: game.finishedAt,
    outcome: game.status === 'finished' ? game.outcome : null,
    you: youOf(principal),
    seats: game.seats.map((s) => ({
      side: s.side,
      name: s.playerName,
      ...(moderator || own.has(s.id) ? { email: s.email, locale: s.locale, timeZone: s.timeZone } : {}),
      ordersIn: withOrders.has(s.id),
      // Who plays the seat is no secret: everyone sees when the computer plays it (src/services/bot-seats.ts).
      bot: s.bot,
      ...(mailStatuses ? { mailStatus: mailStatuses.get(addressKey(s.email)) } : {}),
    })),
    step: await stepSummary(deps, step),
    ...(moderator
      ? {
          preview,
          unreadMails: await unreadMailsOf(deps, gameId),
          rulesUpgrade: rulesUpgradeOf(def, game.rulesVersion),
        }
      : {}),
  };
  return { base, seen };
}

/** The moderator's hint that the installed code has another rules version than the game's, or null. */
function rulesUpgradeOf(def: AnyGamePackage, version: string): { to: string; reproducible: boolean } | null {
  if (def.rulesVersion === version) return null;
  return { to: def.rulesVersion, reproducible: rulesFor(def, version) !== null };
}

/**
 * The current step as every caller sees it: its number, status, what is owed and by when; for a step the moderator
 * sent back, why, and who has yet to confirm or revise (docs/orders.md).
 */
async function stepSummary(deps: ServiceDeps, step: CurrentStep) {
  const rejected =
    step.status === 'open' && step.rejectedReason !== null
      ? {
          rejectedReason: step.rejectedReason,
          awaitingConfirmation: await unconfirmedSides(deps.db, { ...step, id: step.stepId }),
        }
      : {};
  const { number, status, owed, deadlineAt, openedAt } = step;
  return { number, status, owed, deadlineAt, openedAt, ...rejected };
}

/** The result of a step awaiting review as a viewer will see it once approved (null: the step has none). */
async function previewOf(
  deps: ServiceDeps,
  def: AnyGame,
  stepId: string,
  viewer: Viewer,
): Promise<{ view: unknown; board: Board; events: GameEvent[] } | null> {
  const step = await deps.db.step.findUnique({
    where: { id: stepId },
    select: { resultEnvelope: true, events: { orderBy: { seq: 'asc' }, select: { payload: true } } },
  });
  if (!step?.resultEnvelope) return null;
  const after = asEnvelope(step.resultEnvelope);
  const events = step.events.map((e) => e.payload as GameEvent);
  return { view: viewOf(def, after, viewer), board: boardOf(def, after, viewer), events };
}

/** One step as a viewer sees it: seats see published steps; events filtered by the game. */
function stepOut(
  def: AnyGame,
  viewers: Viewer[],
  step: {
    number: number;
    status: string;
    owed: unknown;
    openedAt: Date;
    resolvedAt: Date | null;
    publishedAt: Date | null;
    defaultsApplied: string[];
    events: { payload: unknown }[];
  },
) {
  const moderator = viewers[0].kind === 'moderator';
  const shown = step.status === 'published' || moderator;
  const events = step.events.map((e) => e.payload as GameEvent);
  return {
    number: step.number,
    status: step.status,
    owed: storedOwed(step.owed),
    openedAt: step.openedAt,
    resolvedAt: shown ? step.resolvedAt : null,
    publishedAt: step.publishedAt,
    defaultsApplied: shown ? step.defaultsApplied : [],
    events: !shown ? [] : moderator ? events : visibleToAny(def, events, viewers),
  };
}

/** The history of a game: every step, with the events the caller may see (previews only for the moderator). */
export async function stepsFor(deps: ServiceDeps, gameId: string, principal: Principal) {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true } });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const steps = await deps.db.step.findMany({
    where: { gameId },
    orderBy: { number: 'asc' },
    include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } } },
  });
  return stripDiceKey(steps.map((s) => stepOut(def, viewersOf(principal), s)));
}

/**
 * One step with its events and the orders the caller may see: its own, every seat's for the moderator, other seats'
 * as the game allows (`visibleOrders`), never another seat's of a sealed step before it is resolved.
 */
export async function stepFor(deps: ServiceDeps, gameId: string, number: number, principal: Principal) {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true, status: true } });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const step = await deps.db.step.findUnique({
    where: { gameId_number: { gameId, number } },
    include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } }, orders: currentOrdersQuery },
  });
  if (!step) throw notFound('step', 'step/not-found');
  const viewers = viewersOf(principal);
  const envelope = asEnvelope(step.envelope);
  const owed = storedOwed(step.owed);
  const orders: Record<string, unknown> = {};
  for (const o of step.orders) {
    // A person sees another seat's orders as the first of its seats allowed to (its own seats' always).
    for (const viewer of viewers) {
      const q = {
        state: envelope.state,
        step: step.number,
        seat: o.seat.side,
        orders: o.parsed,
        viewer,
        resolved: step.status === 'published',
        gameOver: game.status === 'finished',
      };
      const shown = ordersShownTo(def, q, owed);
      if (shown === undefined) continue;
      orders[o.seat.side] = shown;
      break;
    }
  }
  // A person: the position as each of its seats sees it (no one seat speaks for it).
  const seatView = (side: string) => ({ view: viewOf(def, envelope, { kind: 'seat', seat: side }) });
  const views =
    principal.kind === 'person'
      ? { view: null, bySeat: Object.fromEntries(principal.seats.map((s) => [s.side, seatView(s.side)])) }
      : { view: viewOf(def, envelope, viewers[0]) };
  return stripDiceKey({ ...stepOut(def, viewers, step), orders, ...views });
}

/** The caller's orders for the current step (a seat: its own; the moderator: every seat's). */
export async function ordersFor(deps: ServiceDeps, gameId: string, principal: Principal) {
  const step = await readCurrentStep(deps.db, gameId);
  if (!step) throw notFound('game');
  const rows = await deps.db.order.findMany({
    where: {
      stepId: step.stepId,
      ...(principal.kind === 'moderator' ? {} : { seatId: { in: [...ownSeatIds(principal)] } }),
    },
    ...currentOrdersQuery,
  });
  const orders: Record<string, { orders: unknown; raw: string; source: string; receivedAt: Date }> = {};
  for (const o of rows)
    orders[o.seat.side] = { orders: o.parsed, raw: o.raw, source: o.source, receivedAt: o.receivedAt };
  return { step: step.number, status: step.status, orders };
}

/**
 * The game record (docs/api.md) as the caller may see it; the secret seed once the game is over. A record is one
 * viewer's (what `pbem verify` re-derives): a person gets the record of one of its seats, `seat` or its first.
 */
export async function recordFor(
  deps: ServiceDeps,
  gameId: string,
  principal: Principal,
  seat?: string,
): Promise<GameRecord> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const steps = await deps.db.step.findMany({
    where: { gameId, status: { in: ['published', 'awaiting_review'] } },
    orderBy: { number: 'asc' },
    include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } }, orders: currentOrdersQuery },
  });
  return buildRecord(
    def,
    {
      game,
      seats: game.seats,
      steps: steps.map((s) => ({
        ...s,
        state: asEnvelope(s.envelope).state,
        orders: s.orders.map((o) => ({ side: o.seat.side, parsed: o.parsed })),
        events: s.events.map((e) => e.payload as GameEvent),
      })),
    },
    recordViewer(principal, seat),
  );
}

/** The viewer of a caller's record: a person's seat named by `seat` (one of its own), else its first. */
function recordViewer(principal: Principal, seat: string | undefined): Viewer {
  if (principal.kind !== 'person' || seat === undefined) return viewerOf(principal);
  if (!principal.seats.some((s) => s.side === seat))
    throw new ServiceError('auth/not-your-seat', 403, `this token does not act for seat "${seat}"`);
  return { kind: 'seat', seat };
}
