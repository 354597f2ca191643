/**
 * An authenticated order mail: its commands (HELP, STATUS, APPROVE, REJECT) and orders, submitted through the same
 * service path as the API (submitOrders, approveStep, rejectStep), answered with a Judge-style reply: the orders as
 * understood, every error with its rule id, what the seat still owes and the deadline in its time zone.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { ChoiceTree, Owed, RuleError } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { formatOrderText, readOrderText, syntaxFor, type TextGame } from '../orders-text/game-text.ts';
import type { GrammarInput } from '../engine/grammar.ts';
import type { ParsedText, TextCommand } from '../orders-text/types.ts';
import { componentData } from '../services/component-data.ts';
import { gameDefinition, type ServiceDeps } from '../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../services/errors.ts';
import { approveStep, rejectStep } from '../services/moderation.ts';
import { crashPoint } from '../services/crash-points.ts';
import { currentOrdersOf, ordersErrorsNow, submitOrders } from '../services/orders.ts';
import { type CurrentStep, currentStep } from '../services/steps.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { gameViewFor } from '../services/views.ts';
import type { Game, Seat } from '../generated/prisma/client.ts';
import { ordersAddress } from './addresses.ts';
import type { MailPrincipal } from './auth.ts';
import { replyTemplateOf } from './compose-action.ts';
import { composeModeratorReply, composeReply, helpAnswer, statusAnswer, type ReplyReport } from './compose-reply.ts';
import { loadGameWithSeats, seatMailContext } from './context.ts';
import { queueAnswer, replyBudgetLeft } from './outbox.ts';
import type { Part } from './render.ts';
import {
  type RefusedReader,
  unansweredNote,
  unansweredPart,
  unansweredRefusals,
  type UnansweredNote,
} from './unanswered.ts';
import type { ComposedMail } from './compose-parts.ts';
import { formatDateTime } from '../i18n/index.ts';

/** The readable parts of an inbound mail. */
export interface OrderMail {
  text: string;
  subject?: string;
  from?: string;
  inReplyTo?: string;
  references: string[];
  attachments: number;
  /**
   * The stored inbound mail this is (InboundMail.id): its order and its reply get ids derived from it, so a mail
   * processed again after a crash stores its orders and is answered once.
   */
  inboundId: string;
}

/** The id of the order a stored inbound mail submits, and of the one answer it gets. */
export const mailOrderId = (inboundId: string) => uuidFromKey(`inbound-order:${inboundId}`);
export const mailAnswerId = (inboundId: string) => uuidFromKey(`inbound-answer:${inboundId}`);

/** What the mail did (stored with the inbound record). */
export interface OrderMailResult {
  outcome: ReplyReport['outcome'];
  statements: number;
  textErrors: number;
  ruleErrors: number;
  commands: string[];
  resolved: boolean;
  replied: boolean;
  /** A refusal whose reply was not sent (the player's hourly budget was spent): shown on the page and next reply. */
  unanswered?: UnansweredNote;
  /** The person holding several seats the mail was from (its refusals left unanswered are found by it). */
  personId?: string;
}

const L = (locale: Locale, en: string, ja: string) => (locale === 'ja' ? ja : en);
const note = (t: string): Part => ({
  text: t,
  html: `<p>${t.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`,
});

/** A seat's or the moderator's mail principal (a person's mail: src/mail/person-order-mail.ts). */
type OneSeatPrincipal = Exclude<MailPrincipal, { kind: 'person' }>;

/** What answering one mail needs: its game, the step now, the sender's seat (if a seat), how to read its text. */
interface MailContext {
  deps: ServiceDeps;
  principal: OneSeatPrincipal;
  game: Game & { seats: Seat[] };
  step: CurrentStep;
  /** The sender's seat (none for the moderator). */
  seat: Seat | undefined;
  choices: ChoiceTree | null;
  grammarInput: GrammarInput;
  textGame: TextGame;
  /** The game's package, resolved once for the whole mail (undefined when it is not installed). */
  def: AnyGamePackage | undefined;
  locale: Locale;
}

