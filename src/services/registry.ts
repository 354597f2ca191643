/**
 * The service's view of the game registry (src/games/index.ts). Kept in one place so that services never import
 * a game directly.
 */
import type { AnyGame } from '../engine/types.ts';
import { getGame } from '../games/index.ts';

/** The registered game of an id, or undefined. */
export function registeredGame(id: string): AnyGame | undefined {
  return getGame(id);
}
