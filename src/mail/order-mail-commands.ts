/**
 * The commands of an order mail (src/mail/order-mail.ts), answered in the sender's language: HELP (the order
 * syntax and the choices now: of the seat, or of each seat of a person holding several, with how to address them by
 * `SEAT <seat>` lines), STATUS (the board and the orders in, seat by seat for several), RECLAIM (taking back the
 * seats the computer player plays), VACATION (a vacation for every game of the sender's address:
 * src/mail/vacation-command.ts), and the moderator's APPROVE and REJECT; and the answer to a mail with neither orders nor commands.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { Game, Seat } from '../generated/prisma/client.ts';
import type { KnownPeople } from './outbox.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { TextCommand } from '../orders-text/types.ts';
import { formatOrderText, syntaxFor, type TextGame } from '../orders-text/game-text.ts';
import type { SeatText } from '../orders-text/seat-orders.ts';
import type { ServiceDeps } from '../services/deps.ts';
import type { CurrentStep } from '../services/steps.ts';
import { ServiceError } from '../services/errors.ts';
import { approveStep, decisionByMail, type MailDecision, rejectStep } from '../services/moderation.ts';
import { RECLAIM_REFUSAL_TEXT, reclaimSeats } from '../services/bot-seats.ts';
import { currentOrdersOf } from '../services/orders.ts';
import { gameViewFor, personGameViewFor } from '../services/views.ts';
import { replyTemplateOf } from './compose-action.ts';
import type { MailPrincipal } from './auth.ts';
import { heading, type PlayerMailContext, para, pre, seatSyntax, sideNameOf } from './compose-parts.ts';
import { helpAnswer, statusAnswer } from './compose-reply.ts';
import { type Part, renderChoices } from './render.ts';
import { vacationAnswer } from './vacation-command.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/faults.ts';

/** What answering one mail needs: its game, the step now, the sender's seats, how to read its text, its reader. */
export interface MailContext {
  deps: ServiceDeps;
  principal: MailPrincipal;
  game: Game & { seats: Seat[] };
  /** The game's seats and persons as the mail's context read them. */
  people: KnownPeople;
  step: CurrentStep;
  /** The sender's seats, sorted by side, with their choices now (none for the moderator). */
  seats: SeatText[];
  /** The game's data set and its package, resolved once for the whole mail (undefined when it is not installed). */
  data: unknown;
  def: AnyGamePackage | undefined;
  textGame: TextGame;
  /** Whom the reply goes to: the seat, the person holding several, or (as a seat named so) the moderator. */
  reader: PlayerMailContext;
  locale: Locale;
  /** The stored inbound mail being answered (its APPROVE and REJECT are made once however often it is processed). */
  inboundId?: string;
}

/** A line of an answer (its HTML escapes what HTML would read). */
const note = (t: string): Part => ({
  text: t,
  html: `<p>${t.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`,
});

/**
 * The answers to a mail's commands, in order (a command that fails is answered with why). A transaction that lost a
 * race, or a database that is away, says nothing of the command: the mail is processed again (src/mail/intake.ts).
 */
export async function commandAnswers(ctx: MailContext, commands: readonly TextCommand[]): Promise<Part[]> {
  const answers: Part[] = [];
  for (const cmd of commands) {
    try {
      answers.push(...(await commandAnswer(ctx, cmd)));
    } catch (error) {
      if (isTransactionConflict(error) || isDatabaseUnavailable(error)) throw error;
      const what = cmd.kind.toUpperCase();
      if (error instanceof ServiceError) answers.push(note(`${what}: ${error.message} [${error.code}]`));
      else {
        ctx.deps.log.error({ err: error, gameId: ctx.game.id, command: cmd.kind }, 'mail command failed');
        answers.push(note(mailText(ctx.locale, 'mail.command.failed', { what })));
      }
    }
  }
  return answers;
}

/** A heading of one seat's part of an answer to a person holding several seats. */
function seatHeading(ctx: MailContext, side: string, key: 'mail.seat.choices' | 'mail.seat.status'): Part {
  return heading(mailText(ctx.locale, key, { seat: sideNameOf(ctx.reader, side) }));
}

/** HELP: the grammar, then the seat's orders now and choices, or each seat's choices under its heading. */
function helpAnswerOf(ctx: MailContext): Part[] {
  const { locale, textGame } = ctx;
  const syntax = syntaxFor(textGame, locale);
  if (ctx.principal.kind === 'person') {
    const sides = ctx.seats.map((s) => s.side);
    return [
      heading(mailText(locale, 'mail.help.syntax')),
      pre(syntax),
      para(seatSyntax(locale, sides)),
      ...ctx.seats.flatMap((s) => [seatHeading(ctx, s.side, 'mail.seat.choices'), renderChoices(s.choices, locale)]),
      para(mailText(locale, 'mail.help.vacation')),
    ];
  }
  const seat = ctx.seats[0];
  const state = ctx.step.envelope.state;
  const template = ctx.def && seat?.choices ? replyTemplateOf(ctx.def, ctx.data, state, seat.side, locale) : null;
  const help = helpAnswer(locale, syntax, seat?.choices ?? null, template);
  return ctx.principal.kind === 'seat' ? [...help, para(mailText(locale, 'mail.help.vacation'))] : help;
}