/** The context of a mail of a seat or the moderator. */
async function mailContext(deps: ServiceDeps, principal: OneSeatPrincipal): Promise<MailContext> {
  const game = await loadGameWithSeats(deps.db, principal.gameId);
  const def = gameDefinition(deps, game.game);
  const step = await currentStep(deps, game.id);
  const seat = principal.kind === 'seat' ? game.seats.find((s) => s.id === principal.seatId) : undefined;
  const side = seat?.side;
  const owesNow = !!side && step.status === 'open' && step.owed.some((o) => o.seat === side);
  const choices = def && side && owesNow ? def.choices(step.envelope.state, side) : null;
  const grammarInput = { data: componentData(def, game), seat: side, choices };
  // A game without a grammar still reads commands and JSON orders (the generic default of its package).
  const textGame: TextGame = def ?? {};
  const locale: Locale = seat?.locale === 'ja' ? 'ja' : 'en';
  return { deps, principal, game, step, seat, choices, grammarInput, textGame, def, locale };
}

/** Processes an authenticated mail of a seat or the moderator and queues the reply (a person's: person-order-mail). */
export async function processOrderMail(
  deps: ServiceDeps,
  principal: OneSeatPrincipal,
  mail: OrderMail,
): Promise<OrderMailResult> {
  const ctx = await mailContext(deps, principal);
  const { game, seat, textGame, grammarInput, locale } = ctx;
  const parsed = await withOrdersStoredBefore(deps, mail.inboundId, readOrderText(textGame, grammarInput, mail.text));
  const answers: Part[] = [];
  for (const cmd of parsed.commands) answers.push(...(await commandAnswer(ctx, cmd)));
  const submitted =
    parsed.statements > 0 ? await submitMailOrders(ctx, parsed, mail) : { outcome: 'none' as const, ruleErrors: [] };
  if (!parsed.statements && !parsed.commands.length && !parsed.errors.length) answers.push(...nothingRead(ctx, mail));
  // What is owed now (after a resolution this is the next step).
  const now = await currentStep(deps, game.id);
  const side = seat?.side;
  const owed: Owed[] = side && now.status === 'open' ? now.owed.filter((o) => o.seat === side) : [];
  const { outcome, ruleErrors, problem } = submitted;
  const resolved = submitted.resolved ?? false;
  const report: ReplyReport = {
    echo: parsed.statements ? formatOrderText(textGame, grammarInput, parsed.orders, locale) : [],
    textErrors: parsed.errors,
    ruleErrors,
    ignored: parsed.ignored,
    outcome,
    problem,
    answers,
    owed,
    deadline: now.deadlineAt,
    resolved,
  };
  crashPoint('mail-submitted');
  const replied = await reply(deps, principal, { row: game, def: ctx.def }, seat, report, mail);
  // A refusal the player was not answered for is kept, for the page and the next reply (src/mail/unanswered.ts).
  const refused = outcome === 'rejected' || parsed.errors.length > 0;
  const unanswered = !replied && seat && refused ? { unanswered: unansweredNote(report, mail.subject) } : {};
  const commands = parsed.commands.map((c) => c.kind);
  const counts = { statements: parsed.statements, textErrors: parsed.errors.length, ruleErrors: ruleErrors.length };
  return { outcome, ...counts, commands, resolved, replied, ...unanswered };
}

