/**
 * What an event counts as in an odds preview (`pbem odds`): damage results per ship, markers removed, confusion,
 * the offensive side, combats ending, the winner.
 */
import type { OutcomeCounter } from '../../../engine/game-package.ts';
import type { GameEvent } from '../../../engine/types.ts';

/** The package's `oddsOutcomes`. */
export function oddsOutcomes(event: GameEvent, count: OutcomeCounter): void {
  switch (event.type) {
    case 'bombardment':
      for (const r of event.results as { ship: string; result: string }[])
        if (r.result !== 'none') count(r.result, r.ship);
      for (const m of event.removed as string[]) count('marker-removed', m);
      return;
    case 'combat-initiative':
      if (event.confused) count('confused', String(event.side));
      return;
    case 'combat-end':
      count('combat-end', String(event.how));
      return;
    case 'initiative':
      count('offensive', event.offensive ? String(event.offensive) : 'none');
      return;
    case 'game-over':
      count('winner', event.winner ? String(event.winner) : 'draw');
      return;
    default:
      return;
  }
}
