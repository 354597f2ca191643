/**
 * An authenticated order mail, from a player holding one seat or several, or from the moderator: its commands (HELP,
 * STATUS, APPROVE, REJECT: src/mail/order-mail-commands.ts) and orders, submitted through the same service path as
 * the API (submitOrders, or submitOrdersBySeat for a person holding several seats: all or nothing), answered with
 * one Judge-style reply: the orders as understood, every error with its rule id (and its seat, for several), what
 * the player still owes and the deadline in its time zone. A person holding several seats addresses them with
 * `SEAT <seat>` lines (src/orders-text/seat-orders.ts, docs/email.md).
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { Locale } from '../i18n/index.ts';
import { mailWords } from '../i18n/strings-mail.ts';
import { formatOrderText, readOrderText, type TextGame } from '../orders-text/game-text.ts';
import { formatOrdersBySeat, type ParsedBySeat, readOrdersBySeat, type SeatText } from '../orders-text/seat-orders.ts';
import { componentData } from '../services/component-data.ts';
import { gameDefinition, type ServiceDeps } from '../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../services/errors.ts';
import { crashPoint } from '../services/crash-points.ts';
import { ordersBySeatErrorsNow, ordersErrorsNow, submitOrders, submitOrdersBySeat } from '../services/orders.ts';
import type { SubmissionState } from '../services/submission-state.ts';
import { readTogether, statement } from '../services/prepared-statements.ts';
import { CURRENT_STEP_OF, type CurrentStepRow, withEnvelope } from '../services/steps.ts';
import { uuidFromKey } from '../services/tokens.ts';
import type { Game, Person, Seat } from '../generated/prisma/client.ts';
import { ordersAddress } from './addresses.ts';
import type { MailPrincipal } from './auth.ts';
import { composeModeratorReply, composeReply, type ReplyReport } from './compose-reply.ts';
import {
  bySeat,
  type ComposedMail,
  type PersonMailContext,
  type PlayerMailContext,
  readerOf,
} from './compose-parts.ts';
import { GAME_PERSONS, GAME_ROW, GAME_SEATS, gameWithSeats } from '../services/game-rows.ts';
import { personMailContext, seatMailContext } from './context.ts';
import { commandAnswers, type MailContext, nothingRead } from './order-mail-commands.ts';
import { owedNow } from './order-mail-owed.ts';
import { ackStateRead, queueAck } from './ack-fold.ts';
import { answerQueuedRead, budgetLeftFrom, budgetRead, type KnownPeople, queueAnswer } from './outbox.ts';
import type { Part } from './render.ts';
import {
  type RefusedReader,
  unansweredNote,
  unansweredPart,
  refusalsFrom,
  unansweredRead,
  type UnansweredNote,
} from './unanswered.ts';
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
/** The id of the order a stored inbound mail of a person holding several seats submits for one of them. */
export const seatMailOrderId = (inboundId: string, side: string) => uuidFromKey(`inbound-order:${inboundId}:${side}`);

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

/** A mail's context, and the orders it stored when it was processed before (see `withOrdersStoredBefore`). */
interface ReadContext {
  ctx: MailContext;
  storedBefore: StoredOrder[];
}

/** An order a mail stored when it was processed before. */
interface StoredOrder {
  parsed: unknown;
  seatId: string;
}

/**
 * The context of a mail of a player or the moderator: the game, its seats, its current step and the orders this
 * mail stored before are read together, in one round trip on the pool.
 */
async function mailContext(deps: ServiceDeps, principal: MailPrincipal, mail: OrderMail): Promise<ReadContext> {
  const gameId = principal.gameId;
  const ids = Object.values(orderIds(principal, mail.inboundId, sidesOf(principal)));
  const [games, seatRows, personRows, steps, storedBefore] = await readTogether(deps, [
    [GAME_ROW, [gameId]],
    [GAME_SEATS, [gameId]],
    [GAME_PERSONS, [gameId]],
    [CURRENT_STEP_OF, [gameId]],
    [STORED_ORDERS, [ids]],
  ]);
  const game = gameWithSeats(games, seatRows, gameId);
  const persons = personRows as Person[];
  const def = gameDefinition(deps, game.game);
  const step = await withEnvelope(deps, steps[0] as CurrentStepRow | undefined);
  const { reader, held } = readerContext(deps, principal, { ...game, persons }, def, mail);
  const seats: SeatText[] = held.map((s) => {
    const owes = step.status === 'open' && step.owed.some((o) => o.seat === s.side);
    const choices = def && owes ? def.choices(step.envelope.state, s.side) : null;
    return { side: s.side, names: [s.sideName.en, s.sideName.ja], choices, owes };
  });
  // A game without a grammar still reads commands and JSON orders (the generic default of its package).
  const textGame: TextGame = def ?? {};
  const locale = held.length ? readerOf(reader).locale : 'en';
  const data = componentData(def, game);
  const people = { seats: game.seats, persons };
  const ctx = {
    deps,
    principal,
    game,
    people,
    step,
    seats,
    data,
    def,
    textGame,
    reader,
    locale,
    inboundId: mail.inboundId,
  };
  return { ctx, storedBefore: storedBefore as StoredOrder[] };
}