/** The answer to one command of a mail (HELP, STATUS, and the moderator's APPROVE and REJECT). */
async function commandAnswer(ctx: MailContext, cmd: TextCommand): Promise<Part[]> {
  const { deps, game, seat, locale, textGame } = ctx;
  try {
    if (cmd.kind === 'help') {
      const { def } = ctx;
      const template =
        def && seat && ctx.choices
          ? replyTemplateOf(def, ctx.grammarInput.data, ctx.step.envelope.state, seat.side, locale)
          : null;
      return helpAnswer(locale, syntaxFor(textGame, locale), ctx.choices, template);
    }
    if (cmd.kind === 'status') {
      const auth =
        ctx.principal.kind === 'seat'
          ? { kind: 'seat' as const, gameId: game.id, seatId: ctx.principal.seatId, side: ctx.principal.side }
          : { kind: 'moderator' as const, gameId: game.id };
      const view = await gameViewFor(deps, game.id, auth);
      const mine = seat ? await currentOrdersOf(deps, game.id, seat.id) : null;
      const echo = mine ? formatOrderText(textGame, ctx.grammarInput, mine.orders, locale) : null;
      return statusAnswer(locale, view.board, view.view, view.step, seat ? (echo ?? []) : null);
    }
    if (cmd.kind !== 'approve' && cmd.kind !== 'reject') return [];
    if (ctx.principal.kind !== 'moderator') {
      const what = cmd.kind.toUpperCase();
      return [note(L(locale, `${what} is for the moderator only.`, `${what} はモデレーター専用です。`))];
    }
    if (cmd.kind === 'approve') {
      const r = await approveStep(deps, game.id, ctx.step.number);
      return [note(`APPROVE: step ${r.step} published${r.finished ? ' (game over)' : ''}.`)];
    }
    const r = await rejectStep(deps, game.id, ctx.step.number, cmd.reason);
    const who = r.awaiting.join(', ') || 'nobody';
    const then = `It resolves again once ${who} confirmed or revised, or at ${r.deadlineAt.toISOString()}.`;
    return [note(`REJECT: step ${r.step} sent back (${cmd.reason}); every seat is told. ${then}`)];
  } catch (error) {
    const why = error instanceof ServiceError ? `${error.message} [${error.code}]` : 'failed';
    return [note(`${cmd.kind.toUpperCase()}: ${why}`)];
  }
}

/** What submitting a mail's orders came to. */
interface MailSubmission {
  outcome: ReplyReport['outcome'];
  ruleErrors: RuleError[];
  problem?: ReplyReport['problem'];
  resolved?: boolean;
}

/** Submits the orders of a mail (a seat's, read without a text error), as the API would, under its derived id. */
async function submitMailOrders(ctx: MailContext, parsed: ParsedText, mail: OrderMail): Promise<MailSubmission> {
  const { deps, principal, game } = ctx;
  if (principal.kind !== 'seat') {
    const problem = {
      en: 'Moderators amend orders on the moderator console, not by mail.',
      ja: 'モデレーターの命令修正はメールではなくモデレーター画面で行ってください。',
    };
    return { outcome: 'rejected', ruleErrors: [], problem };
  }
  // The orders read from the other lines are checked too: the reply lists every error at once.
  if (parsed.errors.length)
    return { outcome: 'rejected', ruleErrors: await ordersErrorsNow(deps, game.id, principal.seatId, parsed.orders) };
  try {
    const r = await submitOrders(deps, {
      gameId: game.id,
      seatId: principal.seatId,
      orders: parsed.orders,
      raw: parsed.redacted,
      source: 'email',
      orderId: mailOrderId(mail.inboundId),
    });
    return { outcome: 'accepted', ruleErrors: [], resolved: !!r.resolution };
  } catch (error) {
    if (error instanceof OrdersInvalidError) return { outcome: 'rejected', ruleErrors: error.errors };
    if (!(error instanceof ServiceError)) throw error;
    const problem = { en: `${error.message} [${error.code}]`, ja: `${error.message} [${error.code}]` };
    return { outcome: 'rejected', ruleErrors: [], problem };
  }
}

/** The answer to a mail with neither orders nor commands (and a word about attachments, which are not read). */
function nothingRead(ctx: MailContext, mail: OrderMail): Part[] {
  const { locale } = ctx;
  const parts = [
    note(
      L(
        locale,
        'No orders or commands were found in your mail. Send HELP for the syntax.',
        'メールに命令もコマンドも見つかりませんでした。書き方は HELP で確認できます。',
      ),
    ),
  ];
  if (mail.attachments)
    parts.push(
      note(
        L(
          locale,
          'Attachments are not read: write the orders in the mail text.',
          '添付ファイルは読みません。命令は本文に書いてください。',
        ),
      ),
    );
  return parts;
}

