/**
 * The mail that brings a player back in: asked for on the sign-in page (a short link without a session, an expired
 * link), it goes only to the address the game has for the seat or person, never to the one typed, and carries a
 * fresh sign-in link in its footer (src/mail/sign-in-slot.ts).
 */
import { gameDefinition, type Tx } from '../services/deps.ts';
import type { SignInLinkMail } from '../services/notifier.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { envelope, para } from './compose-parts.ts';
import { loadGameWithSeats, personMailContext, seatMailContext } from './context.ts';
import type { NotifyDeps } from './notify.ts';
import { writeOutbox } from './outbox.ts';

/** The words of the mail in one language. */
function words(locale: 'en' | 'ja', gameName: string, days: number) {
  return {
    subject: mailText(locale, 'mail.signIn.subject'),
    body: mailText(locale, 'mail.signIn.body', { game: gameName, days }),
  };
}

/** Queues the sign-in link mail of a seat held alone or of a person. */
export async function queueSignInLinkMail(tx: Tx, deps: NotifyDeps, to: SignInLinkMail): Promise<void> {
  const game = await loadGameWithSeats(tx, to.gameId);
  const days = deps.config.SIGN_IN_LINK_DAYS;
  if ('personId' in to) {
    const person = await tx.person.findUnique({ where: { id: to.personId } });
    if (!person) return;
    const ctx = personMailContext(deps, game, person, game.seats);
    const w = words(ctx.person.locale, game.name, days);
    const mail = envelope(ctx, 'sign-in', w.subject, [para(w.body)]);
    await writeOutbox(tx, deps.config, [mail], deps.clock());
    return;
  }
  const seat = game.seats.find((s) => s.id === to.seatId);
  if (!seat) return;
  const ctx = seatMailContext(deps, game, gameDefinition(deps, game.game), seat);
  const w = words(ctx.seat.locale, game.name, days);
  await writeOutbox(tx, deps.config, [envelope(ctx, 'sign-in', w.subject, [para(w.body)])], deps.clock());
}