/**
 * The reader of the reply and the seats it holds: a seat (answered at its registered address, never at a From that
 * may be forged), a person holding several seats, or the moderator (no seat) at the game's moderator address.
 */
function readerContext(
  deps: ServiceDeps,
  principal: MailPrincipal,
  game: Game & { seats: Seat[]; persons: Person[] },
  def: AnyGamePackage | undefined,
  mail: OrderMail,
): { reader: PlayerMailContext; held: PersonMailContext['seats'] } {
  if (principal.kind === 'person') {
    const person = game.persons.find((p) => p.id === principal.personId);
    if (!person) throw new Error(`No Person found: ${principal.personId}`);
    const reader = personMailContext(deps, game, person, game.seats);
    return { reader, held: reader.seats };
  }
  const seat = principal.kind === 'seat' ? game.seats.find((s) => s.id === principal.seatId) : undefined;
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
  const reader = seatMailContext(deps, game, def, pseudo);
  return { reader, held: seat ? readerOf(reader).seats : [] };
}

/** What a mail says: orders by seat (one seat's under its side), commands, errors, the lines not read. */
type ReadMail = Omit<ParsedBySeat, 'raw'> & { raw: Record<string, string> };

/** Reads a mail: by seat for a person holding several (SEAT lines), with the seat's own grammar for one. */
function readMail(ctx: MailContext, text: string): ReadMail {
  if (ctx.principal.kind === 'person') return readOrdersBySeat(ctx.textGame, ctx.data, ctx.seats, text);
  const seat = ctx.seats[0];
  const parsed = readOrderText(
    ctx.textGame,
    { data: ctx.data, seat: seat?.side, choices: seat?.choices ?? null },
    text,
  );
  const side = seat?.side ?? '';
  const { statements, commands, errors, ignored } = parsed;
  return { orders: { [side]: parsed.orders }, raw: { [side]: parsed.redacted }, statements, commands, errors, ignored };
}

/** The ids of the orders a mail submits, by side: one for a seat, one per seat for a person holding several. */
function orderIds(principal: MailPrincipal, inboundId: string, sides: readonly string[]): Record<string, string> {
  const idOf = (side: string) =>
    principal.kind === 'person' ? seatMailOrderId(inboundId, side) : mailOrderId(inboundId);
  return Object.fromEntries(sides.map((side) => [side, idOf(side)]));
}

/** The sides a mail of `principal` may give orders for (none for the moderator). */
function sidesOf(principal: MailPrincipal): string[] {
  if (principal.kind === 'seat') return [principal.side];
  return principal.kind === 'person' ? principal.seats.map((s) => s.side) : [];
}

const STORED_ORDERS = statement(
  'mail_stored_orders',
  ['text[]'],
  'SELECT parsed, "seatId" FROM "Order" WHERE id = ANY($1::text[])',
);

/**
 * A mail processed before as far as its orders (its process died before the reply): the orders stored then, by
 * side, are what it says, whatever the step is now (the text could read otherwise against a later step).
 * Submitting them again stores nothing (same order ids) and answers "accepted", as the first time.
 */
function withOrdersStoredBefore(ctx: MailContext, stored: StoredOrder[], read: ReadMail): ReadMail {
  if (!stored.length) return read;
  // The sides from the game's seats, loaded with the context (a relation select costs a query of its own).
  const sideOf = new Map(ctx.game.seats.map((s) => [s.id, s.side]));
  const orders = Object.fromEntries(stored.map((r) => [sideOf.get(r.seatId) ?? '', r.parsed]));
  return { ...read, orders, errors: [], statements: Math.max(read.statements, 1) };
}

/**
 * What a seat's submission is checked against, as the mail's context has just read it: the game, its current step
 * and the seat (src/services/orders.ts `SubmitOrdersInput.known`). None for a person's or the moderator's mail.
 */
