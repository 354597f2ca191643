/**
 * Vacations: a player declares once, from any of its games (its page, or a mail replied to with its own reply-to
 * token), that it is away from one day to another, and the vacation applies to every game not over where its
 * address holds a seat. Persons are per game, so the games are found by the address (compared case-insensitively)
 * of the player who declared it, never by an address given in the request. Each game gets an absence of the person
 * there (src/services/deadlines/absences.ts: deadlines pause, everyone is told, audited) within that game's own
 * limits: its maxAbsences per person, and the longest absence. What a game refuses (all of it, or the part beyond
 * the longest absence) is kept with the reason in both languages, in the vacation's outcome and in the game's
 * audit log. Withdrawing the vacation withdraws the absence in every game (its part already passed stays).
 */
import { z } from 'zod';
import { formatDateTime, type Locale } from '../../i18n/index.ts';
import { mailText } from '../../i18n/strings-mail.ts';
import { seatText } from '../../engine/game-package.ts';
import { gameDefinition, type ServiceDeps, type Tx } from '../deps.ts';
import type { Game } from '../../generated/prisma/client.ts';
import { audit } from '../audit.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { addressKey } from '../persons.ts';
import { lockGame, RESOLVE_TX } from '../turn-processor.ts';
import { MAX_ABSENCE_DAYS, moveForAbsences, recordAbsence } from './absences.ts';
import { zonedToInstant } from './compute.ts';
import { queueNoticeMails } from './notices.ts';

/** The longest vacation one declaration may ask for, in days (each game then takes what its limits allow). */
export const MAX_VACATION_DAYS = 366;
const DAY = 86400_000;

/** A day as the page's date field and the mail command give it. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The body of a declaration: the first and the last day away (both included), in the player's time zone. */
export const vacationInputSchema = z.object({ from: isoDay, to: isoDay });

/** A text in both languages. */
type Both = Record<Locale, string>;

/** What one game did with a vacation. */
export interface VacationGameOutcome {
  gameId: string;
  gameName: string;
  /** The absence the game took (null: none). */
  applied: { absenceId: string; startsAt: string; endsAt: string } | null;
  /** What it refused and why (null: nothing). */
  refused: { code: string; reason: Both } | null;
}

/** A vacation as its player sees it. */
export interface VacationView {
  id: string;
  startsAt: string;
  endsAt: string;
  cancelledAt: string | null;
  games: VacationGameOutcome[];
}

/** The player who declares or withdraws: a person of one game, authenticated there (page session or reply token). */
export interface VacationDeclarer {
  gameId: string;
  personId: string;
}

/** The instant a local day starts in a zone. */
function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d)
    throw badRequest('vacation/date', `${day} is not a day of the calendar`);
  return new Date(zonedToInstant(y, m, d, 0, 0, timeZone));
}

/** The days `from`..`to` (both included) in `timeZone`, as instants; refused when reversed, over or too long. */
export function vacationSpan(from: string, to: string, timeZone: string, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = dayStart(from, timeZone);
  const last = dayStart(to, timeZone);
  const [y, m, d] = to.split('-').map(Number);
  const endsAt = dayStart(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), timeZone);
  if (last < startsAt) throw badRequest('vacation/order', 'the vacation must end on or after the day it starts');
  if (endsAt <= now) throw badRequest('vacation/past', 'the vacation is already over');
  if (endsAt.getTime() - startsAt.getTime() > MAX_VACATION_DAYS * DAY)
    throw badRequest('vacation/too-long', `a vacation lasts at most ${MAX_VACATION_DAYS} days`);
  return { startsAt, endsAt };
}

/** The declaring person: its address (the key of its games) and time zone. */
async function declarerOf(deps: Pick<ServiceDeps, 'db'>, who: VacationDeclarer) {
  const person = await deps.db.person.findFirst({
    where: { id: who.personId, gameId: who.gameId },
    select: { email: true, timeZone: true },
  });
  if (!person) throw notFound('person', 'person/not-found');
  return { address: addressKey(person.email), timeZone: person.timeZone };
}

/** In both languages, with times in UTC (the outcome is read in any zone; the notices use the reader's). */
const both = (key: Parameters<typeof mailText>[1], params: (l: Locale) => Record<string, string | number>): Both => ({
  en: mailText('en', key, params('en')),
  ja: mailText('ja', key, params('ja')),
});
const utcOf = (d: Date, l: Locale) => formatDateTime(d, 'UTC', l);

/**
 * Declares a vacation of the declarer's address: from the start of day `from` to the end of day `to` in the
 * declarer's time zone, in every game not over where the address holds a seat (each in its own transaction, under
 * its lock, within its limits). Returns what each game did.
 */
