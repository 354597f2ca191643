/**
 * The component data set a game plays with (unit and area names and values): the moderator's own set, stored with
 * the game at creation, or else the game package's shipped default. Read here only, for the page, the mails and the
 * order text alike.
 */
import type { AnyGame } from '../engine/types.ts';
import type { Game } from '../generated/prisma/client.ts';
import { gameDefinition, type ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';

/** The data set of a game as read (`def`: its package, when installed). */
export function componentData(def: Pick<AnyGame, 'defaultData'> | undefined, game: Pick<Game, 'data'>): unknown {
  return game.data ?? def?.defaultData ?? null;
}

/** The data set of a stored game. 404 for an unknown game. */
export async function componentDataOf(deps: Pick<ServiceDeps, 'db' | 'games'>, gameId: string): Promise<unknown> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { game: true, data: true } });
  if (!game) throw notFound('game');
  return componentData(gameDefinition(deps, game.game), game);
}