function submissionKnown(ctx: MailContext): SubmissionState | undefined {
  const { principal, game, step } = ctx;
  if (principal.kind !== 'seat') return undefined;
  const seat = game.seats.find((s) => s.id === principal.seatId);
  return {
    game: game.game,
    rulesVersion: step.rulesVersion,
    gameStatus: step.gameStatus,
    delaySeconds: game.processingDelaySeconds,
    stepId: step.stepId,
    number: step.number,
    status: step.status,
    owed: step.owed,
    seat: seat ? { id: seat.id, side: seat.side, bot: seat.bot } : null,
    remembered: false,
  };
}

/** Processes an authenticated mail of a player (one seat or several) or the moderator, and queues the reply. */
export async function processOrderMail(
  deps: ServiceDeps,
  principal: MailPrincipal,
  mail: OrderMail,
): Promise<OrderMailResult> {
  const { ctx, storedBefore } = await mailContext(deps, principal, mail);
  const read = withOrdersStoredBefore(ctx, storedBefore, readMail(ctx, mail.text));
  const answers = await commandAnswers(ctx, read.commands);
  // Nothing stored before and no command run (RECLAIM changes who plays the seat): the submission starts from the
  // game as the context has just read it, without a read of its own.
  const unchanged = !storedBefore.length && !read.commands.length;
  const submitted = await submitMailOrders(ctx, read, mail, unchanged ? submissionKnown(ctx) : undefined);
  if (!read.statements && !read.commands.length && !read.errors.length) answers.push(...nothingRead(ctx, mail));
  const { outcome, ruleErrors, problem } = submitted;
  const resolved = submitted.resolved ?? false;
  const report: ReplyReport = {
    echo: read.statements ? echoOf(ctx, read) : [],
    textErrors: read.errors,
    ruleErrors,
    ignored: read.ignored,
    outcome,
    problem,
    answers,
    ...(await owedNow(ctx, resolved)),
    resolved,
  };
  crashPoint('mail-submitted');
  const replied = await reply(ctx, report, mail);
  // A refusal the player was not answered for is kept, for the page and the next reply (src/mail/unanswered.ts).
  const refused = outcome === 'rejected' || read.errors.length > 0;
  const player = principal.kind !== 'moderator';
  const unanswered = !replied && player && refused ? { unanswered: unansweredNote(report, mail.subject) } : {};
  const commands = read.commands.map((c) => c.kind);
  const counts = { statements: read.statements, textErrors: read.errors.length, ruleErrors: ruleErrors.length };
  const person = principal.kind === 'person' ? { personId: principal.personId } : {};
  return { outcome, ...counts, commands, resolved, replied, ...unanswered, ...person };
}

/** The canonical text of the orders as understood: one seat's, or each seat's after its SEAT line. */
function echoOf(ctx: MailContext, read: ReadMail): string[] {
  const { textGame, data, locale } = ctx;
  if (ctx.principal.kind === 'person') return formatOrdersBySeat(textGame, data, ctx.seats, read.orders, locale);
  const seat = ctx.seats[0];
  const orders = read.orders[seat?.side ?? ''];
  return formatOrderText(textGame, { data, seat: seat?.side, choices: seat?.choices ?? null }, orders, locale);
}

/** What submitting a mail's orders came to. */
interface MailSubmission {
  outcome: ReplyReport['outcome'];
  ruleErrors: ReplyReport['ruleErrors'];
  problem?: ReplyReport['problem'];
  resolved?: boolean;
}

/**
 * Submits the orders of a mail read without a text error, as the API would, under ids derived from the mail: a
 * seat's, or a person's for each of its seats stored together as each seat's revision (all or nothing).
 */
