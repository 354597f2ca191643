/**
 * Telling everyone that seats missed a deadline: mails to every seat and the moderator, and the game's webhooks.
 * After default orders the notice goes out in the transaction that publishes the step (afterStepOpened), so the
 * result and the notice exist together or not at all.
 */
import { columnsOf, write } from '../../db/sql-tx.ts';
import { gameDefinition, type ServiceDeps, type SqlTx } from '../deps.ts';
import { type AnyGamePackage, seatText } from '../../engine/game-package.ts';
import type { NoticeSeat } from '../notifier.ts';
import { queueNoticeMails, queueNoticeWebhooks, utc } from './notices.ts';
import { readState, type DeadlineGame, type DeadlineStep } from './step-state.ts';
import { asJson } from '../json.ts';
import { mailText } from '../../i18n/strings-mail.ts';

/** Seat columns notices need. */
export const seatColumns = {
  id: true,
  side: true,
  email: true,
  locale: true,
  timeZone: true,
  mailToken: true,
} as const;

/**
 * Tells everyone (and the moderator) that seats missed a deadline, and what happens now. `known`: the events the
 * game's webhooks subscribe to and the game's package, when the caller has them.
 */
export async function announceMissed(
  tx: SqlTx,
  deps: ServiceDeps,
  game: DeadlineGame,
  step: DeadlineStep,
  seats: NoticeSeat[],
  sides: string[],
  what: { kind: 'waiting' } | { kind: 'extended'; until: Date } | { kind: 'defaults' },
  known: { hookEvents?: string[]; def?: AnyGamePackage } = {},
): Promise<void> {
  const { hookEvents } = known;
  // The seats by their names in the reader's language (the game's sides), never by their ids.
  const def = known.def ?? gameDefinition(deps, game.game);
  const names = (lc: 'en' | 'ja') => sides.map((side) => seatText(def, game.mode, side, game.options)[lc]);
  const who = names('en').join(', ');
  const key = `missed:${step.id}:${what.kind}:${step.deadlineAt?.toISOString()}`;
  await queueNoticeMails(tx, deps, {
    game,
    seats,
    moderator: true,
    kind: 'missed',
    key,
    text: (when, locale, mine) =>
      missedText(step.number, what, when, locale, missedWho(sides, mine, names(locale), locale)),
  });
  await queueNoticeWebhooks(tx, deps, {
    game,
    hookEvents,
    event: 'missed',
    key,
    title: `Missed deadline at step ${step.number}: ${who}`,
    description:
      what.kind === 'waiting'
        ? 'The game waits for the moderator.'
        : what.kind === 'extended'
          ? `Deadline extended once, to ${utc(what.until)}.`
          : "The engine's default orders were applied.",
  });
}

/**
 * The missed notice after default orders (once per step). `known`: the game's seats (by side), the events its
 * webhooks subscribe to and (optionally) its package, when the caller has read them under the game lock.
 */
export async function announceDefaultsLocked(
  tx: SqlTx,
  deps: ServiceDeps,
  game: DeadlineGame,
  step: DeadlineStep,
  known?: { seats: NoticeSeat[]; hookEvents: string[]; def?: AnyGamePackage },
): Promise<void> {
  const state = readState(step.deadlineState);
  if (!step.defaultsApplied.length || state.defaultsAnnounced) return;
  await write(
    tx,
    `UPDATE "Step" SET "deadlineState" = $1::jsonb WHERE id = $2`,
    JSON.stringify(asJson({ ...state, defaultsAnnounced: true })),
    step.id,
  );
  const seats = known
    ? known.seats
    : await tx.$queryRawUnsafe<NoticeSeat[]>(
        `SELECT ${columnsOf(seatColumns)} FROM "Seat" WHERE "gameId" = $1 ORDER BY side`,
        game.id,
      );
  await announceMissed(
    tx,
    deps,
    game,
    step,
    seats,
    [...step.defaultsApplied].sort(),
    { kind: 'defaults' },
    { hookEvents: known?.hookEvents, def: known?.def },
  );
}

/**
 * Who missed the deadline, as the reader reads it: "you" (with the seats' names) for the reader's own seats, the
 * others by name. `names` are the missed seats' names in the reader's language, in the order of `sides`.
 */
export function missedWho(
  sides: readonly string[],
  mine: readonly string[],
  names: readonly string[],
  locale: 'en' | 'ja',
): { subject: string; subjectOfSentence: string; you: boolean } {
  const own = names.filter((_, i) => mine.includes(sides[i]));
  const others = names.filter((_, i) => !mine.includes(sides[i]));
  const sep = locale === 'ja' ? '、' : ', ';
  if (!own.length) return { subject: others.join(sep), subjectOfSentence: others.join(sep), you: false };
  const you = mailText(locale, 'notice.missed.you', { seats: own.join(sep) });
  const all = others.length ? mailText(locale, 'notice.missed.youAnd', { you, others: others.join(sep) }) : you;
  return { subject: names.join(sep), subjectOfSentence: all, you: true };
}

/** The missed-deadline notice in the reader's language, speaking to the reader when its own seats missed it. */
export function missedText(
  step: number,
  what: { kind: 'waiting' } | { kind: 'extended'; until: Date } | { kind: 'defaults' },
  when: (d: Date) => string,
  locale: 'en' | 'ja',
  who: ReturnType<typeof missedWho>,
): { subject: string; body: string } {
  const next =
    what.kind === 'waiting'
      ? mailText(locale, 'notice.missed.waiting')
      : what.kind === 'extended'
        ? mailText(locale, 'notice.missed.extended', { until: when(what.until) })
        : mailText(locale, who.you ? 'notice.missed.defaultsYou' : 'notice.missed.defaults');
  return {
    subject: mailText(locale, 'notice.missed.subject', { who: who.subject }),
    body: mailText(locale, 'notice.missed.body', { who: who.subjectOfSentence, step, next }),
  };
}
