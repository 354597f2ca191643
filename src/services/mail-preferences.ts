/**
 * How much mail a person gets (docs/email.md, "How much mail"): every step (the default), only when it must move,
 * or a daily digest of the rest at its local morning. Set on the player's page and by the one-click unsubscribe
 * of every mail (which moves the person to "only when I must move", never silencing the game). Mails that ask for
 * orders, deadline notices and the final result always go: only a result mail whose reader owes nothing is held.
 */
import type { ServiceDeps } from './deps.ts';

/** The preferences a person may choose. */
export const MAIL_PREFERENCES = ['every_step', 'must_move', 'digest'] as const;

/** A person's mail preference. */
export type MailPreference = (typeof MAIL_PREFERENCES)[number];

/** Whether a value is a mail preference. */
export const isMailPreference = (value: unknown): value is MailPreference =>
  typeof value === 'string' && (MAIL_PREFERENCES as readonly string[]).includes(value);

/** What becomes of a result mail: sent now, dropped, or held for the person's daily digest. */
export type ResultMailFate = 'send' | 'skip' | 'digest';

/**
 * The fate of a result mail under its reader's preference: a mail asking the reader for orders (`owes`) or telling
 * the game's end (`final`) always goes.
 */
export function resultMailFate(preference: string, owes: boolean, final: boolean): ResultMailFate {
  if (owes || final) return 'send';
  if (preference === 'must_move') return 'skip';
  return preference === 'digest' ? 'digest' : 'send';
}

/** Sets a person's preference; returns whether the person exists. */
export async function setMailPreference(
  deps: Pick<ServiceDeps, 'db'>,
  personId: string,
  preference: MailPreference,
): Promise<boolean> {
  const done = await deps.db.person.updateMany({ where: { id: personId }, data: { mailPreference: preference } });
  return done.count > 0;
}

/** The person of an unsubscribe key, as the confirmation page shows it, or null for an unknown key. */
export async function personOfUnsubscribeKey(deps: Pick<ServiceDeps, 'db'>, key: string) {
  if (!/^[0-9a-f]{16,100}$/.test(key)) return null;
  return deps.db.person.findUnique({
    where: { unsubscribeKey: key },
    select: { id: true, gameId: true, locale: true, mailPreference: true, game: { select: { name: true } } },
  });
}

/**
 * The one-click unsubscribe (RFC 8058): the key's person gets "only when I must move". Returns the person, or null
 * for an unknown key. Doing it twice is doing it once.
 */
export async function unsubscribeByKey(deps: Pick<ServiceDeps, 'db' | 'log'>, key: string) {
  const person = await personOfUnsubscribeKey(deps, key);
  if (!person) return null;
  await setMailPreference(deps, person.id, 'must_move');
  deps.log.info({ personId: person.id, gameId: person.gameId, from: person.mailPreference }, 'mail unsubscribed');
  return { ...person, mailPreference: 'must_move' as const };
}

/** The person holding a seat (every seat is held by one). */
export async function personIdOfSeat(deps: Pick<ServiceDeps, 'db'>, seatId: string): Promise<string | null> {
  const seat = await deps.db.seat.findUnique({ where: { id: seatId }, select: { personId: true } });
  return seat?.personId ?? null;
}

/** A person's preference (every step when it is not known). */
export async function mailPreferenceOf(deps: Pick<ServiceDeps, 'db'>, personId: string): Promise<MailPreference> {
  const p = await deps.db.person.findUnique({ where: { id: personId }, select: { mailPreference: true } });
  return p?.mailPreference ?? 'every_step';
}