/**
 * A mail processed before as far as its orders (its process died before the reply): the orders stored then are
 * what it says, whatever the step is now (the text could read otherwise against a later step). Submitting them
 * again stores nothing (same order id) and answers "accepted", as the first time.
 */
async function withOrdersStoredBefore(deps: ServiceDeps, inboundId: string, parsed: ParsedText): Promise<ParsedText> {
  const stored = await deps.db.order.findUnique({ where: { id: mailOrderId(inboundId) }, select: { parsed: true } });
  return stored ? { ...parsed, orders: stored.parsed, errors: [], statements: Math.max(parsed.statements, 1) } : parsed;
}

async function reply(
  deps: ServiceDeps,
  principal: Exclude<MailPrincipal, { kind: 'person' }>,
  handle: { row: Awaited<ReturnType<typeof loadGameWithSeats>>; def: AnyGamePackage | undefined },
  seat: Awaited<ReturnType<typeof loadGameWithSeats>>['seats'][number] | undefined,
  report: ReplyReport,
  mail: OrderMail,
): Promise<boolean> {
  const game = handle.row;
  // Seats are answered at their registered address (never at a From that may be forged); moderators at theirs.
  const pseudo = seat ?? {
    ...game.seats[0],
    id: '',
    side: 'moderator',
    email: game.moderatorEmail ?? mail.from ?? '',
    locale: 'en',
    timeZone: 'UTC',
    mailToken: '',
    playerName: null,
  };
  const ctx = seatMailContext(deps, game, handle.def, pseudo);
  const reader = { gameId: game.id, ...ctx.seat, refused: seat };
  return queueReply(deps, mail, reader, (earlier) => {
    const answered = earlier ? { ...report, answers: [earlier, ...report.answers] } : report;
    const compose = principal.kind === 'moderator' ? composeModeratorReply : composeReply;
    const composed = compose(ctx, {
      ...answered,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      subject: mail.subject,
    });
    if (principal.kind === 'moderator') {
      composed.seatId = undefined;
      composed.replyTo = ordersAddress(deps.config.MAIL_DOMAIN);
    }
    return composed;
  });
}

/** Who a reply goes to: the player's registered address and language, and whose earlier refusals it reports. */
export interface ReplyReader {
  gameId: string;
  email: string;
  locale: Locale;
  timeZone: string;
  /** Whose refusals left unanswered head the reply (none for the moderator). */
  refused?: RefusedReader;
}

/**
 * Queues the one answer to a stored mail at the reader's registered address (never at a From that may be forged),
 * within the reader's hourly reply budget (refusals of forged mail "from" this address spend another one:
 * src/mail/outbox.ts); refusals the player was not answered for come first (`compose` gets them as a part). The same
 * for a player holding one seat or several, and the moderator. Returns whether the answer is queued (or was, by a
 * process that died after queueing it: not again, and not against the budget).
 */
export async function queueReply(
  deps: ServiceDeps,
  mail: OrderMail,
  reader: ReplyReader,
  compose: (earlier: Part | null) => ComposedMail,
): Promise<boolean> {
  if (!reader.email) return false;
  if (await deps.db.outbox.findUnique({ where: { id: mailAnswerId(mail.inboundId) }, select: { id: true } }))
    return true;
  if (!(await replyBudgetLeft(deps.db, reader.email, 'player', deps.config, deps.clock()))) {
    deps.log.warn({ gameId: reader.gameId, to: reader.email }, 'reply budget spent: reply not sent');
    return false;
  }
  const when = (d: Date) => formatDateTime(d, reader.timeZone, reader.locale);
  const refusals = reader.refused ? await unansweredRefusals(deps.db, reader.refused, deps.clock()) : [];
  const composed = compose(unansweredPart(refusals, reader.locale, when));
  const queued = await queueAnswer(deps, composed, mailAnswerId(mail.inboundId));
  if (!queued) deps.log.warn({ gameId: reader.gameId, to: composed.to }, 'reply budget spent: reply not sent');
  return queued;
}
