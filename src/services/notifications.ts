/**
 * Outbox rows for what players must hear about: the welcome mail of a new game, the result of a published step,
 * and the moderator's notice of a preview awaiting review. Rows are written in the caller's transaction, so a mail
 * exists exactly when the result it reports does. Composition (per seat, in its language, only what its view and
 * visible events show) lives in src/mail.
 */
import { queueMails } from '../mail/outbox.ts';
import { queueStepResults, queueWelcome, type StepResultsKnown } from '../mail/notify.ts';
import type { ServiceDeps, SqlTx, Tx } from './deps.ts';

/** Welcome mails of a new game, one per seat, each with the seat's link (its token is in it: sent once). */
export async function queueWelcomeMails(tx: Tx, deps: ServiceDeps, input: { gameId: string; seats: { seatId: string; token: string }[] }): Promise<void> {
  await queueWelcome(tx, deps, input);
}

/**
 * Result mails for step `stepNumber` just published: one per seat with the events that seat may see, what it owes
 * next, and the outcome when the game is over. Called in the publishing transaction.
 */
export async function queueStepNotifications(tx: SqlTx, deps: ServiceDeps, input: { gameId: string; stepNumber: number; known: StepResultsKnown }): Promise<void> {
  await queueStepResults(tx, deps, input);
}

/** Tells the moderator (when the game has a moderator address) that a step's result awaits review. */
export async function queueReviewNotice(tx: SqlTx, deps: ServiceDeps, input: { gameId: string; stepNumber: number; game?: { id: string; name: string; moderatorEmail: string | null } }): Promise<void> {
  const game = input.game ?? (await tx.$queryRawUnsafe<{ id: string; name: string; moderatorEmail: string | null }[]>(`SELECT id, name, "moderatorEmail" FROM "Game" WHERE id = $1`, input.gameId))[0];
  if (!game?.moderatorEmail) return;
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/g/${game.id}/moderate`;
  const text = `The result of step ${input.stepNumber} is ready for review: ${link}\nステップ ${input.stepNumber} の結果が承認待ちです: ${link}\n`;
  await queueMails(
    tx,
    deps.config,
    [{
      gameId: game.id,
      kind: 'moderator',
      to: game.moderatorEmail,
      subject: `[${game.name}] Step ${input.stepNumber} awaits review / ステップ ${input.stepNumber} 承認待ち`,
      text,
      html: '',
      references: [],
      headers: {},
      attachments: [],
    }],
    deps.clock(),
  );
}
