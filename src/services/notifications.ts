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

/** Welcome mails of a new game, one per seat, each with the seat's link (its token is in it: sent once). */
export async function queueWelcomeMails(tx: Tx, deps: ServiceDeps, input: { gameId: string; seats: { seatId: string; token: string }[] }): Promise<void> {
  const game = await tx.game.findUniqueOrThrow({ where: { id: input.gameId }, include: { seats: true } });
  for (const { seatId, token } of input.seats) {
    const seat = game.seats.find((s) => s.id === seatId);
    if (!seat) continue;
    const link = `${deps.config.PUBLIC_URL}/g/${game.id}?token=${token}`;
    const en = `You have the ${seat.side} seat in "${game.name}" (${game.game}, ${game.mode}).\nYour page: ${link}\nReply to this mail to send orders.\nDice commitment (SHA-256 of the secret seed): ${game.seedCommitment}\n`;
    const ja = `「${game.name}」(${game.game}, ${game.mode}) の ${seat.side} 席に登録されました。\nあなたのページ: ${link}\nこのメールに返信して命令を送れます。\nダイス・コミットメント (秘密シードの SHA-256): ${game.seedCommitment}\n`;
    await queue(tx, deps, {
      gameId: game.id,
      seatId,
      kind: 'welcome',
      to: seat.email,
      subject: seat.locale === 'ja' ? `[${game.name}] ゲーム開始` : `[${game.name}] Welcome`,
      text: seat.locale === 'ja' ? `${ja}\n---\n${en}` : en,
      replyTo: replyAddress(deps, seat.mailToken),
    });
  }
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
 * next, and the outcome when the game is over. Called in the publishing transaction.
 */
export async function queueStepNotifications(tx: Tx, deps: ServiceDeps, input: { gameId: string; stepNumber: number }): Promise<void> {
  const game = await tx.game.findUniqueOrThrow({ where: { id: input.gameId }, include: { seats: true } });
  const def = gameDefinition(deps, game.game);
  if (!def) return;
  const step = await tx.step.findUniqueOrThrow({ where: { gameId_number: { gameId: game.id, number: input.stepNumber } }, include: { events: { orderBy: { seq: 'asc' } } } });
  const next = await tx.step.findUnique({ where: { gameId_number: { gameId: game.id, number: input.stepNumber + 1 } }, select: { owed: true } });
  const events = step.events.map((e) => e.payload as GameEvent);
  const owed = (next?.owed ?? []) as unknown as Owed[];
  for (const seat of [...game.seats].sort((a, b) => a.side.localeCompare(b.side))) {
    const mail = composeResultText({
      gameName: game.name,
      stepNumber: step.number,
      events: visible(def, events, { kind: 'seat', seat: seat.side }),
      owed: owed.filter((o) => o.seat === seat.side),
      outcome: game.outcome,
      locale: seat.locale === 'ja' ? 'ja' : 'en',
    });
    await queue(tx, deps, { gameId: game.id, seatId: seat.id, kind: 'result', to: seat.email, ...mail, replyTo: replyAddress(deps, seat.mailToken) });
  }
}

/** Tells the moderator (when the game has a moderator address) that a step's result awaits review. */
export async function queueReviewNotice(tx: Tx, deps: ServiceDeps, input: { gameId: string; stepNumber: number }): Promise<void> {
  const game = await tx.game.findUniqueOrThrow({ where: { id: input.gameId }, select: { id: true, name: true, moderatorEmail: true } });
  if (!game.moderatorEmail) return;
  await queue(tx, deps, {
    gameId: game.id,
    kind: 'moderator',
    to: game.moderatorEmail,
    subject: `[${game.name}] Step ${input.stepNumber} awaits review / ステップ ${input.stepNumber} 承認待ち`,
    text: `The result of step ${input.stepNumber} is ready for review: ${deps.config.PUBLIC_URL}/g/${game.id}/moderate\nステップ ${input.stepNumber} の結果が承認待ちです。\n`,
  });
}
