/**
 * The registry of games the service and the CLI know, by id.
 */
import type { AnyGame } from '../engine/types.ts';
import { atlanticWolves } from './atlantic-wolves/index.ts';

/** Every game by its id. */
export const games: Record<string, AnyGame> = {
  [atlanticWolves.id]: atlanticWolves,
};

/** The game with this id, or undefined. */
export function getGame(id: string): AnyGame | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}
