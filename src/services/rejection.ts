/**
 * What a moderator's rejection of a result does (docs/orders.md, "When the moderator rejects a result"): the
 * preview is deleted and the step reopens with every order kept; every owed seat is asked to confirm or revise its
 * orders by a new deadline; every seat is told, in its language, with the reason (mail, and the player's page). The
 * step resolves again as soon as every owed seat has confirmed or revised (src/services/confirmation.ts), or at the
 * deadline with the orders on file (`resolveWithKeptOrders`): it never waits silently.
 */
import { storedOwed } from './json.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { audit } from './audit.ts';
import { currentRevisions, unconfirmedSides } from './confirmation.ts';
import { seatColumns } from './deadlines/missed.ts';
import { queueNoticeMails } from './deadlines/notices.ts';
import type { NoticeGame, NoticeText } from './notifier.ts';
import { scheduleReopenedStep } from './deadlines/reopened.ts';
import type { ServiceDeps, SqlTx, Tx } from './deps.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { type OrdersOnFile, ordersOnFile } from './orders-on-file.ts';
import { resolveLocked, type LockedGame, type ResolveResult, type StepWithOrders } from './turn-processor.ts';

/** A reopened step: its new deadline and the sides asked to confirm or revise their orders. */
export interface Reopened {
  deadlineAt: Date;
  awaiting: string[];
}

/** The step being rejected, as read under the game lock. */
export interface RejectedStep {
  id: string;
  number: number;
  owed: unknown;
}

/**
 * Reopens a step awaiting review (call under the game lock): deletes its preview, keeps its orders, records the
 * revisions on file, gives it a deadline and tells every seat. Not audited here.
 */
export async function reopenRejectedStep(
  tx: Tx,
  deps: ServiceDeps,
  input: { game: NoticeGame; step: RejectedStep; reason: string; deadlineAt?: Date },
): Promise<Reopened> {
  const { game, step, reason } = input;
  const now = deps.clock();
  // The computer player stands by its orders (it decided them from the same view): its seats confirm nothing.
  const bots = (await tx.seat.findMany({ where: { gameId: game.id, bot: true }, select: { side: true } })).map(
    (s) => s.side,
  );
  const revisions = Object.fromEntries(
    Object.entries(await currentRevisions(tx, step.id)).filter(([side]) => !bots.includes(side)),
  );
  await tx.event.deleteMany({ where: { stepId: step.id } });
  await tx.step.update({
    where: { id: step.id },
    data: {
      status: 'open',
      resultEnvelope: Prisma.DbNull,
      ordersDigest: null,
      resolvedAt: null,
      rulesVersion: null, // open again: nothing resolved it
      rejectedReason: reason,
      rejectedRevisions: revisions,
    },
  });
  const deadlineAt = await scheduleReopenedStep(tx, deps, {
    gameId: game.id,
    stepId: step.id,
    at: now,
    deadlineAt: input.deadlineAt,
  });
  const owed = storedOwed(step.owed);
  const awaiting = [...new Set(owed.map((o) => o.seat))].filter((side) => !bots.includes(side)).sort();
  const seats = await tx.seat.findMany({ where: { gameId: game.id }, orderBy: { side: 'asc' }, select: seatColumns });
  const key = `rejected:${step.id}:${now.toISOString()}`;
  const onFile = await ordersOnFile(tx, deps, game.id, step.id);
  const notice = { stepNumber: step.number, reason, deadlineAt, onFile };
  const asked = seats.filter((s) => awaiting.includes(s.side));
  const others = seats.filter((s) => !awaiting.includes(s.side));
  await queueNoticeMails(tx, deps, { game, seats: asked, kind: 'rejected', key, text: askedText(notice) });
  await queueNoticeMails(tx, deps, { game, seats: others, kind: 'rejected', key, text: othersText(notice) });
  return { deadlineAt, awaiting };
}

interface Notice {
  stepNumber: number;
  reason: string;
  deadlineAt: Date;
  /** The orders on file, as text to send back: the template of the seats asked to confirm them. */
  onFile: OrdersOnFile;
}

/** The orders on file of the reader's seats, as a reply template (or what to do when there are none). */
function templateLines(onFile: OrdersOnFile, locale: Locale, sides: string[]): string[] {
  const lines = onFile(locale, sides);
  if (!lines.length) return [mailText(locale, 'notice.rejected.noOrders')];
  const head = mailText(locale, 'notice.rejected.onFile');
  return [head, '', ...lines];
}

/** The notice to a seat that owes orders at the step: the reason, and confirm or revise by the deadline. */
const askedText =
  ({ stepNumber: n, reason, deadlineAt, onFile }: Notice): NoticeText =>
  (when, locale, sides) => {
    const by = when(deadlineAt);
    return {
      subject: mailText(locale, 'notice.rejected.askedSubject', { n, by }),
      body: [
        mailText(locale, 'notice.rejected.askedBody', { n, by, reason }),
        '',
        ...templateLines(onFile, locale, sides),
      ].join('\n'),
    };
  };

/** The notice to a seat that owes nothing at the step. */
const othersText =
  ({ stepNumber: n, reason, deadlineAt }: Notice): NoticeText =>
  (when, locale) => {
    return {
      subject: mailText(locale, 'notice.rejected.othersSubject', { n }),
      body: mailText(locale, 'notice.rejected.othersBody', { n, by: when(deadlineAt), reason }),
    };
  };

/**
 * At the deadline of a reopened step: the orders on file stand for the seats that did not confirm or revise them
 * (audited as `orders.kept`), and the step resolves under the caller's game lock.
 */
export async function resolveWithKeptOrders(
  tx: SqlTx,
  deps: ServiceDeps,
  locked: LockedGame,
  step: StepWithOrders,
): Promise<ResolveResult> {
  const sides = await unconfirmedSides(tx, step);
  await tx.$executeRawUnsafe(`UPDATE "Step" SET "rejectedRevisions" = NULL WHERE id = $1`, step.id);
  const gameId = locked.game.id;
  if (sides.length) await audit(tx, gameId, 'system', 'orders.kept', { step: step.number, sides }, deps.clock());
  return resolveLocked(tx, deps, locked.game.id, [], 0, { locked, step: { ...step, rejectedRevisions: null } });
}