export async function declareVacation(
  deps: ServiceDeps,
  input: VacationDeclarer & { from: string; to: string; inboundId?: string },
): Promise<VacationView> {
  const now = deps.clock();
  const { address, timeZone } = await declarerOf(deps, input);
  // The same mail processed again (its process died): the vacation it made goes on from the games it had not done.
  const earlier = input.inboundId ? await deps.db.vacation.findUnique({ where: { inboundId: input.inboundId } }) : null;
  const span = earlier ?? vacationSpan(input.from, input.to, timeZone, now);
  const vacation =
    earlier ??
    (await deps.db.vacation.create({ data: { address, ...span, createdAt: now, inboundId: input.inboundId } }));
  const persons = await personsOfAddress(deps, address);
  const games: VacationGameOutcome[] = [];
  for (const person of persons) games.push(await applyToGame(deps, person, vacation));
  return { id: vacation.id, ...iso(span), cancelledAt: vacation.cancelledAt?.toISOString() ?? null, games };
}

/** The persons of an address in the games not over, each with the seat it declares through (its first it plays). */
async function personsOfAddress(deps: Pick<ServiceDeps, 'db'>, address: string) {
  const seats = await deps.db.seat.findMany({
    // A seat the computer plays now (handed over) keeps its player's address but owes that player nothing.
    where: { email: { equals: address, mode: 'insensitive' }, bot: false, game: { status: { not: 'finished' } } },
    orderBy: [{ gameId: 'asc' }, { side: 'asc' }],
    select: { id: true, side: true, personId: true, gameId: true },
  });
  const first = new Map<string, (typeof seats)[number]>();
  for (const seat of seats) if (!first.has(seat.personId)) first.set(seat.personId, seat);
  return [...first.values()];
}

const iso = (s: { startsAt: Date; endsAt: Date }) => ({
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
});

/** One game's share of a vacation: its absence within the game's limits, or its refusal, audited either way. */
async function applyToGame(
  deps: ServiceDeps,
  seat: { id: string; side: string; personId: string; gameId: string },
  vacation: { id: string; startsAt: Date; endsAt: Date },
): Promise<VacationGameOutcome> {
  return deps.db.$transaction(async (tx) => {
    const game = await lockGame(tx, seat.gameId);
    if (!game) throw notFound('game');
    // The game's share is written with the vacation's outcome in this one transaction: once per game, ever.
    const [row] = await tx.$queryRaw<{ outcome: VacationGameOutcome[] }[]>`
      SELECT outcome FROM "Vacation" WHERE id = ${vacation.id} FOR UPDATE`;
    const done = row?.outcome.find((o) => o.gameId === game.id);
    if (done) return done;
    const share = await shareOf(tx, deps, game, seat, vacation);
    await tx.$executeRaw`
      UPDATE "Vacation" SET outcome = outcome || jsonb_build_array(${JSON.stringify(share)}::jsonb) WHERE id = ${vacation.id}`;
    return share;
  }, RESOLVE_TX);
}

/** What one game (locked) takes of a vacation within its limits, and what it refuses; audited either way. */
async function shareOf(
  tx: Tx,
  deps: ServiceDeps,
  game: Game,
  seat: { id: string; side: string; personId: string },
  vacation: { id: string; startsAt: Date; endsAt: Date },
): Promise<VacationGameOutcome> {
  const now = deps.clock();
  const outcome = { gameId: game.id, gameName: game.name, applied: null, refused: null };
  const refuse = async (code: string, reason: Both): Promise<VacationGameOutcome> => {
    await audit(tx, game.id, `seat:${seat.side}`, 'vacation.refused', { vacationId: vacation.id, code }, now);
    return { ...outcome, refused: { code, reason } };
  };
  if (game.status === 'finished')
    return refuse(
      'game/finished',
      both('vacation.refused.over', () => ({})),
    );
  const held = await tx.absence.count({ where: { personId: seat.personId } });
  if (held >= game.maxAbsences)
    return refuse(
      'absence/limit',
      both('vacation.refused.limit', () => ({ max: game.maxAbsences })),
    );
  // biome-ignore lint/complexity/useMathMinMax: Dates; Math.max would give a number
  const startsAt = vacation.startsAt < now ? now : vacation.startsAt;
  const longest = new Date(startsAt.getTime() + MAX_ABSENCE_DAYS * DAY);
  const endsAt = vacation.endsAt > longest ? longest : vacation.endsAt;
  const made = await recordAbsence(tx, deps, game, seat, { startsAt, endsAt, vacationId: vacation.id });
  const applied = { absenceId: made.id, ...iso({ startsAt, endsAt }) };
  if (endsAt >= vacation.endsAt) return { ...outcome, applied };
  const reason = both('vacation.refused.tooLong', (l) => ({
    days: MAX_ABSENCE_DAYS,
    until: utcOf(endsAt, l),
    to: utcOf(vacation.endsAt, l),
  }));
  return { ...(await refuse('absence/too-long', reason)), applied };
}

