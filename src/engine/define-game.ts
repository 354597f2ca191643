/**
 * A game package written as a small required core plus optional capability groups (boardgame.io's `Game` is the
 * model: a handful of members required, the rest optional with generic defaults). `defineGame` fills in every
 * default and flattens the groups into the {@link GamePackage} the service, mail, web and CLI hold, so a game's
 * `index.ts` names only what it actually does.
 */
import { z } from 'zod';
import type { Board } from './board.ts';
import type { GamePackage, HiddenTwin, OutcomeCounter, ShortGame } from './game-package.ts';
import type { OrderGrammar } from './grammar.ts';
import type { NameTable } from './names.ts';
import type {
  ChoiceTree,
  DicePurpose,
  DieEvent,
  GameEvent,
  NotifyPolicy,
  OptionDoc,
  OrdersVisibility,
  Outcome,
  Owed,
  ResolveContext,
  RuleError,
  SeatId,
  SetupArgs,
  SideSpec,
  Text,
  Viewer,
} from './types.ts';
import { filterEvents } from './visibility.ts';

/** What every game must answer: who it seats, how it starts, who owes what, what is legal, how a step resolves. */
export interface GameCore<S, O, Opt, Data> {
  id: string;
  title: Text;
  /** The rules version this code resolves under: changed whenever a step could resolve differently (docs/contract.md). */
  rulesVersion: string;
  modes: readonly string[];
  /**
   * The seats of a mode and their names; `options` (the game's parsed options, when known) may name a seat by what
   * it commands (FN 12.0[M][2]: "Allied player 2: Russia").
   */
  sides(mode: string, options?: unknown): readonly SideSpec[];
  /** zod schema of the options; parsing `{}` gives every documented default. */
  optionsSchema: z.ZodType<Opt>;
  /** zod schema of one seat's orders (shape only; rules are checked by `validate`). */
  ordersSchema: z.ZodType<O>;
  setup(args: SetupArgs<Opt, Data>): S;
  owed(state: S): Owed[];
  choices(state: S, seat: SeatId): ChoiceTree | null;
  validate(state: S, seat: SeatId, orders: O): RuleError[];
  defaultOrders(state: S, seat: SeatId): O;
  resolve(state: S, orders: Readonly<Record<SeatId, O>>, ctx: ResolveContext): S;
  outcome(state: S): Outcome | null;
  view(state: S, viewer: Viewer): unknown;
  board(state: S, viewer: Viewer): Board;
  describeEvent(event: GameEvent, locale: 'en' | 'ja'): string;
}

/** The component data: schema, shipped set, checks beyond shape. Default: no data (`null`). */
export interface DataCapability<Opt, Data> {
  schema: z.ZodType<Data>;
  defaults: Data;
  check?(data: Data, options: Opt): string[];
  /** The name table of a data set (src/engine/names.ts): one name for each thing, everywhere. */
  names?(data: Data): NameTable;
}

/** Who sees what. Default: events filtered by their `visibleTo`, other seats' orders shown at the end. */
export interface VisibilityCapability<S, O> {
  visibleEvents?(events: readonly GameEvent[], viewer: Viewer): GameEvent[];
  visibleOrders?(q: OrdersVisibility<S, O>): unknown;
  /** A state the viewer cannot tell from this one (required unless `openInformation`). */
  hiddenTwin?(state: S, viewer: Viewer, rand: () => number): HiddenTwin<S> | null;
  /** The computer player's determinization of a seat's view (see `GamePackage.sampleHidden`). */
  sampleHidden?(state: S, seat: SeatId, rand: () => number): S;
  openInformation?: boolean;
}

/** Machine play and tests: random legal orders, a short complete game, DATC-style positions. */
export interface PlayCapability<S, O> {
  randomOrders?(state: S, seat: SeatId, rand: () => number): O;
  /** The computer player's play-out orders and estimate (see `GamePackage.playoutOrders`, `botEstimate`). */
  playoutOrders?(state: S, seat: SeatId, rand: () => number): O;
  /** The owing seats without their prompts (see `GamePackage.seatsOwing`). */
  seatsOwing?(state: S): SeatId[];
  botEstimate?(state: S, seat: SeatId): number;
  botCandidate?(state: S, seat: SeatId, orders: O): O;
  botIterations?: number;
  botHorizon?: number;
  botRandomShare?: number;
  shortGame?: ShortGame;
  fixtures?: { position(spec: unknown, data?: unknown): S };
}

