/**
 * Who plays a seat: its player, or the computer player (`Seat.bot`). A seat is the computer's from creation (no
 * address: no mail, no sign-in), or is handed to it: by the moderator, or by the ladder of missed deadlines
 * (src/services/deadlines/ladder.ts). A player's seat handed to the computer keeps its person, who may take it back
 * (`reclaimSeats`: a button on the page, RECLAIM by mail) until the moderator gives it to a replacement player
 * (src/services/seat-holders.ts `moveSeat`, which hands the seat to its new holder). While the computer plays a
 * seat, its orders are the bot's (src/services/bot-turns.ts, source "bot"), no mail asks for them, and a player's
 * submission for it is refused.
 *
 * Every hand-over is one transaction under the seat's row lock: the flag, the audit entry (`seat.bot`,
 * `seat.player`), a notice to every player in its language (the seat's own player told how to take it back) and,
 * when the seat owes orders now, the bot's job.
 */
import { type AnyGamePackage, seatText } from '../engine/game-package.ts';
import { type MailStringKey, mailText } from '../i18n/strings-mail.ts';
import { audit } from './audit.ts';
import { queueBotTurns } from './bot-queue.ts';
import { gameDefinition, inTransaction, type ServiceDeps, type SqlTx } from './deps.ts';
import { queueNoticeMails } from './deadlines/notices.ts';
import { conflict, notFound } from './errors.ts';
import type { NoticeSeat } from './notifier.ts';

/** Why a seat goes to the computer player. */
export type HandOver = { by: 'moderator' } | { by: 'misses'; misses: number };

/** Why a seat comes back to its player. */
export type HandBack = { by: 'moderator' } | { by: 'player' };

/** A game as a hand-over reads it. */
export interface HandOverGame {
  id: string;
  name: string;
  game: string;
  mode: string;
  options: unknown;
  moderatorEmail: string | null;
  currentStep: number;
}

/** A seat as a hand-over reads it. */
export interface HandOverSeat {
  id: string;
  side: string;
  bot: boolean;
  personId: string;
  /** The seat's person's address: empty for a seat created for the computer player. */
  address: string;
}

/**
 * The game and the seat of this side, the game's row locked FOR SHARE and then the seat's row: in the order of
 * src/services/seat-lock.ts, which says why.
 */
async function lockSeat(tx: SqlTx, gameId: string, side: string): Promise<{ game: HandOverGame; seat: HandOverSeat }> {
  const [game] = await tx.$queryRawUnsafe<HandOverGame[]>(
    `SELECT id, name, game, mode, options, "moderatorEmail", "currentStep" FROM "Game" WHERE id = $1 FOR SHARE`,
    gameId,
  );
  if (!game) throw notFound('game');
  const [seat] = await tx.$queryRawUnsafe<HandOverSeat[]>(
    `SELECT se.id, se.side, se.bot, se."personId", p.email AS address
     FROM "Seat" se JOIN "Person" p ON p.id = se."personId"
     WHERE se."gameId" = $1 AND se.side = $2 FOR UPDATE OF se`,
    gameId,
    side,
  );
  if (!seat) throw notFound('seat', 'seat/not-found');
  return { game, seat };
}

/** Every seat of the game, as notices address them. */
const everySeat = (tx: SqlTx, gameId: string) =>
  tx.$queryRawUnsafe<NoticeSeat[]>(
    `SELECT id, side, email, locale, "timeZone", "mailToken" FROM "Seat" WHERE "gameId" = $1 ORDER BY side`,
    gameId,
  );

/** The seat's name in a language (the game's name of its side). */
function seatName(def: AnyGamePackage | undefined, game: HandOverGame, side: string, locale: 'en' | 'ja'): string {
  return seatText(def, game.mode, side, game.options)[locale];
}

/**
 * Hands a locked seat to the computer player, in the caller's transaction (the seat is not the computer's yet):
 * the flag, the audit entry, every player told (its own player how to take it back), the moderator asked for a
 * replacement when missed deadlines were the reason, and the bot's job when the seat owes orders now.
 */
