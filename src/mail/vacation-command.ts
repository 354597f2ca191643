/**
 * The mail command VACATION (休暇): `VACATION <first day> <last day>` declares a vacation for every game of the
 * sender's address (src/services/deadlines/vacations.ts), `VACATION CANCEL` withdraws the vacations not over. Only a
 * reply to one of the service's mails may: its reply-to token is the sender's key (a SIGNON names a seat by a
 * password that may be shared, and a moderator has no address of a player). The answer says, game by game, what
 * was applied and what was refused and why, in the sender's language and zone. A mail processed again (its process
 * died) declares nothing twice: the vacation is made once per inbound mail.
 */
import { formatDateTime, type Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { TextCommand } from '../orders-text/types.ts';
import { ServiceError } from '../services/errors.ts';
import {
  cancelVacation,
  declareVacation,
  MAX_VACATION_DAYS,
  type VacationView,
} from '../services/deadlines/vacations.ts';
import type { MailPrincipal } from './auth.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { para } from './compose-parts.ts';
import type { Part } from './render.ts';

type VacationCommand = Extract<TextCommand, { kind: 'vacation' }>;

/** The words of a refused declaration, by the service's code (null: not a vacation's refusal). */
function refusalText(locale: Locale, error: unknown): string | null {
  if (!(error instanceof ServiceError)) return null;
  if (error.code === 'vacation/order') return mailText(locale, 'vacation.error.order');
  if (error.code === 'vacation/past') return mailText(locale, 'vacation.error.past');
  if (error.code === 'vacation/date') return mailText(locale, 'vacation.error.date');
  if (error.code === 'vacation/too-long')
    return mailText(locale, 'vacation.error.tooLong', { days: MAX_VACATION_DAYS });
  return null;
}

/** What each game did with a vacation, a line per game. */
export function vacationLines(v: VacationView, locale: Locale, timeZone: string): string[] {
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone, locale);
  return v.games.map((g) => {
    const parts: string[] = [];
    if (g.applied)
      parts.push(
        mailText(locale, 'vacation.applied', {
          game: g.gameName,
          from: when(g.applied.startsAt),
          to: when(g.applied.endsAt),
        }),
      );
    if (g.refused)
      parts.push(mailText(locale, 'vacation.refusedLine', { game: g.gameName, reason: g.refused.reason[locale] }));
    return parts.join(' ');
  });
}

/** The person a player's mail comes from (a seat held alone is held by a person too). */
async function personOfSender(deps: ServiceDeps, principal: MailPrincipal) {
  const where =
    principal.kind === 'person'
      ? { id: principal.personId }
      : principal.kind === 'seat'
        ? { seats: { some: { id: principal.seatId } } }
        : null;
  if (!where) return null;
  return deps.db.person.findFirst({
    where: { ...where, gameId: principal.gameId },
    select: { id: true, timeZone: true },
  });
}

/** The answer to VACATION: the vacation declared (game by game) or withdrawn, or why not. */
export async function vacationAnswer(
  deps: ServiceDeps,
  principal: MailPrincipal,
  cmd: VacationCommand,
  locale: Locale,
  inboundId?: string,
): Promise<Part[]> {
  const person = principal.via === 'reply-token' ? await personOfSender(deps, principal) : null;
  if (!person) return [para(mailText(locale, 'vacation.replyTokenOnly'))];
  const who = { gameId: principal.gameId, personId: person.id };
  if ('cancel' in cmd) {
    const done = await cancelVacation(deps, who);
    if (!done.length) return [para(mailText(locale, 'vacation.noneToCancel'))];
    const when = (iso: string) => formatDateTime(new Date(iso), person.timeZone, locale);
    return done.map((v) =>
      para(mailText(locale, 'vacation.cancelled', { from: when(v.startsAt), to: when(v.endsAt) })),
    );
  }
  try {
    const v = await declareVacation(deps, { ...who, from: cmd.from, to: cmd.to, inboundId });
    if (!v.games.length) return [para(mailText(locale, 'vacation.none'))];
    return [para([mailText(locale, 'vacation.declared'), ...vacationLines(v, locale, person.timeZone)].join('\n'))];
  } catch (error) {
    const text = refusalText(locale, error);
    if (text) return [para(text)];
    throw error;
  }
}