/** Dice and odds: what an event counts as in a preview, what a recorded die was for. */
export interface OddsCapability {
  outcomes?(event: GameEvent, count: OutcomeCounter): void;
  dicePurpose?(event: DieEvent): DicePurpose | null;
}

/** A game as its author writes it: the core, then the capability groups it has. */
export interface GameSpec<S, O, Opt, Data> extends GameCore<S, O, Opt, Data> {
  optionDocs?: readonly OptionDoc[];
  data?: DataCapability<Opt, Data>;
  /** Rule invariants that must hold in every state (default: none claimed). */
  invariants?(state: S): string[];
  visibility?: VisibilityCapability<S, O>;
  /** The order text in English and Japanese (default: JSON orders only). */
  grammar?: OrderGrammar<O, unknown>;
  play?: PlayCapability<S, O>;
  odds?: OddsCapability;
  /** Who hears about a step (default: every seat gets every result). */
  notify?(prev: S, next: S): NotifyPolicy;
  /** Older rules versions still reproduced (default: none): see `GameDefinition.olderRules`. */
  olderRules?: GamePackage<S, O, Opt, Data>['olderRules'];
}

const noInvariants = (): string[] => [];
const noDataProblems = (): string[] => [];

/** Flattens a spec into the package the rest of the system holds, each missing member given its generic default. */
export function defineGame<S, O, Opt, Data>(spec: GameSpec<S, O, Opt, Data>): GamePackage<S, O, Opt, Data> {
  const { data, visibility, play, odds, optionDocs, invariants, grammar, notify, olderRules, ...core } = spec;
  const pkg: GamePackage<S, O, Opt, Data> = {
    ...core,
    optionDocs: optionDocs ?? [],
    dataSchema: data?.schema ?? (z.null() as unknown as z.ZodType<Data>),
    defaultData: data ? data.defaults : (null as Data),
    checkData: data?.check ?? noDataProblems,
    invariants: invariants ?? noInvariants,
    visibleEvents: visibility?.visibleEvents ?? filterEvents,
  };
  // Optional members stay absent (not undefined) when a game lacks them: callers test them with `in` and `?.`.
  if (visibility?.visibleOrders) pkg.visibleOrders = visibility.visibleOrders;
  if (visibility?.hiddenTwin) pkg.hiddenTwin = visibility.hiddenTwin;
  if (visibility?.sampleHidden) pkg.sampleHidden = visibility.sampleHidden;
  if (visibility?.openInformation !== undefined) pkg.openInformation = visibility.openInformation;
  if (grammar) pkg.grammar = grammar;
  if (data?.names) {
    const names = data.names;
    const defaults = data.defaults;
    // A data set of the wrong shape (a test game's) falls back to the shipped set.
    pkg.names = (d) => names((d as Data | null | undefined) ?? defaults);
  }
  if (play?.randomOrders) pkg.randomOrders = play.randomOrders;
  if (play?.playoutOrders) pkg.playoutOrders = play.playoutOrders;
  if (play?.seatsOwing) pkg.seatsOwing = play.seatsOwing;
  if (play?.botEstimate) pkg.botEstimate = play.botEstimate;
  if (play?.botCandidate) pkg.botCandidate = play.botCandidate;
  if (play?.botIterations) pkg.botIterations = play.botIterations;
  if (play?.botHorizon) pkg.botHorizon = play.botHorizon;
  if (play?.botRandomShare) pkg.botRandomShare = play.botRandomShare;
  if (play?.shortGame) pkg.shortGame = play.shortGame;
  if (play?.fixtures) pkg.fixtures = play.fixtures;
  if (odds?.outcomes) pkg.oddsOutcomes = odds.outcomes;
  if (odds?.dicePurpose) pkg.dicePurpose = odds.dicePurpose;
  if (notify) pkg.notify = notify;
  if (olderRules) pkg.olderRules = olderRules;
  return pkg;
}
