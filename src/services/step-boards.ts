/**
 * The history's pictures of the past: each step's turn and phase (the board summary of the position the step
 * decided, as the viewer saw it), and the board as it stood after a step, for one viewer. A seat sees only
 * published steps, each drawn by the game's own `board(state, viewer)`: exactly what that seat was shown when the
 * step's result reached it, never more (docs/contract.md, "Hidden information"). The moderator sees every resolved
 * step, a step awaiting review included.
 */
import type { Board, BoardSummary } from '../engine/board.ts';
import { boardOf } from '../engine/step-runner.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { ChoiceTree, GameEvent, Viewer } from '../engine/types.ts';
import type { Principal } from './auth.ts';
import { requireGame, type ServiceDeps } from './deps.ts';
import { notFound, ServiceError } from './errors.ts';
import { asEnvelope } from './json.ts';
import { visibleToAny } from './persons.ts';
import { currentStep } from './steps.ts';
import { viewersOf } from './views.ts';

/** The turn and phase of a step, as its board summary words them. */
export type StepHeading = Pick<BoardSummary, 'turn' | 'turnLabel' | 'phase'>;

/** The one viewer a board is drawn for: a person's seat `seat` (one of its own, else its first). */
function boardViewer(principal: Principal, seat: string | undefined): Viewer {
  const viewers = viewersOf(principal);
  if (principal.kind !== 'person' || seat === undefined) return viewers[0];
  if (!principal.seats.some((s) => s.side === seat))
    throw new ServiceError('auth/not-your-seat', 403, `this session does not act for seat "${seat}"`);
  return { kind: 'seat', seat };
}

const headingOf = (s: BoardSummary): StepHeading => ({ turn: s.turn, turnLabel: s.turnLabel, phase: s.phase });

/**
 * The heading of every step the viewer may see (seats: published steps; the moderator: all), by step number: the
 * turn and phase of the position each step decided.
 */
export async function stepHeadingsFor(
  deps: ServiceDeps,
  gameId: string,
  principal: Principal,
): Promise<Map<number, StepHeading>> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true } });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const viewer = boardViewer(principal, undefined);
  const steps = await deps.db.step.findMany({
    where: { gameId, ...(viewer.kind === 'moderator' ? {} : { status: 'published' }) },
    orderBy: { number: 'asc' },
    select: { number: true, envelope: true },
  });
  return new Map(steps.map((s) => [s.number, headingOf(boardOf(def, asEnvelope(s.envelope), viewer).summary)]));
}

/** One past step for one viewer: its heading, the board after it, and the events the viewer may see. */
export interface PastStep {
  /** The game's name, as its moderator gave it, and its game package (as resolved for this read). */
  gameName: string;
  def: AnyGamePackage;
  mode: string;
  /** The game's parsed options (a seat's name may depend on them). */
  options: unknown;
  number: number;
  status: string;
  publishedAt: Date | null;
  defaultsApplied: string[];
  heading: StepHeading;
  /** The board as it stood after the step, as the viewer saw it. */
  after: Board;
  events: GameEvent[];
}

/**
 * Step `number` as `principal` saw it once resolved (a person: as its seat `seat`, default its first). Seats get
 * published steps only (404 otherwise, as for a step that does not exist); the moderator any resolved step.
 */
export async function pastStepFor(
  deps: ServiceDeps,
  gameId: string,
  number: number,
  principal: Principal,
  seat?: string,
): Promise<PastStep> {
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    select: { game: true, name: true, mode: true, options: true },
  });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const viewer = boardViewer(principal, seat);
  const step = Number.isSafeInteger(number)
    ? await deps.db.step.findUnique({
        where: { gameId_number: { gameId, number } },
        include: { events: { orderBy: { seq: 'asc' }, select: { payload: true } } },
      })
    : null;
  const shown = step && (step.status === 'published' || (viewer.kind === 'moderator' && step.resultEnvelope));
  if (!step || !shown) throw notFound('step', 'step/not-found');
  // The position after the step: its result, else (an older row) the start of the step that followed it.
  const next = step.resultEnvelope
    ? null
    : await deps.db.step.findUnique({ where: { gameId_number: { gameId, number: number + 1 } } });
  const after = asEnvelope(step.resultEnvelope ?? next?.envelope ?? step.envelope);
  const events = step.events.map((e) => e.payload as GameEvent);
  return {
    gameName: game.name,
    def,
    mode: game.mode,
    options: game.options,
    number: step.number,
    status: step.status,
    publishedAt: step.publishedAt,
    defaultsApplied: step.defaultsApplied,
    heading: headingOf(boardOf(def, asEnvelope(step.envelope), viewer).summary),
    after: boardOf(def, after, viewer),
    events: viewer.kind === 'moderator' ? events : visibleToAny(def, events, [viewer]),
  };
}

/**
 * The choices of every seat that owes orders at the open step (moderator only: the caller checks the role), by
 * side: what the console's amend form of each seat is built from, the same tree the seat's own page uses. Empty
 * when the step is not open.
 */
export async function owedChoicesFor(
  deps: ServiceDeps,
  gameId: string,
): Promise<{ game: AnyGamePackage; trees: Map<string, ChoiceTree> }> {
  const step = await currentStep(deps, gameId);
  const def = requireGame(deps, step.game);
  if (step.status !== 'open') return { game: def, trees: new Map() };
  const trees = step.owed.map((o): [string, ChoiceTree | null] => [o.seat, def.choices(step.envelope.state, o.seat)]);
  return { game: def, trees: new Map(trees.filter((e): e is [string, ChoiceTree] => e[1] !== null)) };
}

/**
 * The board of one seat as it stood just after that seat's last turn (the last published step before `current`
 * whose owed orders included the seat), for the "since your last turn" summary; null when the seat has had no turn
 * yet. Drawn by the game's `board(state, { seat })`: the seat's own view then, never more.
 */
export async function lastTurnBoard(
  deps: ServiceDeps,
  gameId: string,
  side: string,
  current: number,
): Promise<Board | null> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true } });
  if (!game) throw notFound('game');
  const def = requireGame(deps, game.game);
  const rows = await deps.db.$queryRaw<{ number: number }[]>`
    SELECT number FROM "Step"
    WHERE "gameId" = ${gameId} AND number < ${current} AND status = 'published'
      AND owed @> ${JSON.stringify([{ seat: side }])}::jsonb
    ORDER BY number DESC LIMIT 1`;
  if (!rows.length) return null;
  const after = await deps.db.step.findUnique({
    where: { gameId_number: { gameId, number: rows[0].number + 1 } },
    select: { envelope: true },
  });
  return after ? boardOf(def, asEnvelope(after.envelope), { kind: 'seat', seat: side }) : null;
}
