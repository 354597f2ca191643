/**
 * What a caller may see of a game: the game's own view of the state for the viewer (never the envelope, never the
 * dice key), the steps with their visible events, the caller's orders, and the game record.
 */
import type { AnyGame, GameEvent, Owed, Viewer } from '../engine/types.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ordersShownTo } from '../engine/contract-defaults.ts';
import { boardOf, viewOf } from '../engine/step-runner.ts';
import type { Board } from '../engine/board.ts';
import type { Principal } from './auth.ts';
import { gameDefinition, type ServiceDeps } from './deps.ts';
import { notFound, ServiceError } from './errors.ts';
import { asEnvelope, stripDiceKey } from './json.ts';
import { buildRecord, type GameRecord } from './record.ts';
import { currentStep, readCurrentStep } from './steps.ts';
import { unconfirmedSides } from './confirmation.ts';

/** The engine viewer of an authenticated caller. */
export function viewerOf(principal: Principal): Viewer {
  return principal.kind === 'moderator' ? { kind: 'moderator' } : { kind: 'seat', seat: principal.side };
}

/** A step's current orders, read through Prisma: each seat's highest revision (the first of its seat in this order). */
const currentOrdersQuery = {
  distinct: ['seatId'],
  orderBy: [{ seatId: 'asc' }, { revision: 'desc' }],
  include: { seat: { select: { side: true } } },
} satisfies Prisma.OrderFindManyArgs;

function definition(deps: ServiceDeps, id: string): AnyGame {
  const def = gameDefinition(deps, id);
  if (!def) throw new ServiceError('game/unknown-game', 500, `game "${id}" is not installed`);
  return def;
}

/** A game as one caller sees it: seats, current step, what is owed, its view and board, and (moderator) any preview. */
export async function gameViewFor(deps: ServiceDeps, gameId: string, principal: Principal) {
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    include: { seats: { orderBy: { side: 'asc' } } },
  });
  if (!game) throw notFound('game');
  const def = definition(deps, game.game);
  const viewer = viewerOf(principal);
  const moderator = viewer.kind === 'moderator';
  const step = await currentStep(deps, gameId);
  const { envelope, owed } = step;
  // A step the moderator sent back: every viewer sees why, and who has yet to confirm or revise (docs/orders.md).
  const rejected =
    step.status === 'open' && step.rejectedReason !== null
      ? {
          rejectedReason: step.rejectedReason,
          awaitingConfirmation: await unconfirmedSides(deps.db, { ...step, id: step.stepId }),
        }
      : {};
  const withOrders = new Set(
    (
      await deps.db.order.findMany({ where: { stepId: step.stepId }, distinct: ['seatId'], select: { seatId: true } })
    ).map((o) => o.seatId),
  );
  const preview =
    moderator && step.status === 'awaiting_review' ? await previewOf(deps, def, step.stepId, viewer) : null;
  return stripDiceKey({
    id: game.id,
    name: game.name,
    game: game.game,
    title: def.title,
    mode: game.mode,
    options: game.options,
    review: game.reviewMode,
    status: game.status,
    commitment: game.seedCommitment,
    createdAt: game.createdAt,
    finishedAt: game.finishedAt,
    outcome: game.status === 'finished' ? game.outcome : null,
    you:
      principal.kind === 'moderator' ? { role: 'moderator' as const } : { role: 'seat' as const, side: principal.side },
    seats: game.seats.map((s) => ({
      side: s.side,
      name: s.playerName,
      ...(moderator || s.id === (principal.kind === 'seat' ? principal.seatId : '')
        ? { email: s.email, locale: s.locale, timeZone: s.timeZone }
        : {}),
      ordersIn: withOrders.has(s.id),
    })),
    step: {
      number: step.number,
      status: step.status,
      owed,
      deadlineAt: step.deadlineAt,
      openedAt: step.openedAt,
      ...rejected,
    },
    view: viewOf(def, envelope, viewer),
    board: boardOf(def, envelope, viewer),
    choices:
      viewer.kind === 'seat' && step.status === 'open' && owed.some((o) => o.seat === viewer.seat)
        ? def.choices(envelope.state, viewer.seat)
        : null,
    ...(moderator ? { preview } : {}),
  });
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
  viewer: Viewer,
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
  const moderator = viewer.kind === 'moderator';
  const shown = step.status === 'published' || moderator;
  const events = step.events.map((e) => e.payload as GameEvent);
  return {
    number: step.number,
    status: step.status,
    owed: step.owed as Owed[],
    openedAt: step.openedAt,
    resolvedAt: shown ? step.resolvedAt : null,
    publishedAt: step.publishedAt,
    defaultsApplied: shown ? step.defaultsApplied : [],
    events: !shown ? [] : moderator ? events : def.visibleEvents(events, viewer),
  };
}

/** The history of a game: every step, with the events the caller may see (previews only for the moderator). */
export async function stepsFor(deps: ServiceDeps, gameId: string, principal: Principal) {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true } });
  if (!game) throw notFound('game');
  const def = definition(deps, game.game);
  const steps = await deps.db.step.findMany({
    where: { gameId },
    orderBy: { number: 'asc' },
    include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } } },
  });
  return stripDiceKey(steps.map((s) => stepOut(def, viewerOf(principal), s)));
}

/**
 * One step with its events and the orders the caller may see: its own, every seat's for the moderator, other seats'
 * as the game allows (`visibleOrders`), never another seat's of a sealed step before it is resolved.
 */
export async function stepFor(deps: ServiceDeps, gameId: string, number: number, principal: Principal) {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true, status: true } });
  if (!game) throw notFound('game');
  const def = definition(deps, game.game);
  const step = await deps.db.step.findUnique({
    where: { gameId_number: { gameId, number } },
    include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } }, orders: currentOrdersQuery },
  });
  if (!step) throw notFound('step', 'step/not-found');
  const viewer = viewerOf(principal);
  const envelope = asEnvelope(step.envelope);
  const orders: Record<string, unknown> = {};
  for (const o of step.orders) {
    const q = {
      state: envelope.state,
      step: step.number,
      seat: o.seat.side,
      orders: o.parsed,
      viewer,
      resolved: step.status === 'published',
      gameOver: game.status === 'finished',
    };
    const shown = ordersShownTo(def, q, step.owed as unknown as Owed[]);
    if (shown !== undefined) orders[o.seat.side] = shown;
  }
  return stripDiceKey({ ...stepOut(def, viewer, step), orders, view: viewOf(def, envelope, viewer) });
}

/** The caller's orders for the current step (a seat: its own; the moderator: every seat's). */
export async function ordersFor(deps: ServiceDeps, gameId: string, principal: Principal) {
  const step = await readCurrentStep(deps.db, gameId);
  if (!step) throw notFound('game');
  const rows = await deps.db.order.findMany({
    where: { stepId: step.stepId, ...(principal.kind === 'seat' ? { seatId: principal.seatId } : {}) },
    ...currentOrdersQuery,
  });
  const orders: Record<string, { orders: unknown; raw: string; source: string; receivedAt: Date }> = {};
  for (const o of rows)
    orders[o.seat.side] = { orders: o.parsed, raw: o.raw, source: o.source, receivedAt: o.receivedAt };
  return { step: step.number, status: step.status, orders };
}

/** The game record (docs/api.md) as the caller may see it; the secret seed once the game is over. */
export async function recordFor(deps: ServiceDeps, gameId: string, principal: Principal): Promise<GameRecord> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  if (!game) throw notFound('game');
  const def = definition(deps, game.game);
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
    viewerOf(principal),
  );
}
