/**
 * Odds preview of one step: resolve the current step many times with fresh dice and count how often each outcome
 * happens. The game says what an event counts as (`oddsOutcomes` of its package): a kind with the piece it
 * concerns (`<kind>:<subject>`) or a kind alone; without it, every event counts by its type. Each outcome counts at
 * most once per sample. Pure: the caller supplies the dice.
 */
import type { AnyGamePackage, OutcomeCounter } from './game-package.ts';
import type { Dice, GameEvent, ResolveContext, SeatId } from './types.ts';

export interface StepOdds {
  samples: number;
  /** Outcome key -> share of samples in which it happened (0..1), keys sorted. */
  probabilities: Record<string, number>;
}

/** The generic reading of a game that does not say: every event but a die is an outcome of its type. */
function eventTypeOutcome(event: GameEvent, count: OutcomeCounter): void {
  if (event.type !== 'die') count(event.type, null);
}

/** How many samples an outcome happened in, and the last sample that counted it (once per sample). */
interface Tally {
  count: number;
  sample: number;
}

/** Resolves the step `samples` times from `state` with `orders` and the given dice; the share of each outcome. */
export function previewStepOdds(
  game: AnyGamePackage,
  state: unknown,
  orders: Readonly<Record<SeatId, unknown>>,
  samples: number,
  dice: Dice,
): StepOdds {
  // Outcome kind -> subject (null: none) -> tally. Looked up by the event's own strings, whose hashes V8 keeps, rather
  // than by a key string made per event: making and hashing those took a fifth of a preview's time.
  const tallies = new Map<string, Map<string | null, Tally>>();
  let sample = 0;
  const count = (kind: string, subject: string | null): void => {
    let bySubject = tallies.get(kind);
    if (!bySubject) {
      bySubject = new Map();
      tallies.set(kind, bySubject);
    }
    const t = bySubject.get(subject);
    if (!t) bySubject.set(subject, { count: 1, sample });
    else if (t.sample !== sample) {
      t.count++;
      t.sample = sample;
    }
  };
  const outcomes = game.oddsOutcomes?.bind(game) ?? eventTypeOutcome;
  const ctx: ResolveContext = {
    roll: (sides, purpose) => dice.roll(sides, purpose),
    emit: (event) => outcomes(event, count),
  };
  for (; sample < samples; sample++) game.resolve(state, orders, ctx);
  const shares: [string, number][] = [];
  for (const [kind, bySubject] of tallies) {
    for (const [subject, t] of bySubject) {
      shares.push([subject === null ? kind : `${kind}:${subject}`, t.count / samples]);
    }
  }
  const probabilities: Record<string, number> = {};
  for (const [key, share] of shares.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)))
    probabilities[key] = share;
  return { samples, probabilities };
}