/** STATUS: the board and the orders in of the seat (or the moderator's view), or each seat's board under its heading. */
async function statusAnswerOf(ctx: MailContext): Promise<Part[]> {
  const { deps, game, principal, locale } = ctx;
  if (principal.kind === 'person') {
    const view = await personGameViewFor(deps, game.id, principal);
    return ctx.seats.flatMap((s) => {
      const sight = view.bySeat[s.side];
      return [
        seatHeading(ctx, s.side, 'mail.seat.status'),
        ...statusAnswer(locale, sight.board, sight.view, view.step, null),
      ];
    });
  }
  const auth =
    principal.kind === 'seat'
      ? { kind: 'seat' as const, gameId: game.id, seatId: principal.seatId, side: principal.side }
      : { kind: 'moderator' as const, gameId: game.id };
  const view = await gameViewFor(deps, game.id, auth);
  const seat = ctx.seats[0];
  const mine = seat && principal.kind === 'seat' ? await currentOrdersOf(deps, game.id, principal.seatId) : null;
  const grammar = { data: ctx.data, seat: seat?.side, choices: seat?.choices ?? null };
  const echo = mine ? formatOrderText(ctx.textGame, grammar, mine.orders, locale) : null;
  return statusAnswer(locale, view.board, view.view, view.step, seat ? (echo ?? []) : null);
}

/** The answer to one command of a mail (HELP, STATUS, and the moderator's APPROVE and REJECT). */
async function commandAnswer(ctx: MailContext, cmd: TextCommand): Promise<Part[]> {
  const { deps, game, locale } = ctx;
  if (cmd.kind === 'help') return helpAnswerOf(ctx);
  if (cmd.kind === 'status') return statusAnswerOf(ctx);
  if (cmd.kind === 'reclaim') return reclaimAnswerOf(ctx);
  if (cmd.kind === 'vacation') return vacationAnswer(deps, ctx.principal, cmd, locale, ctx.inboundId);
  if (cmd.kind !== 'approve' && cmd.kind !== 'reject') return [];
  if (ctx.principal.kind !== 'moderator') {
    const what = cmd.kind.toUpperCase();
    return [note(mailText(locale, 'mail.command.moderatorOnly', { what }))];
  }
  const inboundId = ctx.inboundId;
  // Processed again after its process died: what the mail decided then is the answer, not a refusal.
  const earlier = inboundId ? await decisionByMail(deps, game.id, inboundId) : null;
  if (earlier) return [alreadyDecided(ctx, earlier)];
  if (cmd.kind === 'approve') {
    const r = await approveStep(deps, game.id, ctx.step.number, { inboundId });
    return [note(`APPROVE: step ${r.step} published${r.finished ? ' (game over)' : ''}.`)];
  }
  const r = await rejectStep(deps, game.id, ctx.step.number, cmd.reason, { inboundId });
  const who = r.awaiting.join(', ') || 'nobody';
  const then = `It resolves again once ${who} confirmed or revised, or at ${r.deadlineAt.toISOString()}.`;
  return [note(`REJECT: step ${r.step} sent back (${cmd.reason}); every seat is told. ${then}`)];
}

/**
 * RECLAIM (取り戻す): the sender takes back its seats the computer player plays (src/services/bot-seats.ts), or is told
 * why it cannot, in its language.
 */
async function reclaimAnswerOf(ctx: MailContext): Promise<Part[]> {
  const { deps, game, principal, locale } = ctx;
  if (principal.kind === 'moderator') return [note(mailText(locale, 'reclaim.noSeat'))];
  const who = principal.kind === 'seat' ? { seatId: principal.seatId } : { personId: principal.personId };
  const done = await reclaimSeats(deps, game.id, who);
  const seat = done.sides.map((side) => sideNameOf(ctx.reader, side)).join(locale === 'ja' ? '、' : ', ');
  return [note(mailText(locale, done.ok ? 'reclaim.done' : RECLAIM_REFUSAL_TEXT[done.reason], { seat }))];
}

/** The answer to an APPROVE or REJECT this very mail made before its process died (it is not made twice). */
function alreadyDecided(ctx: MailContext, d: MailDecision): Part {
  if (d.action === 'approve') return note(mailText(ctx.locale, 'mail.command.approvedAlready', { step: d.step }));
  const by = d.deadlineAt ?? '';
  const who = d.awaiting?.join(', ') || 'nobody';
  return note(mailText(ctx.locale, 'mail.command.rejectedAlready', { step: d.step, reason: d.reason ?? '', who, by }));
}

/** The answer to a mail with neither orders nor commands (and a word about attachments, which are not read). */
export function nothingRead(ctx: MailContext, mail: { attachments: number }): Part[] {
  const { locale } = ctx;
  const parts = [note(mailText(locale, 'mail.nothingRead'))];
  if (mail.attachments) parts.push(note(mailText(locale, 'mail.attachmentsNotRead')));
  return parts;
}
