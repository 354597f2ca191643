/**
 * Loads what a player's mails may show (a seat held alone, or a person holding several seats): its game, side name, locale and time zone, the game's data set (names of
 * units and areas), and the seat's own view of the current step. Hidden information leaves the engine only through
 * `game.view` and `game.visibleEvents`.
 */
import type { Db } from '../db/client.ts';
import { asLocale } from '../i18n/index.ts';
import { type AnyGamePackage, seatText } from '../engine/game-package.ts';
import { componentData } from '../services/component-data.ts';
import { gameDefinition, type ServiceDeps, type Tx } from '../services/deps.ts';
import type { Game, Person, Seat } from '../generated/prisma/client.ts';
import type { MailSite, PersonMailContext, SeatMailContext } from './compose-parts.ts';

/** The From, domain and public URL of the service's mail. */
export function siteOf(config: ServiceDeps['config']): MailSite {
  return { domain: config.MAIL_DOMAIN, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL };
}

/** The game part of a mail context (`def`: the game's package, when installed). */
function gameOfMail(def: AnyGamePackage | undefined, game: Game): SeatMailContext['game'] {
  const data = componentData(def, game);
  return {
    id: game.id,
    name: game.name,
    game: game.game,
    mode: game.mode,
    title: def?.title ?? { en: game.game, ja: game.game },
    commitment: game.seedCommitment,
    data,
    ...(def?.names ? { names: def.names(data) } : {}),
    sides: Object.fromEntries((def?.sides(game.mode, game.options) ?? []).map((s) => [s.seat, s.name])),
    describe: def ? (event, locale) => def.describeEvent(event, locale) : undefined,
  };
}

/**
 * The mail context of one seat; `def` is the game's package as the caller resolved it (undefined when it is not
 * installed: the mail then names the game and its sides by their ids).
 */
export function seatMailContext(
  deps: Pick<ServiceDeps, 'config'>,
  game: Game,
  def: AnyGamePackage | undefined,
  seat: Seat,
): SeatMailContext {
  return {
    site: siteOf(deps.config),
    game: gameOfMail(def, game),
    seat: {
      id: seat.id,
      side: seat.side,
      sideName: seatText(def, game.mode, seat.side, game.options),
      email: seat.email,
      locale: asLocale(seat.locale),
      timeZone: seat.timeZone,
      mailToken: seat.mailToken,
      playerName: seat.playerName,
    },
  };
}

/** The mail context of a person holding several seats (`seats`: the game's seats, the person's are picked). */
export function personMailContext(
  deps: Pick<ServiceDeps, 'config' | 'games'>,
  game: Game,
  person: Person,
  seats: readonly Seat[],
): PersonMailContext {
  const held = seats.filter((s) => s.personId === person.id).sort((a, b) => a.side.localeCompare(b.side));
  const def = gameDefinition(deps, game.game);
  return {
    site: siteOf(deps.config),
    game: gameOfMail(def, game),
    person: {
      id: person.id,
      email: person.email,
      locale: asLocale(person.locale),
      timeZone: person.timeZone,
      mailToken: person.mailToken,
      playerName: person.playerName,
    },
    seats: held.map((s) => ({ id: s.id, side: s.side, sideName: seatText(def, game.mode, s.side, game.options) })),
  };
}

/** Loads a game with its seats (in a transaction or not). */
export async function loadGameWithSeats(client: Tx | Db, gameId: string) {
  return client.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: { orderBy: { side: 'asc' } } } });
}
