/**
 * The game-agnostic engine contract. Every game package under src/games/ implements {@link GameDefinition}. The engine is pure: no clock, no Math.random, no environment, no I/O.
 * Time and randomness come in as arguments; every die rolled is returned as an event.
 */
import type { z } from 'zod';
import type { Board } from './board.ts';
import type { SeatId, Text } from './words.ts';

export type { SeatId, Text } from './words.ts';

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
  /** Absent in a game that cites one rule per error: read as `[rule]` (rule-error.ts `rulesOf`). */
  rules?: string[];
  path?: string;
}

/** A seat that owes orders at the current decision point. */
export interface Owed {
  seat: SeatId;
  /** Decision point id from the spec, e.g. `AW-D5`. */
  point: string;
  rule: string;
  prompt: Text;
  /**
   * A sealed simultaneous choice (GF 7(b)[2] dice count, GF-A19 fire allocation): the service shows no seat any
   * other seat's orders of this step, in any view, page, record or mail, before the step is resolved, whatever
   * `GameDefinition.visibleOrders` says.
   */
  sealed?: boolean;
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

/**
 * A recorded die roll. `sides` is 6 for a d6; a random draw from a cup of n units is a roll with n sides.
 * `purpose` is always text; a die rolled with a structured purpose (`rollDie`) also records its `rule` and `what`.
 */
export interface DieEvent extends GameEvent {
  type: 'die';
  index: number;
  sides: number;
  value: number;
  purpose: string;
  /** What the die decides, in words (structured purposes only). */
  what?: Text;
}

// ── Dice purposes as data ───────────────────────────────────────────────────────────────────────────────────────
/** Why a die is rolled, as data: the rule it rests on and what it decides (`GF 7(b)[1]`, "the initiative die"). */
export interface DicePurpose {
  rule: string;
  what: Text;
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
  /**
   * Rolls a die whose purpose is structured: recorded with its text (`rule` + English `what`), `rule` and `what`.
   * Optional so that a bare context (a test's, a simulation's) still works: games call `rollDie(ctx, ...)`
   * (src/engine/dice-purpose.ts), which falls back to `roll` with the purpose's text.
   */
  rollFor?(sides: number, purpose: DicePurpose, visibleTo?: SeatId[]): number;
}

// ── Choices (src/engine/choice-types.ts): one/many, paths, counts, allocations, dependent fields, limits ──────────
export type {
  AllocationField,
  AllocationTarget,
  ChoiceCase,
  ChoiceDependency,
  ChoiceField,
  ChoiceKind,
  ChoiceLimit,
  ChoiceOption,
  ChoiceTree,
  CountField,
  PathEdge,
  PathField,
  PathSpec,
  PickField,
} from './choice-types.ts';
import type { ChoiceTree } from './choice-types.ts';

// ── Outcomes: one winner, a coalition, a draw, teams ─────────────────────────────────────────────────────────────
/** Seats that play together (FN 12.0[M]: the Allied nations of one player; the Allies against France). */
export interface Team {
  id: string;
  name: Text;
  seats: SeatId[];
}

/**
 * Final result of a game. `winners` lists every winning seat (a coalition: FN 12.0[M][8] joint winners); `draw`
 * says the game is drawn (GF 11[6], OC 3.0[1]); `teams` names the sides of seats that played together. `winner` is
 * kept for readers of one winner: the sole winner, or null for a draw or when several seats win. Read an outcome
 * through `outcomeResult` (src/engine/outcome.ts), which fills `winners` from `winner` for games that give one.
 */
export interface Outcome {
  winner: SeatId | null;
  winners?: SeatId[];
  draw?: boolean;
  teams?: Team[];
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

// ── Who sees what: submitted orders, hidden identities; who hears about a step ───────────────────────────────────
/**
 * The question the service asks a game before it shows a seat's submitted orders of one step to another viewer
 * (another seat, or the public). A seat always sees its own orders and the moderator sees everything; a step with a
 * sealed owed point (`Owed.sealed`) shows nobody else's orders before it is resolved, whatever the game answers.
 */
export interface OrdersVisibility<S = unknown, O = unknown> {
  /** The state the orders answered (the step's state before resolution). */
  state: S;
  /** The step's number. */
  step: number;
  /** Whose orders. */
  seat: SeatId;
  orders: O;
  viewer: Viewer;
  /** The step has been resolved and published. */
  resolved: boolean;
  /** The game is over. */
  gameOver: boolean;
}

/**
 * What a view shows in place of a piece whose identity no seat may know, its owner included (GF 8[2][1]: each side
 * shuffles its face-down fleet markers so that neither player knows which is which). `slot` names the piece by
 * something every seat sees (where and in which order it was placed), never by what it is; `side` is its owner
 * when that is known. A view with hidden identities must be the same whatever the identities are: check it with
 * `hiddenIdentityLeaks` (src/engine/hidden.ts).
 */
export interface HiddenIdentity {
  hidden: true;
  slot: string;
  side?: SeatId;
}

/**
 * Who hears about a resolved step by mail. `results: 'all'` (the default): every seat gets the result; `'owing'`:
 * only the seats that owe orders next (GF 8[2], 8[3]: one marker or one interception at a time, alternately); with
 * `digest`, every other seat gets a digest of everything since its last mail. Each mail covers every step since
 * the seat's last one. When the game ends every seat hears, whatever the policy.
 */
export interface NotifyPolicy {
  results: 'all' | 'owing';
  digest?: boolean;
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
  /**
   * The version of the rules this code resolves under (docs/contract.md, "Rules versions"): changed whenever a step
   * could resolve differently than before. Every step records the version that resolved it.
   */
  rulesVersion: string;
  /**
   * Older rules versions this package can still reproduce, by version: the rules of that version kept in the code
   * (an earlier definition), or `'same'` when the current rules resolve that version's steps exactly as it did.
   * Default: none (only `rulesVersion`).
   */
  olderRules?: Readonly<Record<string, GameDefinition<S, O, Opt, Data> | 'same'>>;
  modes: readonly string[];
  /**
   * The seats of a mode and their names; `options` (the game's parsed options, when known) may name a seat by what
   * it commands (FN 12.0[M][2]: "Allied player 2: Russia").
   */
  sides(mode: string, options?: unknown): readonly SideSpec[];
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
  /** The board this viewer sees (src/engine/board.ts), built from its view: web map and mails draw only this. */
  board(state: S, viewer: Viewer): Board;
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

  // ── Optional members: a game without them gets the generic default (src/engine/contract-defaults.ts) ──────────
  /**
   * The part of a seat's submitted orders another viewer may see (the orders, a part of them, or undefined for
   * nothing). Default: nothing until the game is over, then everything. The service asks only for other seats and
   * the public, and never before resolution for a sealed step.
   */
  visibleOrders?(q: OrdersVisibility<S, O>): unknown;
  /** Who hears about the step that led from `prev` to `next` (default: every seat gets the result). */
  notify?(prev: S, next: S): NotifyPolicy;
  /**
   * What a recorded die was for, when the game recorded its purpose as text only (default: the `rule` and `what`
   * the die event carries, or null).
   */
  dicePurpose?(event: DieEvent): DicePurpose | null;
}

/** A game definition with its type parameters erased, as the service and CLI hold it (see AnyGamePackage). */
export type AnyGame = GameDefinition<unknown, unknown, unknown, unknown>;
