/**
 * Odds preview of one step: resolve the current step many times with fresh dice and count how often each outcome
 * happens. An outcome is an event type with the unit it concerns (`convoy-sunk:C03`, `ub-removed:U01`), a
 * successful attack as `hit:<target>`, or the event type alone when it names no unit; each counts at most once per
 * sample. Pure: the caller supplies the dice.
 */
import type { AnyGame, Dice, ResolveContext, SeatId } from './types.ts';

export interface StepOdds {
  samples: number;
  /** Outcome key -> share of samples in which it happened (0..1), keys sorted. */
  probabilities: Record<string, number>;
}

/** Event types that are bookkeeping rather than outcomes, left out of the preview. */
const NOT_OUTCOMES = new Set(['die', 'attack-void', 'response-roll']);

/** How many samples an outcome happened in, and the last sample that counted it (once per sample). */
interface Tally {
  count: number;
  sample: number;
}

export function previewStepOdds(game: AnyGame, state: unknown, orders: Readonly<Record<SeatId, unknown>>, samples: number, dice: Dice): StepOdds {
  // Outcome type -> unit (null: none) -> tally. Looked up by the event's own strings, whose hashes V8 keeps, rather
  // than by a key string made per event: making and hashing those took a fifth of a preview's time.
  const tallies = new Map<string, Map<string | null, Tally>>();
  let sample = 0;
  const count = (type: string, unit: string | null): void => {
    let byUnit = tallies.get(type);
    if (!byUnit) tallies.set(type, (byUnit = new Map()));
    const t = byUnit.get(unit);
    if (!t) byUnit.set(unit, { count: 1, sample });
    else if (t.sample !== sample) {
      t.count++;
      t.sample = sample;
    }
  };
  const ctx: ResolveContext = {
    roll: (sides, purpose) => dice.roll(sides, purpose),
    emit: (event) => {
      if (NOT_OUTCOMES.has(event.type)) return;
      if (event.type === 'attack') {
        if (event.success === true && typeof event.target === 'string') count('hit', event.target);
      } else count(event.type, typeof event.unit === 'string' ? event.unit : null);
    },
  };
  for (; sample < samples; sample++) game.resolve(state, orders, ctx);
  const shares: [string, number][] = [];
  for (const [type, byUnit] of tallies) for (const [unit, t] of byUnit) shares.push([unit === null ? type : `${type}:${unit}`, t.count / samples]);
  const probabilities: Record<string, number> = {};
  for (const [key, share] of shares.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) probabilities[key] = share;
  return { samples, probabilities };
}
