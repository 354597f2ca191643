/**
 * An order mail of a person holding several seats (src/services/persons.ts), by its reply address or SIGNON with
 * its password: the text is read seat by seat (src/orders-text/seat-orders.ts: `SEAT <seat>` lines, or JSON by
 * seat), each seat's orders go to the engine on their own and are stored together as each seat's revision
 * (submitOrdersBySeat: all or nothing), and one Judge-style reply goes to the person, naming the seat of every line
 * and error. HELP and STATUS answer for every seat of the person; APPROVE and REJECT are the moderator's.
 */
import type { Owed } from '../engine/types.ts';
import { syntaxFor, type TextGame } from '../orders-text/game-text.ts';
import { formatOrdersBySeat, readOrdersBySeat, type SeatText } from '../orders-text/seat-orders.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { componentData } from '../services/component-data.ts';
import { gameDefinition } from '../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../services/errors.ts';
import { ordersBySeatErrorsNow, submitOrdersBySeat } from '../services/orders.ts';
import type { PersonPrincipal } from '../services/persons.ts';
import { currentStep } from '../services/steps.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { personGameViewFor } from '../services/views.ts';
import type { MailPrincipal } from './auth.ts';
import { heading, L, pre, para } from './compose-parts.ts';
import { statusAnswer } from './compose-reply.ts';
import { loadGameWithSeats, personMailContext } from './context.ts';
import { type OrderMail, type OrderMailResult, queueReply } from './order-mail.ts';
import {
  composePersonReply,
  type PersonMailContext,
  type PersonReplyReport,
  seatSyntax,
  sideNameOf,
} from './person-compose.ts';
import { type Part, renderChoices } from './render.ts';
import { unansweredNote } from './unanswered.ts';

/** The id of the order a stored inbound mail of a person submits for one of its seats. */
export const personMailOrderId = (inboundId: string, side: string) => uuidFromKey(`inbound-order:${inboundId}:${side}`);

type PersonMail = Extract<MailPrincipal, { kind: 'person' }>;

/** Processes a person's order mail and queues the reply. */
export async function processPersonOrderMail(
  deps: ServiceDeps,
  principal: PersonMail,
  mail: OrderMail,
): Promise<OrderMailResult> {
  const game = await loadGameWithSeats(deps.db, principal.gameId);
  const person = await deps.db.person.findUniqueOrThrow({ where: { id: principal.personId } });
  const def = gameDefinition(deps, game.game);
  const textGame: TextGame = def ?? {};
  const data = componentData(def, game);
  const step = await currentStep(deps, game.id);
  const ctx = personMailContext(deps, game, person, game.seats);
  const lc = ctx.person.locale;
  const seats: SeatText[] = ctx.seats.map((s) => {
    const owes = step.status === 'open' && step.owed.some((o) => o.seat === s.side);
    const choices = def && owes ? def.choices(step.envelope.state, s.side) : null;
    return { side: s.side, names: [s.sideName.en, s.sideName.ja], choices, owes };
  });
  const parsed = readOrdersBySeat(textGame, data, seats, mail.text);
  const stored = await ordersStoredBefore(deps, mail.inboundId, seats);
  const orders = stored ?? parsed.orders;

  const answers = await commandAnswers(deps, ctx, principal, parsed.commands, { textGame, seats });
  const statements = stored ? Math.max(parsed.statements, 1) : parsed.statements;
  const textErrors = stored ? [] : parsed.errors;
  const verdict = await judgeOrders(deps, principal, mail, { orders, raw: parsed.raw, statements, textErrors });
  const { outcome, ruleErrors, resolved } = verdict;
  if (statements === 0 && !parsed.commands.length && !parsed.errors.length) {
    const none = L(
      lc,
      'No orders or commands were found in your mail. Send HELP for the syntax.',
      'メールに命令もコマンドも見つかりませんでした。書き方は HELP で確認できます。',
    );
    answers.push(para(none));
  }
  const report: PersonReplyReport = {
    echo: statements ? formatOrdersBySeat(textGame, data, seats, orders, lc) : [],
    textErrors,
    ignored: parsed.ignored,
    ...verdict,
    answers,
    ...(await owedNow(deps, game.id, ctx)),
  };
  const replied = await reply(deps, ctx, report, mail);
  // A refusal the person was not answered for is kept, for its page and its next reply (src/mail/unanswered.ts).
  const refused = outcome === 'rejected' || textErrors.length > 0;
  const unanswered = !replied && refused ? { unanswered: unansweredNote(report, mail.subject) } : {};
  const commands = parsed.commands.map((c) => c.kind);
  const counts = { statements, textErrors: textErrors.length, ruleErrors: ruleErrors.length };
  return { outcome, ...counts, commands, resolved, replied, ...unanswered, personId: principal.personId };
}

