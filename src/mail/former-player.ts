/**
 * A mail from a former player: its reply address names a person of a game who holds no seat any more (the moderator
 * gave its seats to a replacement player). Such a mail is not a player's, and is refused as any unknown sender's,
 * with one exception: RECLAIM (取り戻す), which the notice that the computer player took the seat over invited. That is
 * answered, at the person's registered address and in its language, with why the seat cannot be taken back
 * (src/services/bot-seats.ts).
 */
import { seatText } from '../engine/game-package.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { asLocale } from '../i18n/index.ts';
import { commandWord } from '../orders-text/parse.ts';
import { formerPlayerOf, RECLAIM_REFUSAL_TEXT, reclaimSeats } from '../services/bot-seats.ts';
import { gameDefinition, type ServiceDeps } from '../services/deps.ts';
import { hashToken } from '../services/tokens.ts';
import { tokensIn } from './addresses.ts';
import { esc } from './render.ts';
import { queueAnswer } from './outbox.ts';

/** What answering a former player's RECLAIM did: its game, and whether the answer was queued. */
export interface FormerPlayerAnswer {
  gameId: string;
  replied: boolean;
}

/**
 * Answers RECLAIM from a former player (see the module comment); null when the mail is not one (the caller refuses
 * it as from an unknown sender). `answerId`: the answer's id, derived from the stored mail (answered once).
 */
export async function answerFormerPlayer(
  deps: ServiceDeps,
  mail: { recipients: string[]; text: string; subject?: string; inReplyTo?: string; answerId: string },
): Promise<FormerPlayerAnswer | null> {
  if (!mail.text.split(/\r?\n/).some((line) => commandWord(line) === 'reclaim')) return null;
  for (const token of tokensIn(mail.recipients, deps.config.MAIL_DOMAIN)) {
    const former = await formerPlayerOf(deps, hashToken(token));
    if (!former) continue;
    const done = await reclaimSeats(deps, former.gameId, { personId: former.personId });
    if (done.ok) return null; // it holds seats after all: not a former player's mail
    const game = await deps.db.game.findUniqueOrThrow({ where: { id: former.gameId } });
    const person = await deps.db.person.findUniqueOrThrow({ where: { id: former.personId } });
    const locale = asLocale(former.locale);
    const def = gameDefinition(deps, game.game);
    const seat = done.sides.map((side) => seatText(def, game.mode, side, game.options)[locale]).join(', ');
    const text = mailText(locale, RECLAIM_REFUSAL_TEXT[done.reason], { seat });
    const replied = await queueAnswer(
      deps,
      {
        kind: 'reply',
        gameId: game.id,
        to: person.email,
        subject: mail.subject ? `Re: ${mail.subject.slice(0, 150)}` : `[${game.name}] RECLAIM`,
        text: `${text}\n`,
        html: `<p>${esc(text)}</p>`,
        inReplyTo: mail.inReplyTo,
        references: mail.inReplyTo ? [mail.inReplyTo] : [],
        headers: { 'Auto-Submitted': 'auto-replied', 'X-PBEM-Judge': game.id },
        attachments: [],
      },
      mail.answerId,
    );
    return { gameId: game.id, replied };
  }
  return null;
}
