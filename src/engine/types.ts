/**
 * The game-agnostic engine contract. Every game (Atlantic Wolves, Grand Fleet, Fin-Napoleon, Operation Crusader)
 * implements {@link GameDefinition}. The engine is pure: no clock, no Math.random, no environment, no I/O.
 * Time and randomness come in as arguments; every die rolled is returned as an event.
 */
import type { z } from 'zod';

/** A seat is one player's chair at the table: 'allied' / 'german' in AW, 'france' / 'allies' in FN. */
export type SeatId = string;

/** Player-facing text in both languages the service speaks. */
export interface Text {
  en: string;
  ja: string;
}

/** Who is looking at a state: one seat, the moderator (sees everything), or the public (spectators, logs). */
export type Viewer = { kind: 'seat'; seat: SeatId } | { kind: 'moderator' } | { kind: 'public' };

/**
 * One validation problem with a seat's orders. `code` is stable (namespaced, e.g. `aw/placement/capacity`), `path`
 * points into the orders JSON. `rules` names every rule the error rests on, first the one broken, then each rule
 * that made the number or condition what it is (e.g. `['AW 7.0[3]', 'AW 10.0-E2']` for a UB capacity cut on turn
 * 3); the message says the arithmetic. `rule` is `rules` joined with ", " (kept for readers of the single id).
 */
export interface RuleError {
  code: string;
  message: Text;
  rule: string;
  rules: string[];
  path?: string;
}

/** A seat that owes orders at the current decision point. */
export interface Owed {
  seat: SeatId;
  /** Decision point id from the spec, e.g. `AW-D5`. */
  point: string;
  rule: string;
  prompt: Text;
}

/**
 * Something that happened during a resolution. `visibleTo` limits who may see it (undefined: everyone).
 * Dice are events of type `die`, emitted by the engine core, never by a game directly.
 */
export interface GameEvent {
  type: string;
  rule?: string;
  visibleTo?: SeatId[];
  [key: string]: unknown;
}

/** A recorded die roll. `sides` is 6 for a d6; a random draw from a cup of n units is a roll with n sides. */
export interface DieEvent extends GameEvent {
  type: 'die';
  index: number;
  sides: number;
  value: number;
  purpose: string;
}

/**
 * The source of randomness. Each call rolls one die of `sides` faces (1..sides).
 * `visibleTo` hides the roll (e.g. a blind draw from a cup) from other seats.
 */
export interface Dice {
  roll(sides: number, purpose: string, visibleTo?: SeatId[]): number;
}

/**
 * What a game's `resolve` works with: `roll` rolls and records a die (as a `die` event, in sequence with the
 * game's own events); `emit` records a game event. Both write to one ordered event log.
 */
export interface ResolveContext extends Dice {
  emit(event: GameEvent): void;
  /**
   * True when nobody reads the game's events (simulations, play-out odds): a game may then skip building them. It
   * changes nothing else: every die is still rolled through `roll`, in the same order, and the state is the same.
   */
  readonly silent?: boolean;
}

/** A choice a UI can render as a select (one) or a set of checkboxes (many). */
export interface ChoiceOption {
  value: string;
  label: Text;
}

export interface ChoiceField {
  /** Where the answer goes in the orders JSON, as a dotted path (e.g. `placement.C11`). */
  key: string;
  label: Text;
  kind: 'one' | 'many';
  options: ChoiceOption[];
  /** For `many`: how many values to pick (inclusive). */
  min?: number;
  max?: number;
  /** The default the engine applies when this seat misses its deadline. */
  defaultValue?: string | string[];
  /** Fields sharing a group are shown together (e.g. all attacks of one UB). */
  group?: string;
}

/** The tree of legal choices for a seat at the current decision point. */
export interface ChoiceTree {
  point: string;
  rule: string;
  prompt: Text;
  fields: ChoiceField[];
  /** Constraints across fields, in words (e.g. capacities). */
  constraints: Text[];
}

/** Final result of a game. */
export interface Outcome {
  winner: SeatId | null;
  reason: Text;
  rule: string;
  [key: string]: unknown;
}

/** A documented option of a game (usually one reading of a listed ambiguity). */
export interface OptionDoc {
  key: string;
  rule: string;
  description: Text;
  values: readonly (string | boolean | number)[];
  default: string | boolean | number;
}

/** One side a game can seat (several seats may be held by one player; one seat may stand for several nations). */
export interface SideSpec {
  seat: SeatId;
  name: Text;
}

/** What a game needs to set itself up. */
export interface SetupArgs<Opt, Data> {
  mode: string;
  options: Opt;
  data: Data;
}


/**
 * A game the engine can adjudicate. S = state, O = one seat's orders, Opt = options, Data = component data.
 *
 * The step protocol: `owed(state)` names the seats that owe orders now. The service collects orders from each of
 * them (validated by `validate`), and may also pass orders of seats that owe nothing (standing orders only). When all
 * owed orders are in, `resolve` runs the game forward until the next decision point no standing order answers, or
 * the end. Iteration order of `orders` must never change an outcome.
 */
export interface GameDefinition<S = unknown, O = unknown, Opt = unknown, Data = unknown> {
  id: string;
  title: Text;
  modes: readonly string[];
  sides(mode: string): readonly SideSpec[];
  /** zod schema of the options; parsing `{}` gives every documented default. */
  optionsSchema: z.ZodType<Opt>;
  optionDocs: readonly OptionDoc[];
  /** zod schema of the component data set; `defaultData` is the shipped set. */
  dataSchema: z.ZodType<Data>;
  defaultData: Data;
  /** Checks beyond shape (unique ids, references), under the game's options: returns every problem found. */
  checkData(data: Data, options: Opt): string[];
  /** zod schema of one seat's orders (shape only; rules are checked by `validate`). */
  ordersSchema: z.ZodType<O>;

  setup(args: SetupArgs<Opt, Data>): S;
  owed(state: S): Owed[];
  view(state: S, viewer: Viewer): unknown;
  /** Filters an event list for a viewer (hidden information never leaves the engine except through this and view). */
  visibleEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[];
  choices(state: S, seat: SeatId): ChoiceTree | null;
  validate(state: S, seat: SeatId, orders: O): RuleError[];
  /** A legal, deterministic default for a seat that missed its deadline. */
  defaultOrders(state: S, seat: SeatId): O;
  /**
   * Runs the game from the current decision point, using every owed seat's orders (plus standing orders of any
   * seat), to the next decision point no standing order answers, or to the end. Returns the next state; dice and
   * events go through `ctx`. Must not mutate `state` or `orders`. States and orders are immutable values: the state
   * returned may share parts of both (standing orders kept as sent), so callers never change either afterwards.
   */
  resolve(state: S, orders: Readonly<Record<SeatId, O>>, ctx: ResolveContext): S;
  outcome(state: S): Outcome | null;
  /** One event in words for a player (history pages, result mails, `pbem replay --text`). */
  describeEvent(event: GameEvent, locale: 'en' | 'ja'): string;
  /** Rule invariants that must hold in every state; returns the violated ones (empty when all hold). */
  invariants(state: S): string[];
}

/** A game definition with its type parameters erased, as the service and CLI hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any>;
