/**
 * Read-only queries for the moderator console and the board pictures: the games list with whose move it is and
 * who is overdue, a review's preview per seat, a seat's public facts, and the game a moderator token belongs to
 * (console sign-in without a game id).
 */
import { boardOf, viewOf } from '../engine/step-runner.ts';
import type { Board } from '../engine/board.ts';
import type { GameEvent, Owed } from '../engine/types.ts';
import { requireGame, type ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';
import { asEnvelope } from './json.ts';
import { currentStepsOf, readCurrentStep } from './steps.ts';
import { hashToken } from './tokens.ts';

/** One row of the console's games list. */
export interface GameListRow {
  id: string;
  name: string;
  game: string;
  mode: string;
  /** The game's parsed options (a seat's name may depend on them). */
  options: unknown;
  status: string;
  review: string;
  step: number;
  stepStatus: string;
  /** The seats, each with its player's name and address (the console is the operator's or the moderator's). */
  seats: { side: string; name: string | null; email: string }[];
  owed: Owed[];
  deadlineAt: Date | null;
  /** Owed seats without orders whose deadline has passed. */
  overdue: string[];
  createdAt: Date;
}

/** Games, newest first (all of them, or only `ids`). */
export async function listGames(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  filter: { ids?: string[]; limit?: number } = {},
): Promise<GameListRow[]> {
  const games = await deps.db.game.findMany({
    where: filter.ids ? { id: { in: filter.ids } } : {},
    orderBy: { createdAt: 'desc' },
    take: filter.limit ?? 200,
    include: { seats: { select: { id: true, side: true, playerName: true, email: true }, orderBy: { side: 'asc' } } },
  });
  if (!games.length) return [];
  const steps = await currentStepsOf(
    deps.db,
    games.map((g) => g.id),
  );
  const orders = await deps.db.order.findMany({
    where: { stepId: { in: steps.map((s) => s.stepId) } },
    distinct: ['stepId', 'seatId'],
    select: { stepId: true, seatId: true },
  });
  const now = deps.clock();
  return games.map((g) => {
    const step = steps.find((s) => s.gameId === g.id);
    const owed = step?.owed ?? [];
    const withOrders = new Set(orders.filter((o) => o.stepId === step?.stepId).map((o) => o.seatId));
    const missing = owed
      .filter((o) => !withOrders.has(g.seats.find((s) => s.side === o.seat)?.id ?? ''))
      .map((o) => o.seat);
    const late = g.status === 'active' && step?.status === 'open' && !!step.deadlineAt && step.deadlineAt <= now;
    return {
      id: g.id,
      name: g.name,
      game: g.game,
      mode: g.mode,
      options: g.options,
      status: g.status,
      review: g.reviewMode,
      step: g.currentStep,
      stepStatus: step?.status ?? 'open',
      seats: g.seats.map((s) => ({ side: s.side, name: s.playerName, email: s.email })),
      owed,
      deadlineAt: step?.deadlineAt ?? null,
      overdue: late ? missing : [],
      createdAt: g.createdAt,
    };
  });
}

/** The id of the game whose moderator token this is, or null. */
export async function gameOfModeratorToken(
  deps: Pick<ServiceDeps, 'db'>,
  token: string | undefined | null,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const game = await deps.db.game.findUnique({ where: { moderatorTokenHash: hashToken(token) }, select: { id: true } });
  return game?.id ?? null;
}

/** The public facts of one seat (for the seat's own page: its side, name, language and time zone). */
export async function seatOf(deps: Pick<ServiceDeps, 'db'>, gameId: string, seatId: string) {
  const seat = await deps.db.seat.findFirst({
    where: { id: seatId, gameId },
    select: { id: true, side: true, email: true, playerName: true, locale: true, timeZone: true, calendarToken: true },
  });
  if (!seat) throw notFound('seat', 'seat/not-found');
  return seat;
}

/**
 * A step awaiting review as each seat will see it once approved: the game's view of the resolved state and the
 * events visible to that seat (moderator only: the caller checks the role).
 */
export async function reviewPreviewFor(
  deps: ServiceDeps,
  gameId: string,
): Promise<{ step: number; seats: { side: string; view: unknown; board: Board; events: GameEvent[] }[] } | null> {
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    select: { game: true, seats: { select: { side: true }, orderBy: { side: 'asc' } } },
  });
  if (!game) throw notFound('game');
  const current = await readCurrentStep(deps.db, gameId);
  if (current?.status !== 'awaiting_review') return null;
  const def = requireGame(deps, game.game);
  const step = await deps.db.step.findUnique({
    where: { id: current.stepId },
    select: { resultEnvelope: true, events: { orderBy: { seq: 'asc' }, select: { payload: true } } },
  });
  if (!step?.resultEnvelope) return null;
  const events = step.events.map((r) => r.payload as GameEvent);
  const result = asEnvelope(step.resultEnvelope);
  return {
    step: current.number,
    seats: game.seats.map(({ side }) => {
      const viewer = { kind: 'seat' as const, seat: side };
      const seen = def.visibleEvents(events, viewer);
      return { side, view: viewOf(def, result, viewer), board: boardOf(def, result, viewer), events: seen };
    }),
  };
}
