/**
 * Rules versions (docs/contract.md, "Rules versions"): which rules a game package can resolve a step under. A package
 * resolves under its `rulesVersion`, and reproduces the older versions it lists in `olderRules` (the rules of that
 * version kept in the code, or `'same'` when its current rules resolve them exactly as that version did).
 */
import type { AnyGame, GameDefinition } from './types.ts';

/**
 * The rules of `version` as this package reproduces them, or null when it cannot. No version (a record written
 * before versions were recorded) means the package's current version.
 */
export function rulesFor<G extends AnyGame>(game: G, version: string | null | undefined): G | null {
  if (version === null || version === undefined || version === game.rulesVersion) return game;
  const older = game.olderRules?.[version];
  if (older === undefined) return null;
  // An older version is kept as a whole package of its own (the service holds it as it holds the current one).
  return older === 'same' ? game : (older as G);
}

/** Every rules version this package reproduces: its own first, then the older ones it lists. */
export function reproducibleVersions(game: Pick<GameDefinition, 'rulesVersion' | 'olderRules'>): string[] {
  return [game.rulesVersion, ...Object.keys(game.olderRules ?? {}).filter((v) => v !== game.rulesVersion)];
}

/** The sentence that says which rules version a step needs and which this code has (English; tools and logs). */
export function unreproducibleMessage(
  game: Pick<GameDefinition, 'id' | 'rulesVersion' | 'olderRules'>,
  version: string,
): string {
  return `needs ${game.id} rules version ${version}; this code reproduces ${reproducibleVersions(game)
    .map((v) => `"${v}"`)
    .join(', ')} only`;
}