export async function handToBotLocked(
  tx: SqlTx,
  deps: ServiceDeps,
  game: HandOverGame,
  seat: HandOverSeat,
  why: HandOver,
): Promise<void> {
  const step = game.currentStep;
  await tx.$executeRawUnsafe(`UPDATE "Seat" SET bot = true, "updatedAt" = now() WHERE id = $1`, seat.id);
  const detail = { side: seat.side, step, personId: seat.personId, ...why };
  await audit(tx, game.id, why.by === 'moderator' ? 'moderator' : 'system', 'seat.bot', detail, deps.clock());
  const def = gameDefinition(deps, game.game);
  const name = (locale: 'en' | 'ja') => seatName(def, game, seat.side, locale);
  // One occurrence: a seat can be handed over, taken back and handed over again within one step.
  const key = `seat.bot:${seat.id}:${step}:${deps.clock().getTime()}`;
  await queueNoticeMails(tx, deps, {
    game,
    seats: await everySeat(tx, game.id),
    botSeatsToo: true,
    kind: 'seat',
    key,
    text: (_when, locale, mine) => {
      const seatWord = name(locale);
      const said =
        why.by === 'moderator'
          ? mailText(locale, 'notice.bot.byModerator', { seat: seatWord, n: step })
          : mailText(locale, 'notice.bot.byMisses', { seat: seatWord, n: step, misses: why.misses });
      const yours = mine.includes(seat.side) && seat.address ? `\n\n${mailText(locale, 'notice.bot.yours')}` : '';
      return { subject: mailText(locale, 'notice.bot.subject', { seat: seatWord }), body: `${said}${yours}` };
    },
  });
  if (why.by === 'misses')
    await queueNoticeMails(tx, deps, {
      game,
      seats: [],
      moderator: true,
      kind: 'seat',
      key: `${key}:replacement`,
      text: () => ({
        subject: mailText('en', 'notice.replacement.subject', { seat: name('en') }),
        body: mailText('en', 'notice.replacement.body', {
          seat: name('en'),
          misses: why.misses,
          n: step,
          game: game.id,
          side: seat.side,
        }),
      }),
    });
  await queueBotTurns(tx, game.id);
}

/** Gives a locked seat back to its player, in the caller's transaction: the flag, the audit entry, every player told. */
async function handBackLocked(
  tx: SqlTx,
  deps: ServiceDeps,
  game: HandOverGame,
  seat: HandOverSeat,
  why: HandBack,
): Promise<void> {
  const step = game.currentStep;
  await tx.$executeRawUnsafe(`UPDATE "Seat" SET bot = false, "updatedAt" = now() WHERE id = $1`, seat.id);
  const actor = why.by === 'moderator' ? 'moderator' : `seat:${seat.side}`;
  await audit(
    tx,
    game.id,
    actor,
    'seat.player',
    { side: seat.side, step, personId: seat.personId, ...why },
    deps.clock(),
  );
  const def = gameDefinition(deps, game.game);
  await queueNoticeMails(tx, deps, {
    game,
    seats: await everySeat(tx, game.id),
    kind: 'seat',
    key: `seat.player:${seat.id}:${step}:${deps.clock().getTime()}`,
    text: (_when, locale, mine) => {
      const seatWord = seatName(def, game, seat.side, locale);
      const key = why.by === 'moderator' ? 'notice.back.byModerator' : 'notice.back.byPlayer';
      const yours = mine.includes(seat.side) ? `\n\n${mailText(locale, 'notice.back.yours')}` : '';
      return {
        subject: mailText(locale, 'notice.back.subject', { seat: seatWord }),
        body: `${mailText(locale, key, { seat: seatWord, n: step })}${yours}`,
      };
    },
  });
}

/** What a hand-over answers. */
export interface SeatController {
  side: string;
  bot: boolean;
}

/** The moderator hands seat `side` to the computer player; 409 `seat/bot-already` when it plays it already. */
export async function handSeatToBot(deps: ServiceDeps, gameId: string, side: string): Promise<SeatController> {
  return inTransaction(deps, async (tx) => {
    const { game, seat } = await lockSeat(tx, gameId, side);
    if (seat.bot) throw conflict('seat/bot-already', `the computer player plays seat "${side}" already`);
    await handToBotLocked(tx, deps, game, seat, { by: 'moderator' });
    return { side, bot: true };
  });
}

/**
 * The moderator gives seat `side` back to its player; 409 `seat/not-bot` when the computer does not play it, 409
 * `seat/no-player` for a seat created for the computer (it has no player: give it to a new holder instead).
 */
