/**
 * The games the command line knows: the registry of src/games, asked by id. Every command resolves its game once
 * here, with one wording of an unknown id.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import { games, getGame } from '../games/index.ts';

/** The ids of the registered games, in the registry's order. */
export const GAME_IDS: readonly string[] = Object.keys(games);

/**
 * The package of game `id`; an unknown id throws `unknown game "id" (one of ...)` as an `errorType` (a plain Error,
 * exit code 1; a UsageError where the id came from an option, exit code 2).
 */
export function registeredGame(id: string, errorType: new (message: string) => Error = Error): AnyGamePackage {
  const game = getGame(id);
  if (!game) throw new errorType(`unknown game "${id}" (one of ${GAME_IDS.join(', ')})`);
  return game;
}
