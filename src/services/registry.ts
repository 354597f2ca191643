/**
 * The service's view of the game registry (src/games/index.ts). Kept in one place so that services never import
 * a game directly.
 */
import type { AnyGame } from '../engine/types.ts';

// Loaded lazily while src/games/index.ts is being written; becomes a static import once it lands.
const registryPath = '../games/index.ts';
let registry: { getGame(id: string): AnyGame | undefined } | null = null;
try {
  registry = (await import(registryPath)) as typeof registry;
} catch {
  registry = null;
}

/** The registered game of an id, or undefined. */
export function registeredGame(id: string): AnyGame | undefined {
  return registry?.getGame(id);
}