export async function handSeatToPlayer(deps: ServiceDeps, gameId: string, side: string): Promise<SeatController> {
  return inTransaction(deps, async (tx) => {
    const { game, seat } = await lockSeat(tx, gameId, side);
    if (!seat.bot) throw conflict('seat/not-bot', `the computer player does not play seat "${side}"`);
    if (!seat.address.trim())
      throw conflict('seat/no-player', `seat "${side}" has no player: give it to a new holder (POST .../holder)`);
    await handBackLocked(tx, deps, game, seat, { by: 'moderator' });
    return { side, bot: false };
  });
}

/** Why a player's reclaim was refused. */
export type ReclaimRefusal = 'notBot' | 'replaced' | 'noSeat';

/** The sentence of each refusal in the catalogue (`{seat}`: the seats named). */
export const RECLAIM_REFUSAL_TEXT = {
  notBot: 'reclaim.notBot',
  replaced: 'reclaim.replaced',
  noSeat: 'reclaim.noSeat',
} as const satisfies Record<ReclaimRefusal, MailStringKey>;

/** What a player's reclaim answers: the seats it took back, or why it took none. */
export type Reclaimed = { ok: true; sides: string[] } | { ok: false; reason: ReclaimRefusal; sides: string[] };

/**
 * A player takes back every seat it holds that the computer plays. Refused with a reason: it holds none the
 * computer plays (`notBot`), or a seat it was handed from went to a replacement player since (`replaced`: its
 * person then holds no seat), or it holds none at all (`noSeat`).
 */
export async function reclaimSeats(
  deps: ServiceDeps,
  gameId: string,
  who: { personId: string } | { seatId: string },
): Promise<Reclaimed> {
  return inTransaction(deps, async (tx) => {
    const personId = 'personId' in who ? who.personId : await personOfSeat(tx, gameId, who.seatId);
    const held = await tx.$queryRawUnsafe<{ side: string; bot: boolean }[]>(
      `SELECT side, bot FROM "Seat" WHERE "gameId" = $1 AND "personId" = $2 ORDER BY side`,
      gameId,
      personId,
    );
    const bots = held.filter((s) => s.bot).map((s) => s.side);
    if (!bots.length) {
      const lost = await seatsLostToReplacement(tx, gameId, personId);
      if (lost.length) return { ok: false, reason: 'replaced', sides: lost };
      return { ok: false, reason: held.length ? 'notBot' : 'noSeat', sides: held.map((s) => s.side) };
    }
    for (const side of bots) {
      const { game, seat } = await lockSeat(tx, gameId, side);
      if (seat.bot && seat.personId === personId) await handBackLocked(tx, deps, game, seat, { by: 'player' });
    }
    return { ok: true, sides: bots };
  });
}

/** The person holding a seat of the game (404 `seat/not-found`). */
async function personOfSeat(tx: SqlTx, gameId: string, seatId: string): Promise<string> {
  const [seat] = await tx.$queryRawUnsafe<{ personId: string }[]>(
    `SELECT "personId" FROM "Seat" WHERE id = $1 AND "gameId" = $2`,
    seatId,
    gameId,
  );
  if (!seat) throw notFound('seat', 'seat/not-found');
  return seat.personId;
}

/** The sides the computer took from this person that another person holds now (a replacement came in). */
async function seatsLostToReplacement(tx: SqlTx, gameId: string, personId: string): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ side: string }[]>(
    `SELECT DISTINCT a.detail->>'side' AS side FROM "AuditLog" a
     JOIN "Seat" se ON se."gameId" = a."gameId" AND se.side = a.detail->>'side'
     WHERE a."gameId" = $1 AND a.action = 'seat.bot' AND a.detail->>'personId' = $2 AND se."personId" <> $2
     ORDER BY 1`,
    gameId,
    personId,
  );
  return rows.map((r) => r.side);
}

/**
 * The person a former player's reply token names, with its game, when it holds no seat any more (its seats went
 * to other holders): what a reclaim by mail is answered with a reason for. Null otherwise.
 */
export async function formerPlayerOf(
  deps: Pick<ServiceDeps, 'db'>,
  mailTokenHash: string,
): Promise<{ gameId: string; personId: string; locale: string } | null> {
  const person = await deps.db.person.findUnique({
    where: { mailTokenHash },
    select: { id: true, gameId: true, locale: true, _count: { select: { seats: true } } },
  });
  if (!person || person._count.seats > 0) return null;
  return { gameId: person.gameId, personId: person.id, locale: person.locale };
}
