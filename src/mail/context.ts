/**
 * Loads what a seat's mails may show: its game, side name, locale and time zone, the game's data set (names of
 * units and areas), and the seat's own view of the current step. Hidden information leaves the engine only through
 * `game.view` and `game.visibleEvents`.
 */
import type { Db } from '../db/client.ts';
import { asLocale } from '../i18n/index.ts';
import { componentData } from '../services/component-data.ts';
import { gameDefinition, type ServiceDeps, type Tx } from '../services/deps.ts';
import type { Game, Seat } from '../generated/prisma/client.ts';
import type { MailSite, SeatMailContext } from './compose.ts';

/** The From, domain and public URL of the service's mail. */
export function siteOf(config: ServiceDeps['config']): MailSite {
  return { domain: config.MAIL_DOMAIN, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL };
}

/** The mail context of one seat. */
export function seatMailContext(deps: Pick<ServiceDeps, 'config' | 'games'>, game: Game, seat: Seat): SeatMailContext {
  const def = gameDefinition(deps, game.game);
  const side = def?.sides(game.mode).find((s) => s.seat === seat.side);
  return {
    site: siteOf(deps.config),
    game: {
      id: game.id,
      name: game.name,
      game: game.game,
      mode: game.mode,
      title: def?.title ?? { en: game.game, ja: game.game },
      commitment: game.seedCommitment,
      data: componentData(def, game),
      describe: def ? (event, locale) => def.describeEvent(event, locale) : undefined,
    },
    seat: {
      id: seat.id,
      side: seat.side,
      sideName: side?.name ?? { en: seat.side, ja: seat.side },
      email: seat.email,
      locale: asLocale(seat.locale),
      timeZone: seat.timeZone,
      mailToken: seat.mailToken,
      playerName: seat.playerName,
    },
  };
}

/** Loads a game with its seats (in a transaction or not). */
export async function loadGameWithSeats(client: Tx | Db, gameId: string) {
  return client.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: { orderBy: { side: 'asc' } } } });
}
