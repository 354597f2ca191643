/**
 * The one registry of games: the service, mail, web and CLI know a game only through its package listed here.
 * Adding a game is one folder under src/games/ and one line below (docs/adding-a-game.md).
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import { atlanticWolves } from './atlantic-wolves/index.ts';
import { finNapoleon } from './fin-napoleon/index.ts';
import { grandFleet } from './grand-fleet/index.ts';
import { operationCrusader } from './operation-crusader/index.ts';
import { toyGame } from './toy/index.ts';

/** Every game package by its id, in the order a list of games shows them. */
export const games: Readonly<Record<string, AnyGamePackage>> = Object.fromEntries(
  [atlanticWolves, grandFleet, finNapoleon, operationCrusader, toyGame].map((game) => [game.id, game]),
);

/** The game with this id, or undefined. */
export function getGame(id: string): AnyGamePackage | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}
