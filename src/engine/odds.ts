/**
 * Odds preview of one step: resolve the current step many times with fresh dice and count how often each outcome
 * happens. An outcome is an event type with the unit it concerns (`convoy-sunk:C03`, `ub-removed:U01`), a
 * successful attack as `hit:<target>`, or the event type alone when it names no unit; each counts at most once per
 * sample. Pure: the caller supplies the dice.
 */
import type { AnyGame, Dice, GameEvent, ResolveContext, SeatId } from './types.ts';

export interface StepOdds {
  samples: number;
  /** Outcome key -> share of samples in which it happened (0..1), keys sorted. */
  probabilities: Record<string, number>;
}

const outcomeKey = (e: GameEvent): string | null => {
  if (e.type === 'attack') return e.success === true && typeof e.target === 'string' ? `hit:${e.target}` : null;
  return typeof e.unit === 'string' ? `${e.type}:${e.unit}` : e.type;
};

/** Event types that are bookkeeping rather than outcomes, left out of the preview. */
const NOT_OUTCOMES = new Set(['die', 'attack-void', 'response-roll']);

export function previewStepOdds(game: AnyGame, state: unknown, orders: Readonly<Record<SeatId, unknown>>, samples: number, dice: Dice): StepOdds {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const ctx: ResolveContext = {
    roll: (sides, purpose) => dice.roll(sides, purpose),
    emit: (event) => {
      if (NOT_OUTCOMES.has(event.type)) return;
      const key = outcomeKey(event);
      if (key === null || seen.has(key)) return;
      seen.add(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  };
  for (let i = 0; i < samples; i++) {
    seen.clear();
    game.resolve(state, orders, ctx);
  }
  const probabilities: Record<string, number> = {};
  for (const key of [...counts.keys()].sort()) probabilities[key] = (counts.get(key) as number) / samples;
  return { samples, probabilities };
}
