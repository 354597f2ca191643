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
  const revisions = await currentRevisions(tx, step.id);
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
  const awaiting = [...new Set(owed.map((o) => o.seat))].sort();
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
  if (!lines.length)
    return [
      locale === 'ja'
        ? 'あなたの命令は保存されていません。命令を書いて返信してください (書き方は HELP または ヘルプ で返信)。'
        : 'No orders of yours are on file: reply with your orders (send HELP for the syntax).',
    ];
  const head =
    locale === 'ja'
      ? '保存されている命令 (確認するにはこの行をそのまま返信。変えるなら書き換えて返信):'
      : 'Your orders on file (to confirm them, reply with these lines unchanged; or edit them and reply):';
  return [head, '', ...lines];
}

/** The notice to a seat that owes orders at the step: the reason, and confirm or revise by the deadline. */
const askedText =
  ({ stepNumber: n, reason, deadlineAt, onFile }: Notice): NoticeText =>
  (when, locale, sides) => {
    const by = when(deadlineAt);
    if (locale === 'ja') {
      return {
        subject: `ステップ ${n} の結果は差し戻されました: 命令の確認は ${by} まで`,
        body: [
          `モデレーターがステップ ${n} の結果を公開前に差し戻しました。理由: 「${reason}」`,
          '',
          `このステップのあなたの命令はそのまま保存されています。${by} までに、同じ命令をもう一度送って確認するか`,
          '（下の命令をそのまま返信するか、プレイヤーページのフォームをそのまま送信）、新しい命令を送ってください。',
          '命令を出すべき全員が確認または修正した時点で、遅くとも締切には保存されている命令で、ステップは再び',
          '解決されます。',
          '',
          ...templateLines(onFile, locale, sides),
        ].join('\n'),
      };
    }
    return {
      subject: `Step ${n} sent back by the moderator: confirm your orders by ${by}`,
      body: [
        `The moderator rejected the result of step ${n} before it was published. Reason: "${reason}"`,
        '',
        `Your orders for this step are kept. By ${by}, confirm them by sending them again unchanged (reply with the`,
        'lines below, or send the form on your page, which holds them), or send new ones. The step is resolved',
        'again as soon as every seat that owes orders has confirmed or revised them, and at the latest at the',
        'deadline with the orders on file.',
        '',
        ...templateLines(onFile, locale, sides),
      ].join('\n'),
    };
  };

/** The notice to a seat that owes nothing at the step. */
const othersText =
  ({ stepNumber: n, reason, deadlineAt }: Notice): NoticeText =>
  (when, locale) => {
    const by = when(deadlineAt);
    if (locale === 'ja') {
      return {
        subject: `ステップ ${n} の結果は差し戻されました`,
        body: [
          `モデレーターがステップ ${n} の結果を公開前に差し戻しました。理由: 「${reason}」`,
          '',
          'あなたに求められていることはありません。命令を出すべき席が確認または修正した時点で、',
          `遅くとも ${by} に、ステップは再び解決されます。`,
        ].join('\n'),
      };
    }
    return {
      subject: `Step ${n} sent back by the moderator`,
      body: [
        `The moderator rejected the result of step ${n} before it was published. Reason: "${reason}"`,
        '',
        'Nothing is asked of you: the step is resolved again once the seats that owe orders have confirmed or',
        `revised them, and at the latest at ${by}.`,
      ].join('\n'),
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