/** What became of a mail's orders: stored together as each seat's revision, or rejected with every error found. */
async function judgeOrders(
  deps: ServiceDeps,
  principal: PersonMail,
  mail: OrderMail,
  read: {
    orders: Record<string, unknown>;
    raw: Record<string, string>;
    statements: number;
    textErrors: PersonReplyReport['textErrors'];
  },
): Promise<Pick<PersonReplyReport, 'outcome' | 'ruleErrors' | 'problem' | 'resolved'>> {
  const { orders, statements } = read;
  if (statements > 0 && read.textErrors.length) {
    const bySeat = principal.seats.filter((s) => s.side in orders).map((seat) => ({ seat, orders: orders[seat.side] }));
    // The seats' orders read from the other lines are checked too: the reply lists every error at once.
    const ruleErrors = await ordersBySeatErrorsNow(deps, principal.gameId, bySeat);
    return { outcome: 'rejected', ruleErrors, problem: undefined, resolved: false };
  }
  if (statements === 0) return { outcome: 'none', ruleErrors: [], problem: undefined, resolved: false };
  try {
    const orderIds = Object.fromEntries(Object.keys(orders).map((s) => [s, personMailOrderId(mail.inboundId, s)]));
    const r = await submitOrdersBySeat(deps, {
      gameId: principal.gameId,
      person: principal,
      orders,
      raw: read.raw,
      source: 'email',
      orderIds,
    });
    return { outcome: 'accepted', ruleErrors: [], problem: undefined, resolved: !!r.resolution };
  } catch (error) {
    const rejected = { outcome: 'rejected' as const, ruleErrors: [], problem: undefined, resolved: false };
    if (error instanceof OrdersInvalidError) return { ...rejected, ruleErrors: error.errors };
    if (error instanceof ServiceError)
      return {
        ...rejected,
        problem: { en: `${error.message} [${error.code}]`, ja: `${error.message} [${error.code}]` },
      };
    throw error;
  }
}

/** What each of the person's seats owes now, and the deadline, after the mail's orders. */
async function owedNow(
  deps: ServiceDeps,
  gameId: string,
  ctx: PersonMailContext,
): Promise<Pick<PersonReplyReport, 'owedBySeat' | 'deadline'>> {
  const now = await currentStep(deps, gameId);
  const stepRow = await deps.db.step.findUnique({ where: { id: now.stepId }, select: { deadlineAt: true } });
  const owedBySeat = ctx.seats.map((s) => ({
    side: s.side,
    owed: now.status === 'open' ? now.owed.filter((o: Owed) => o.seat === s.side) : [],
  }));
  return { owedBySeat, deadline: stepRow?.deadlineAt ?? null };
}

/**
 * A mail processed before as far as its orders (its process died before the reply): the orders stored then, by
 * side, are what it says (as for a seat's mail: src/mail/order-mail.ts). Null when none are stored.
 */
async function ordersStoredBefore(
  deps: ServiceDeps,
  inboundId: string,
  seats: SeatText[],
): Promise<Record<string, unknown> | null> {
  const ids = seats.map((s) => personMailOrderId(inboundId, s.side));
  const rows = await deps.db.order.findMany({
    where: { id: { in: ids } },
    select: { parsed: true, seat: { select: { side: true } } },
  });
  return rows.length ? Object.fromEntries(rows.map((r) => [r.seat.side, r.parsed])) : null;
}

/** The answers to HELP, STATUS, APPROVE and REJECT, for every seat of the person. */
async function commandAnswers(
  deps: ServiceDeps,
  ctx: PersonMailContext,
  person: PersonPrincipal,
  commands: { kind: string }[],
  read: { textGame: TextGame; seats: SeatText[] },
): Promise<Part[]> {
  const lc = ctx.person.locale;
  const seatHeading = (side: string, en: string, ja: string) =>
    heading(L(lc, `Seat ${sideNameOf(ctx, side)}: ${en}`, `席 ${sideNameOf(ctx, side)}: ${ja}`));
  const answers: Part[] = [];
  for (const cmd of commands) {
    if (cmd.kind === 'help') {
      answers.push(heading(L(lc, 'Order syntax', '命令の書き方')), pre(syntaxFor(read.textGame, lc)));
      answers.push(
        para(
          seatSyntax(
            lc,
            read.seats.map((s) => s.side),
          ),
        ),
      );
      for (const s of read.seats)
        answers.push(seatHeading(s.side, 'choices now', '現在の選択肢'), renderChoices(s.choices, lc));
    } else if (cmd.kind === 'status') {
      const view = await personGameViewFor(deps, ctx.game.id, person);
      for (const s of read.seats) {
        const sight = view.bySeat[s.side];
        answers.push(seatHeading(s.side, 'status', '状況'));
        answers.push(...statusAnswer(lc, sight.board, sight.view, view.step, null));
      }
    } else if (cmd.kind === 'approve' || cmd.kind === 'reject') {
      const word = cmd.kind.toUpperCase();
      answers.push(para(L(lc, `${word} is for the moderator only.`, `${word} はモデレーター専用です。`)));
    }
  }
  return answers;
}

/** Queues the reply to the person's registered address, within its hourly reply budget (`queueReply`). */
async function reply(deps: ServiceDeps, ctx: PersonMailContext, report: PersonReplyReport, mail: OrderMail) {
  const { person } = ctx;
  const refused = { personId: person.id, gameId: ctx.game.id, email: person.email };
  const reader = {
    gameId: ctx.game.id,
    email: person.email,
    locale: person.locale,
    timeZone: person.timeZone,
    refused,
  };
  return queueReply(deps, mail, reader, (earlier) =>
    composePersonReply(ctx, {
      ...report,
      answers: earlier ? [earlier, ...report.answers] : report.answers,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      subject: mail.subject,
    }),
  );
}
