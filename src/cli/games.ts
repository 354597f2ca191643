/**
 * The games the command line knows: the registry of src/games, asked by id. Every command resolves its game once
 * here, with one wording of an unknown id.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import { stringOption, UsageError, type CommandArgs } from './args.ts';
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

/** The game and mode of `--game` and `--mode` (defaults: the first registered game, its first mode). */
export function gameAndModeOf(args: CommandArgs): { gameId: string; game: AnyGamePackage; mode: string } {
  const gameId = stringOption(args, 'game', GAME_IDS[0]);
  const game = registeredGame(gameId, UsageError);
  const mode = stringOption(args, 'mode', game.modes[0]);
  if (!game.modes.includes(mode)) {
    throw new UsageError(`unknown mode "${mode}" for ${gameId} (one of ${game.modes.join(', ')})`);
  }
  return { gameId, game, mode };
}
