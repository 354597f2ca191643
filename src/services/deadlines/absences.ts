/**
 * Player absences: a player (a person, by the token of any seat it holds: src/services/persons.ts) declares when
 * it is away (at most Game.maxAbsences per person, each up to 30 days); the absence is the person's and applies to
 * every seat it holds: time inside it does not count towards the deadlines of steps any of those seats owes orders
 * at, so the current deadline moves at once when the absence overlaps it. Everyone is told; every change is
 * audited.
 */
import { z } from 'zod';
import { gameDefinition, type ServiceDeps, type Tx } from '../deps.ts';
import { seatText } from '../../engine/game-package.ts';
import { audit } from '../audit.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { lockGame, RESOLVE_TX } from '../turn-processor.ts';
import { mailText } from '../../i18n/strings-mail.ts';
import { announceMove } from './changes.ts';
import type { NoticeGame } from '../notifier.ts';
import { queueNoticeMails, queueNoticeWebhooks, utc } from './notices.ts';
import { scheduleStepDeadline } from './schedule.ts';
import { loadStep, owedOf } from './step-state.ts';

/** The longest absence, in days (a vacation's part beyond it is refused in every game). */
export const MAX_ABSENCE_DAYS = 30;
const MAX_DAYS = MAX_ABSENCE_DAYS;

/** The body of a declaration. */
export const absenceInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

/** An absence as players see it. */
export interface AbsenceView {
  id: string;
  side: string;
  startsAt: string;
  endsAt: string;
}