async function submitMailOrders(
  ctx: MailContext,
  read: ReadMail,
  mail: OrderMail,
  known: SubmissionState | undefined,
): Promise<MailSubmission> {
  const { deps, principal, game } = ctx;
  if (!read.statements) return { outcome: 'none', ruleErrors: [] };
  if (principal.kind === 'moderator') {
    const problem = mailWords('mail.moderator.byConsole');
    return { outcome: 'rejected', ruleErrors: [], problem };
  }
  // The orders read from the other lines are checked too: the reply lists every error at once.
  if (read.errors.length) {
    if (principal.kind === 'seat')
      return {
        outcome: 'rejected',
        ruleErrors: await ordersErrorsNow(deps, game.id, principal.seatId, read.orders[principal.side]),
      };
    const bySeat = principal.seats.filter((s) => s.side in read.orders);
    const ruleErrors = await ordersBySeatErrorsNow(
      deps,
      game.id,
      bySeat.map((seat) => ({ seat, orders: read.orders[seat.side] })),
    );
    return { outcome: 'rejected', ruleErrors };
  }
  try {
    const ids = orderIds(principal, mail.inboundId, Object.keys(read.orders));
    const r =
      principal.kind === 'seat'
        ? await submitOrders(deps, {
            gameId: game.id,
            seatId: principal.seatId,
            orders: read.orders[principal.side],
            raw: read.raw[principal.side],
            source: 'email',
            orderId: ids[principal.side],
            known,
          })
        : await submitOrdersBySeat(deps, {
            gameId: game.id,
            person: principal,
            orders: read.orders,
            raw: read.raw,
            source: 'email',
            orderIds: ids,
          });
    return { outcome: 'accepted', ruleErrors: [], resolved: !!r.resolution };
  } catch (error) {
    if (error instanceof OrdersInvalidError) return { outcome: 'rejected', ruleErrors: error.errors };
    if (!(error instanceof ServiceError)) throw error;
    const problem = { en: `${error.message} [${error.code}]`, ja: `${error.message} [${error.code}]` };
    return { outcome: 'rejected', ruleErrors: [], problem };
  }
}

/** Queues the reply to the player (or the moderator) at its registered address, within its reply budget. */
async function reply(ctx: MailContext, report: ReplyReport, mail: OrderMail): Promise<boolean> {
  const { deps, principal, game, reader } = ctx;
  const who = readerOf(reader);
  const refused: RefusedReader | undefined =
    principal.kind === 'person'
      ? { personId: principal.personId, gameId: game.id, email: who.email }
      : principal.kind === 'seat' && ctx.seats.length
        ? { id: who.id, email: who.email }
        : undefined;
  // Accepted orders of a player are acknowledged whatever the reply budget, bursts folded (src/mail/ack-fold.ts).
  const ack = report.outcome === 'accepted' && !report.textErrors.length && principal.kind !== 'moderator';
  const release = report.resolved || report.next?.kind === 'review';
  const to = {
    ...{ gameId: game.id, email: who.email, locale: who.locale, timeZone: who.timeZone },
    ...{ refused, ack, release, people: ctx.people },
  };
  return queueReply(deps, mail, to, (earlier, folded) => {
    const answered = { ...report, folded, answers: earlier ? [earlier, ...report.answers] : report.answers };
    const input = { ...answered, inReplyTo: mail.inReplyTo, references: mail.references, subject: mail.subject };
    const moderator = principal.kind === 'moderator' && !bySeat(reader);
    const composed = moderator ? composeModeratorReply(reader, input) : composeReply(reader, input);
    if (moderator) {
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
  /** An acknowledgement of accepted orders: outside the reply budget, folded with others of the same minute. */
  ack?: boolean;
  /** An acknowledgement of orders that completed the step: sent at once, never held (src/mail/ack-fold.ts). */
  release?: boolean;
  /** The game's seats and persons as the mail's context read them: the reply's link and keys are made from them. */
  people?: KnownPeople;
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
  compose: (earlier: Part | null, folded: Part | null) => ComposedMail,
): Promise<boolean> {
  if (!reader.email) return false;
  const answerId = mailAnswerId(mail.inboundId);
  const now = deps.clock();
  const acked = { ...reader, mailId: mail.inReplyTo };
  // Whether the answer is queued, the refusals left unanswered, and the acknowledgement's state or the reply budget:
  // read together, in one round trip on the pool.
  const reads = [
    answerQueuedRead(answerId),
    reader.ack ? ackStateRead(acked, now) : budgetRead(reader.email, 'player', now),
  ];
  if (reader.refused) reads.push(unansweredRead(reader.refused, now));
  const [answered, last, refusals = []] = await readTogether(deps, reads);
  if (answered.length) return true;
  const when = (d: Date) => formatDateTime(d, reader.timeZone, reader.locale);
  const earlier = unansweredPart(refusalsFrom(refusals), reader.locale, when);
  const { people } = reader;
  if (reader.ack)
    return queueAck(deps, acked, answerId, (folded) => compose(earlier, folded), { rows: last, now }, people);
  const composed = compose(earlier, null);
  // The budget read is the one of this reply when the reply goes, as composed, to the reader tied to the game.
  const ours = composed.to === reader.email && !!composed.gameId;
  const budgetLeft = ours ? budgetLeftFrom(last, 'player', deps.config) : undefined;
  const queued = await queueAnswer(deps, composed, answerId, { notQueuedYet: true, budgetLeft, people });
  if (!queued) deps.log.warn({ gameId: reader.gameId, to: composed.to }, 'reply budget spent: reply not sent');
  return queued;
}