/** The vacations of the declarer's address, newest first (withdrawn ones too: they stay on record). */
export async function listVacations(deps: Pick<ServiceDeps, 'db'>, who: VacationDeclarer): Promise<VacationView[]> {
  const { address } = await declarerOf(deps, who);
  const rows = await deps.db.vacation.findMany({ where: { address }, orderBy: { startsAt: 'desc' }, take: 20 });
  return rows.map(viewOf);
}

/** A stored vacation as its player sees it. */
function viewOf(r: {
  id: string;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  outcome: unknown;
}): VacationView {
  return {
    id: r.id,
    ...iso(r),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    games: r.outcome as VacationGameOutcome[],
  };
}

/**
 * Withdraws a vacation of the declarer's address (`vacationId`, or else every one not over) in every game it was
 * applied to: an absence not begun is deleted, one begun ends now (the time already away stays counted); each game
 * recomputes its deadline, audits it, and tells everyone. Returns the vacations withdrawn.
 */
export async function cancelVacation(
  deps: ServiceDeps,
  input: VacationDeclarer & { vacationId?: string },
): Promise<VacationView[]> {
  const now = deps.clock();
  const { address } = await declarerOf(deps, input);
  const rows = await deps.db.vacation.findMany({
    where: { address, cancelledAt: null, endsAt: { gt: now }, ...(input.vacationId ? { id: input.vacationId } : {}) },
    include: { absences: { select: { id: true, seat: { select: { gameId: true } } } } },
  });
  if (input.vacationId && !rows.length) {
    const known = await deps.db.vacation.findFirst({ where: { id: input.vacationId, address }, select: { id: true } });
    if (!known) throw notFound('vacation', 'vacation/not-found');
    throw conflict('vacation/over', 'the vacation is over or withdrawn: it stays on record');
  }
  const done: VacationView[] = [];
  for (const row of rows) {
    for (const a of row.absences) await withdrawInGame(deps, a.seat.gameId, a.id, row.id);
    const cancelled = await deps.db.vacation.update({ where: { id: row.id }, data: { cancelledAt: now } });
    done.push({
      id: row.id,
      ...iso(row),
      cancelledAt: now.toISOString(),
      games: cancelled.outcome as unknown as VacationGameOutcome[],
    });
  }
  return done;
}

/** One game's absence of a withdrawn vacation: deleted or ended now, the deadline recomputed, everyone told. */
async function withdrawInGame(deps: ServiceDeps, gameId: string, absenceId: string, vacationId: string) {
  await deps.db.$transaction(async (tx) => {
    const now = deps.clock();
    const game = await lockGame(tx, gameId);
    const row = await tx.absence.findUnique({
      where: { id: absenceId },
      select: { id: true, startsAt: true, endsAt: true, personId: true, seat: { select: { side: true } } },
    });
    if (!game || !row || row.endsAt <= now) return; // over: it stays on record as it was
    if (row.startsAt >= now) await tx.absence.delete({ where: { id: row.id } });
    else await tx.absence.update({ where: { id: row.id }, data: { endsAt: now } });
    const side = row.seat.side;
    await audit(tx, gameId, `seat:${side}`, 'absence.cancel', { id: row.id, vacationId }, now);
    if (game.status !== 'finished') await moveForAbsences(tx, deps, gameId, row.personId, side);
    await announceWithdrawal(tx, deps, game, { id: row.id, side, startsAt: row.startsAt, endsAt: row.endsAt });
  }, RESOLVE_TX);
}

/** Tells every seat and the moderator that a player withdrew an absence (its name in the reader's language). */
async function announceWithdrawal(
  tx: Tx,
  deps: ServiceDeps,
  game: { id: string; name: string; moderatorEmail: string | null; game: string; mode: string },
  absence: { id: string; side: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  const def = gameDefinition(deps, game.game);
  const seats = await tx.seat.findMany({
    where: { gameId: game.id },
    orderBy: { side: 'asc' },
    select: { id: true, side: true, email: true, locale: true, timeZone: true, mailToken: true },
  });
  await queueNoticeMails(tx, deps, {
    game,
    seats,
    moderator: true,
    kind: 'deadline',
    key: `absence-withdrawn:${absence.id}`,
    text: (when, locale) => {
      const name = seatText(def, game.mode, absence.side)[locale];
      return {
        subject: mailText(locale, 'notice.vacationCancelled.subject', { name }),
        body: mailText(locale, 'notice.vacationCancelled.body', {
          name,
          from: when(absence.startsAt),
          to: when(absence.endsAt),
        }),
      };
    },
  });
}