/** The absences of a game's seats (every seat and the moderator may see them: everyone is told anyway). */
export async function listAbsences(deps: Pick<ServiceDeps, 'db'>, gameId: string): Promise<AbsenceView[]> {
  const rows = await deps.db.absence.findMany({
    where: { seat: { gameId } },
    orderBy: { startsAt: 'asc' },
    select: { id: true, startsAt: true, endsAt: true, seat: { select: { side: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    side: r.seat.side,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  }));
}

/**
 * Declares an absence of the person holding `seatId`, for all its seats; returns it and the current deadline (moved
 * when one of its seats owes orders now).
 */
export async function declareAbsence(
  deps: ServiceDeps,
  input: { gameId: string; seatId: string; startsAt: Date; endsAt: Date },
): Promise<{ absence: AbsenceView; deadlineAt: Date | null }> {
  const now = deps.clock();
  if (!(input.endsAt > input.startsAt)) throw badRequest('absence/order', 'the absence must end after it starts');
  if (input.endsAt <= now) throw badRequest('absence/past', 'the absence is already over');
  if (input.endsAt.getTime() - input.startsAt.getTime() > MAX_DAYS * 86400_000)
    throw badRequest('absence/too-long', `an absence lasts at most ${MAX_DAYS} days`);
  return deps.db.$transaction(async (tx) => {
    const locked = await lockGame(tx, input.gameId);
    if (!locked) throw notFound('game');
    if (locked.status === 'finished') throw conflict('game/finished', 'the game is over');
    const seat = await tx.seat.findFirst({
      where: { id: input.seatId, gameId: input.gameId },
      select: { id: true, side: true, personId: true, person: { select: { _count: { select: { absences: true } } } } },
    });
    if (!seat) throw notFound('seat', 'seat/not-found');
    if (seat.person._count.absences >= locked.maxAbsences)
      throw conflict('absence/limit', `this game allows ${locked.maxAbsences} absence(s) per seat`);
    // biome-ignore lint/complexity/useMathMinMax: Dates; Math.max would give a number
    const startsAt = input.startsAt < now ? now : input.startsAt;
    const made = await recordAbsence(tx, deps, locked, seat, { startsAt, endsAt: input.endsAt });
    return {
      absence: { id: made.id, side: seat.side, startsAt: startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
      deadlineAt: made.deadlineAt,
    };
  }, RESOLVE_TX);
}

/**
 * Records an absence of the person holding `seat` (the game locked, the limits checked by the caller), audits it,
 * moves the current deadline when one of its seats owes orders, and tells everyone. A vacation's absence names it.
 */
export async function recordAbsence(
  tx: Tx,
  deps: ServiceDeps,
  game: NoticeGame & { game: string; mode: string },
  seat: { id: string; side: string; personId: string },
  span: { startsAt: Date; endsAt: Date; vacationId?: string },
): Promise<{ id: string; deadlineAt: Date | null }> {
  const now = deps.clock();
  const { startsAt, endsAt, vacationId } = span;
  const data = { seatId: seat.id, personId: seat.personId, startsAt, endsAt, createdAt: now, vacationId };
  const row = await tx.absence.create({ data });
  const detail = { id: row.id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  await audit(
    tx,
    game.id,
    `seat:${seat.side}`,
    'absence.declare',
    vacationId ? { ...detail, vacationId } : detail,
    now,
  );
  const deadlineAt = await moveForAbsences(tx, deps, game.id, seat.personId, seat.side);
  await announceAbsence(tx, deps, game, { id: row.id, side: seat.side, startsAt, endsAt }, deadlineAt);
  return { id: row.id, deadlineAt };
}

/** Tells every seat, the moderator and the webhooks that a seat will be away, and the deadline now. */
async function announceAbsence(
  tx: Tx,
  deps: ServiceDeps,
  game: NoticeGame & { game: string; mode: string },
  absence: { id: string; side: string; startsAt: Date; endsAt: Date },
  deadlineAt: Date | null,
): Promise<void> {
  const { side, startsAt, endsAt } = absence;
  const def = gameDefinition(deps, game.game);
  const seats = await tx.seat.findMany({
    where: { gameId: game.id },
    orderBy: { side: 'asc' },
    select: { id: true, side: true, email: true, locale: true, timeZone: true, mailToken: true },
  });
  const key = `absence:${absence.id}`;
  await queueNoticeMails(tx, deps, {
    game,
    seats,
    moderator: true,
    kind: 'deadline',
    key,
    text: (when, locale, mine) => {
      // The seat by its name in the reader's language; the reader whose seat is away is spoken to.
      const name = seatText(def, game.mode, side)[locale];
      const you = mine.includes(side);
      const now = deadlineAt ? when(deadlineAt) : null;
      const away = mailText(locale, you ? 'notice.absence.bodyYou' : 'notice.absence.body', {
        name,
        from: when(startsAt),
        to: when(endsAt),
      });
      return {
        subject: mailText(locale, 'notice.absence.subject', { name }),
        body: `${away}${now ? mailText(locale, 'notice.absence.deadline', { now }) : ''}`,
      };
    },
  });
  const description = `${utc(startsAt)} → ${utc(endsAt)}`;
  await queueNoticeWebhooks(tx, deps, { game, event: 'deadline', key, title: `${side} is away`, description });
}

/** Withdraws an absence of the person holding `seatId` (only one not yet over); the deadline is computed again. */
export async function cancelAbsence(
  deps: ServiceDeps,
  input: { gameId: string; seatId: string; absenceId: string },
): Promise<{ deadlineAt: Date | null }> {
  return deps.db.$transaction(async (tx) => {
    if (!(await lockGame(tx, input.gameId))) throw notFound('game');
    const holder = await tx.seat.findFirst({
      where: { id: input.seatId, gameId: input.gameId },
      select: { personId: true, side: true },
    });
    const row = holder
      ? await tx.absence.findFirst({
          where: { id: input.absenceId, personId: holder.personId },
          select: { id: true, endsAt: true, seat: { select: { side: true } } },
        })
      : null;
    if (!row) throw notFound('absence', 'absence/not-found');
    if (row.endsAt <= deps.clock()) throw conflict('absence/over', 'the absence is over: it stays on record');
    await tx.absence.delete({ where: { id: row.id } });
    await audit(tx, input.gameId, `seat:${row.seat.side}`, 'absence.cancel', { id: row.id }, deps.clock());
    return { deadlineAt: await moveForAbsences(tx, deps, input.gameId, holder?.personId ?? '', row.seat.side) };
  }, RESOLVE_TX);
}

/**
 * Recomputes the current deadline when one of the person's seats owes orders at the open current step; announces a
 * move (`side`: the seat the absence was declared through, which names it).
 */
export async function moveForAbsences(
  tx: Tx,
  deps: ServiceDeps,
  gameId: string,
  personId: string,
  side: string,
): Promise<Date | null> {
  const found = await loadStep(tx, gameId, 'current');
  if (!found) return null;
  const { step } = found;
  const held = await tx.seat.findMany({ where: { gameId, personId }, select: { side: true } });
  const owes = owedOf(step).some((o) => held.some((s) => s.side === o.seat));
  if (step.status !== 'open' || !owes) return step.deadlineAt;
  const { previous, deadlineAt } = await scheduleStepDeadline(tx, deps, found.game, step);
  const name = seatText(gameDefinition(deps, found.game.game), found.game.mode, side);
  await announceMove(tx, deps, found.game, step, previous, deadlineAt, {
    actor: `seat:${side}`,
    action: 'deadline.absence',
    because: {
      en: mailText('en', 'notice.absence.because', { name: name.en }),
      ja: mailText('ja', 'notice.absence.because', { name: name.ja }),
    },
  });
  return deadlineAt;
}
