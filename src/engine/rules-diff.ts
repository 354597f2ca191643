/**
 * A game re-adjudicated under other rules (docs/contract.md, "Rules versions"): its recorded orders replayed from
 * the start under the new rules with the game's committed dice (docs/dice.md: a step's dice derive from the game's
 * secret, the step and its orders, so the same orders get the same dice), and what changes, per step, as each seat
 * sees it: its visible events and its view of the position after the step. Pure; hidden information stays with its
 * seat (each seat's list is built from that seat's visible events and view only).
 */
import { canonicalJson } from './canonical-json.ts';
import { advance, startGame, type Envelope, type SeatErrors } from './step-runner.ts';
import type { AnyGame, GameEvent, SeatId, Viewer } from './types.ts';

/** A resolved step as recorded: its orders (every seat's), its events, and the state it left. */
export interface RecordedStep {
  number: number;
  orders: Readonly<Record<SeatId, unknown>>;
  events: readonly GameEvent[];
  /** The state after the step as it was resolved (the next step's starting state). */
  after: unknown;
}

/** What changes in one step for one viewer: its events before and after, in words; whether its view changes. */
export interface StepChange {
  step: number;
  before: { en: string[]; ja: string[] };
  after: { en: string[]; ja: string[] };
  eventsChanged: boolean;
  positionChanged: boolean;
}

/** The replay under the new rules: the final envelope, or the first step whose orders the new rules refuse. */
export type Replayed =
  | { ok: true; envelope: Envelope; steps: { events: GameEvent[]; after: unknown }[] }
  | { ok: false; step: number; errors: SeatErrors | string };

/** How the game started: what `startGame` needs again. */
export interface GameStart {
  mode: string;
  options: unknown;
  data: unknown;
  secret: string;
}

/** Replays the recorded orders from the game's start under `rules`. */
export function replayUnder(rules: AnyGame, start: GameStart, steps: readonly RecordedStep[]): Replayed {
  const started = startGame(rules, { ...start, data: start.data ?? undefined });
  if (!started.ok) return { ok: false, step: 0, errors: started.errors.join('; ') };
  let envelope = started.envelope;
  const out: { events: GameEvent[]; after: unknown }[] = [];
  for (const step of steps) {
    let result: ReturnType<typeof advance>;
    try {
      result = advance(rules, envelope, step.orders);
    } catch (error) {
      return { ok: false, step: step.number, errors: (error as Error).message };
    }
    if (!result.ok) return { ok: false, step: step.number, errors: result.errors };
    envelope = result.envelope;
    out.push({ events: result.events, after: envelope.state });
  }
  return { ok: true, envelope, steps: out };
}

/** The events a viewer sees, in both languages. */
function described(rules: AnyGame, events: readonly GameEvent[], viewer: Viewer) {
  const seen = viewer.kind === 'moderator' ? [...events] : rules.visibleEvents(events, viewer);
  return {
    key: canonicalJson(seen),
    en: seen.map((e) => rules.describeEvent(e, 'en')),
    ja: seen.map((e) => rules.describeEvent(e, 'ja')),
  };
}

/**
 * Per step, what changes for `viewer` between the recorded steps (described by `oldRules`) and their replay
 * (described by `newRules`): only the steps where something it sees changes.
 */
export function changesFor(
  rules: { oldRules: AnyGame; newRules: AnyGame },
  recorded: readonly RecordedStep[],
  replayed: readonly { events: GameEvent[]; after: unknown }[],
  viewer: Viewer,
): StepChange[] {
  const changes: StepChange[] = [];
  for (const [i, step] of recorded.entries()) {
    const again = replayed[i];
    const before = described(rules.oldRules, step.events, viewer);
    const after = described(rules.newRules, again.events, viewer);
    const eventsChanged = before.key !== after.key;
    const positionChanged =
      canonicalJson(rules.oldRules.view(step.after, viewer)) !==
      canonicalJson(rules.newRules.view(again.after, viewer));
    if (!eventsChanged && !positionChanged) continue;
    changes.push({
      step: step.number,
      before: { en: before.en, ja: before.ja },
      after: { en: after.en, ja: after.ja },
      eventsChanged,
      positionChanged,
    });
  }
  return changes;
}
