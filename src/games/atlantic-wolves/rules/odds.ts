/**
 * What an Atlantic Wolves event counts as in the odds preview of a step (`pbem odds`): a successful attack as a
 * hit on its target (`hit:U01`), any other event as its type with the unit it concerns (`convoy-sunk:C03`,
 * `ub-removed:U01`) or its type alone; dice, void attacks and response rolls are bookkeeping.
 */
import type { OutcomeCounter } from '../../../engine/game-package.ts';
import type { GameEvent } from '../../../engine/types.ts';

/** Event types that are bookkeeping rather than outcomes, left out of the preview. */
const NOT_OUTCOMES = new Set(['die', 'attack-void', 'response-roll']);

/** Counts the outcome an event stands for (see above). */
export function oddsOutcomes(event: GameEvent, count: OutcomeCounter): void {
  if (NOT_OUTCOMES.has(event.type)) return;
  if (event.type === 'attack') {
    if (event.success === true && typeof event.target === 'string') count('hit', event.target);
  } else count(event.type, typeof event.unit === 'string' ? event.unit : null);
}
