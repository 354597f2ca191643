/**
 * What happens in the transaction that opens a step (game creation, publishing a result): the new step's deadline
 * and its jobs, the previous step's punctuality record, the missed notice of its default orders, and its result
 * for the game's webhooks.
 */
import type { AnyGamePackage } from '../../engine/game-package.ts';
import { gameDefinition, type ServiceDeps, type SqlTx } from '../deps.ts';
import { mailTexts } from '../../i18n/strings-mail.ts';
import { queueBotTurns } from '../bot-queue.ts';
import { climbLadder } from './ladder.ts';
import { announceDefaultsLocked } from './missed.ts';
import type { NoticeSeat } from '../notifier.ts';
import { queueNoticeWebhooks, utc } from './notices.ts';
import { recordPunctuality, type KnownOrder } from './punctuality.ts';
import { scheduleStepDeadline } from './schedule.ts';
import { loadStep, owedOf, type DeadlineGame, type DeadlineStep } from './step-state.ts';

/**
 * What the creating transaction already knows of a new game's first step: the game, the step and the seats
 * (`bot`: the computer player plays it). Its persons are new: none has an absence yet.
 */
export interface FirstStepKnown {
  game: DeadlineGame;
  step: DeadlineStep;
  seats: { bot?: boolean }[];
}

/**
 * What the publishing transaction already read (the game as updated, the step just opened, the step just published
 * with its current orders and events, the seats, the events the game's webhooks subscribe to, the game's package):
 * used instead of reading or looking them up again.
 */
export interface OpenedKnown {
  game: DeadlineGame;
  step: DeadlineStep;
  prev: DeadlineStep & { orders: KnownOrder[] };
  /** The game's seats (`bot`: the computer player plays it). */
  seats: (NoticeSeat & { bot?: boolean })[];
  hookEvents: string[];
  events: unknown[];
  def: AnyGamePackage;
}

/** What opening a step did: the new step's deadline (null: none), and the sides just handed to the computer. */
export interface StepOpened {
  deadlineAt: Date | null;
  /** Seats whose missed deadlines gave them to the computer player in this transaction (ladder.ts). */
  handed: string[];
}

/**
 * The service calls this in the transaction that opens step `number` (game creation, publishing a result): the
 * previous step's punctuality is recorded and its result goes to the game's webhooks, a seat that missed deadlines
 * enough in a row goes to the computer player (ladder.ts), the new step's deadline is computed and its jobs queued,
 * and so are the turns of the seats the computer plays (src/services/bot-queue.ts). What the transaction knows
 * already (`known` when publishing, `first` at a game's creation) is not read again.
 */
export async function afterStepOpened(
  tx: SqlTx,
  deps: ServiceDeps,
  input: { gameId: string; number: number; known?: OpenedKnown } | { gameId: string; number: 0; first: FirstStepKnown },
): Promise<StepOpened> {
  const first = 'first' in input ? input.first : undefined;
  const known = 'known' in input ? input.known : undefined;
  const loaded = (first ?? known) || (await loadStep(tx, input.gameId, { number: input.number }));
  if (!loaded) return { deadlineAt: null, handed: [] };
  const { game, step } = loaded;
  const absences = first ? {} : undefined;
  const scheduled = game.status === 'active' ? await scheduleStepDeadline(tx, deps, game, step, { absences }) : null;
  let handed: string[] = [];
  if (input.number > 0) {
    const prev = known ? { step: known.prev } : await loadStep(tx, input.gameId, { number: input.number - 1 });
    if (prev) {
      await recordPunctuality(tx, prev.step, deps.clock(), known && { seats: known.seats, orders: known.prev.orders });
      // missed notice with the result, when defaults applied
      await announceDefaultsLocked(
        tx,
        deps,
        game,
        prev.step,
        known && { seats: known.seats, hookEvents: known.hookEvents, def: known.def },
      );
      await queueResultWebhook(tx, deps, game, prev.step, step, scheduled?.deadlineAt ?? null, known);
      handed = await climbLadder(tx, deps, game, prev.step);
    }
  }
  // The computer's turns (a seat just handed over has queued its own): only when the game has a seat it plays.
  const seats = (first ?? known)?.seats;
  const anyBot = !seats || seats.some((s) => s.bot);
  if (anyBot && !handed.length && game.status === 'active') await queueBotTurns(tx, game.id);
  return { deadlineAt: scheduled?.deadlineAt ?? null, handed };
}

async function queueResultWebhook(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock' | 'config' | 'games' | 'notifier'>,
  game: DeadlineGame,
  prev: DeadlineStep,
  next: DeadlineStep,
  deadlineAt: Date | null,
  known?: Pick<OpenedKnown, 'hookEvents' | 'events' | 'def'>,
): Promise<void> {
  if (known && !known.hookEvents.includes('result')) return; // no webhook wants results
  const def = known ? known.def : gameDefinition(deps, game.game);
  const events = known
    ? known.events.map((payload) => ({ payload }))
    : await tx.$queryRawUnsafe<{ payload: unknown }[]>(
        `SELECT payload FROM "Event" WHERE "stepId" = $1 ORDER BY seq`,
        prev.id,
      );
  const payloads = events.map((e) => e.payload as { type: string; rule?: string });
  const visible = def ? def.visibleEvents(payloads as never, { kind: 'public' }) : [];
  const lines = visible
    .filter((e) => e.type !== 'die')
    .slice(0, 15)
    .map((e) => `• ${e.type}${e.rule ? ` (${e.rule})` : ''}`);
  const owed = owedOf(next);
  const finished = game.status === 'finished';
  const fields = [
    ...(prev.defaultsApplied.length
      ? [{ name: mailTexts('notice.webhook.defaults').join(' / '), value: prev.defaultsApplied.join(', ') }]
      : []),
    ...(owed.length
      ? [
          {
            name: mailTexts('notice.webhook.owed').join(' / '),
            value: [...new Set(owed.map((o) => `${o.seat} (${o.point})`))].join(', '),
            inline: true,
          },
        ]
      : []),
    ...(deadlineAt
      ? [{ name: mailTexts('notice.webhook.deadline').join(' / '), value: utc(deadlineAt), inline: true }]
      : []),
  ];
  await queueNoticeWebhooks(tx, deps, {
    game,
    hookEvents: known?.hookEvents,
    event: 'result',
    key: `result:${prev.id}`,
    title: finished ? `Game over after step ${prev.number}` : `Step ${prev.number} resolved`,
    description: lines.length ? lines.join('\n') : finished ? 'The game is over.' : 'Resolved.',
    fields,
  });
}
