/**
 * Outbox rows for what players must hear about: the welcome mail of a new game, the result of a published step,
 * and the moderator's notice of a preview awaiting review. Rows are written in the caller's transaction, so a mail
 * exists exactly when the result it reports does. The texts here are plain and short (English, then Japanese for
 * seats whose locale is ja); they contain only what the seat's view and visible events show.
 */
import { randomUUID } from 'node:crypto';
import type { AnyGame, GameEvent, Owed, Viewer } from '../engine/types.ts';
import { gameDefinition, type ServiceDeps, type Tx } from './deps.ts';
import { asJson } from './json.ts';
import { queueStepResults, queueWelcome, type StepResultsKnown } from '../mail/notify.ts';

interface Mail {
  gameId: string;
  seatId?: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

async function queue(tx: Tx, deps: ServiceDeps, mail: Mail): Promise<void> {
  await tx.outbox.create({
    data: {
      gameId: mail.gameId,
      seatId: mail.seatId ?? null,
      kind: mail.kind,
      toAddress: mail.to,
      fromAddress: deps.config.MAIL_FROM,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      messageId: `<${randomUUID()}@${deps.config.MAIL_DOMAIN}>`,
      text: mail.text,
      nextAttemptAt: deps.clock(),
    },
  });
}

const replyAddress = (deps: ServiceDeps, mailToken: string): string => `orders+${mailToken}@${deps.config.MAIL_DOMAIN}`;

/** Welcome mails of a new game, one per seat, each with the seat's link (its token is in it: sent once). Composed by src/mail. */
export async function queueWelcomeMails(tx: Tx, deps: ServiceDeps, input: { gameId: string; seats: { seatId: string; token: string }[] }): Promise<void> {
  await queueWelcome(tx, deps, input);
}

function describeEvent(e: GameEvent): string {
  const { type, rule, visibleTo: _v, ...rest } = e;
  return `- ${type}${rule ? ` (${rule})` : ''} ${JSON.stringify(rest)}`;
}

/** The plain-text result of one step for one viewer. The mail engineer's compose.ts replaces this. */
export function composeResultText(input: { gameName: string; stepNumber: number; events: GameEvent[]; owed: Owed[]; outcome: unknown; locale: 'en' | 'ja' }): { subject: string; text: string } {
  const ja = input.locale === 'ja';
  const lines = [ja ? `ステップ ${input.stepNumber} の結果:` : `Result of step ${input.stepNumber}:`, ...input.events.map(describeEvent), ''];
  if (input.outcome) lines.push(ja ? `ゲーム終了: ${JSON.stringify(input.outcome)}` : `Game over: ${JSON.stringify(input.outcome)}`);
  for (const o of input.owed) lines.push(`${ja ? '次の命令' : 'Orders due'} (${o.point}, ${o.rule}): ${ja ? o.prompt.ja : o.prompt.en}`);
  return { subject: `[${input.gameName}] ${ja ? `ステップ ${input.stepNumber} 結果` : `Step ${input.stepNumber} result`}`, text: lines.join('\n') + '\n' };
}

function visible(def: AnyGame, events: GameEvent[], viewer: Viewer): GameEvent[] {
  return def.visibleEvents(events, viewer);
}

/**
 * Result mails for step `stepNumber` just published: one per seat with the events that seat may see, what it owes
 * next, and the outcome when the game is over. Called in the publishing transaction; composed by src/mail.
 */
export async function queueStepNotifications(tx: Tx, deps: ServiceDeps, input: { gameId: string; stepNumber: number; known?: StepResultsKnown }): Promise<void> {
  await queueStepResults(tx, deps, input);
}

/** Tells the moderator (when the game has a moderator address) that a step's result awaits review. */
export async function queueReviewNotice(tx: Tx, deps: ServiceDeps, input: { gameId: string; stepNumber: number; game?: { id: string; name: string; moderatorEmail: string | null } }): Promise<void> {
  const game = input.game ?? (await tx.game.findUniqueOrThrow({ where: { id: input.gameId }, select: { id: true, name: true, moderatorEmail: true } }));
  if (!game.moderatorEmail) return;
  await queue(tx, deps, {
    gameId: game.id,
    kind: 'moderator',
    to: game.moderatorEmail,
    subject: `[${game.name}] Step ${input.stepNumber} awaits review / ステップ ${input.stepNumber} 承認待ち`,
    text: `The result of step ${input.stepNumber} is ready for review: ${deps.config.PUBLIC_URL}/g/${game.id}/moderate\nステップ ${input.stepNumber} の結果が承認待ちです。\n`,
  });
}
