/**
 * A game as one package: its rules definition ({@link GameDefinition}) plus what the service, mail, web and CLI
 * need from it beyond the rules. `src/games/<id>/index.ts` exports one package and `src/games/index.ts` lists it;
 * nothing else names a game. Every extra is optional, with a generic default where a package leaves it out, so a
 * bare rules definition is already a playable package (orders by API and as JSON by mail and on the page).
 */
import type { OrderGrammar } from './grammar.ts';
import type { NameTable } from './names.ts';
import type { GameDefinition, GameEvent, SeatId, Text, Viewer } from './types.ts';

/** Draws one seat's legal orders at random; `rand` returns numbers in [0, 1). Pure: all chance comes from `rand`. */
export type RandomPlayer<S = unknown, O = unknown> = (state: S, seat: SeatId, rand: () => number) => O;

/**
 * Receives one outcome of an event for the odds preview: a kind (`hit`, `sunk`) and the piece or seat it
 * concerns (`U01`), or null when it concerns none. An outcome counts at most once per sample.
 */
export type OutcomeCounter = (kind: string, subject: string | null) => void;

/**
 * A second state that one viewer cannot tell from the first: it differs only in what that viewer may not see (which
 * face-down piece is which, what another seat wrote in its standing orders), and keeps every rule invariant.
 * `renamed` maps each piece id of the first state to the id that stands in its place in the twin (the pieces that
 * traded identities; `{}` when none did): the first state's orders and events, with these ids renamed, are the
 * orders and events of the twin's world.
 */
export interface HiddenTwin<S = unknown> {
  state: S;
  renamed: Readonly<Record<string, string>>;
}

/**
 * The settings of a short complete game, as a game is created with them: the end-to-end checks of every registered
 * game (test/conformance) play one by mail and one on the player's page.
 */
export interface ShortGame {
  mode: string;
  options?: Record<string, unknown>;
  /** A component data set of its own (omitted: the shipped set). */
  data?: unknown;
}

/** A game package. S = state, O = one seat's orders, Opt = options, Data = component data. */
export interface GamePackage<S = unknown, O = unknown, Opt = unknown, Data = unknown>
  extends GameDefinition<S, O, Opt, Data> {
  /**
   * The order text (English and Japanese keywords) read from mail and the page's text box, and written back as
   * the echo of a reply. Without it, orders come as JSON there too (JSON is accepted alongside a grammar).
   */
  grammar?: OrderGrammar<O, unknown>;
  /** Random legal orders for `pbem simulate` and property tests; without it the simulation plays default orders. */
  randomOrders?(state: S, seat: SeatId, rand: () => number): O;
  /**
   * The seats that owe orders now, as `owed` lists them but without their prompts: the computer player asks at every
   * step of every play-out, where the prompts' texts are never read. Default: the seats of `owed`.
   */
  seatsOwing?(state: S): SeatId[];
  /** The computer player's play-out orders, a heuristic cheaper or stronger than random (default `randomOrders`). */
  playoutOrders?(state: S, seat: SeatId, rand: () => number): O;
  /**
   * The computer player's estimate, in [0, 1], of how well an unfinished game stands for `seat` (1: surely won),
   * used where a play-out is cut short. Default: even odds.
   */
  botEstimate?(state: S, seat: SeatId): number;
  /**
   * The orders the computer player would send for a candidate it weighs (random and heuristic draws alike): a game
   * whose orders may carry standing orders for later decision points drops them here, since the computer player is
   * asked again at each of those points, knowing more then. Default: the candidate as drawn.
   */
  botCandidate?(state: S, seat: SeatId, orders: O): O;
  /**
   * The computer player's default budget in play-outs a decision, sized to the game's speed (about a second a
   * decision on one core). Default: DEFAULT_BOT_ITERATIONS (src/engine/bot/settings.ts).
   */
  botIterations?: number;
  /**
   * Steps after which the computer player stops a play-out and scores it by `botEstimate` (a turn or two of the
   * game): the nearer consequences of a decision, measured with less noise. Default: play-outs run to the end.
   */
  botHorizon?: number;
  /**
   * How often, in the computer player's play-outs, another seat plays random legal orders (`randomOrders`) instead
   * of the play-out heuristic: a game whose heuristic plays a firm opponent (one that accepts every battle, say)
   * lets the search also allow for a careless one, and weigh what the opponent's mistakes would give. The other
   * seat's default orders keep their 3 in 10, so 0.7 leaves the heuristic none of its decisions. Default: 0.
   */
  botRandomShare?: number;
  /**
   * What an event counts as in the odds preview of a step (`pbem odds`): calls `count` for each outcome it stands
   * for, or not at all for bookkeeping. Without it, every event but a die counts by its type.
   */
  oddsOutcomes?(event: GameEvent, count: OutcomeCounter): void;
  /**
   * Positions for adjudication tests (DATC style), built from the game's compact fixture description; `data`, when
   * given, is a whole parsed component data set to build it on instead of the one the description implies.
   */
  fixtures?: { position(spec: unknown, data?: unknown): S };
  /**
   * Hidden information, made testable: a twin of a state that the viewer must not be able to tell from it. The
   * conformance suite (test/conformance/hidden-information.test.ts) checks that the viewer is given byte-identical
   * views, boards, choices, events, maps and mails in both. Required unless `openInformation` is true.
   */
  hiddenTwin?(state: S, viewer: Viewer, rand: () => number): HiddenTwin<S> | null;
  /**
   * Determinization for the computer player (src/engine/bot): a complete position that `seat` cannot tell from
   * `state`, every part hidden from it (other seats' standing orders, face-down pieces) drawn from `rand`. The result
   * must depend only on what the seat sees and on `rand`, never on the hidden part of `state` itself (put hidden
   * pieces in a canonical order before shuffling them): a position and its hidden twin then give the same samples,
   * and the player cannot cheat (test/conformance/bot-twin.test.ts). Required for the bot unless `openInformation`.
   */
  sampleHidden?(state: S, seat: SeatId, rand: () => number): S;
  /**
   * True when the game hides nothing: every seat and the public see the same view, board and events as the
   * moderator (the conformance suite checks the claim). A game that hides anything gives `hiddenTwin` instead.
   */
  openInformation?: boolean;
  /** A short complete game for the end-to-end checks; without it they play the first mode with every default. */
  shortGame?: ShortGame;
  /**
   * The name table of a component data set (src/engine/names.ts): every unit, space and nation with its id, counter
   * label and full name in both languages and the spellings the grammar accepts. Mails and pages name things by it;
   * without it they use the names the board gives.
   */
  names?(data: Data): NameTable;
}

/**
 * A game package with its type parameters erased, as the registry, the service and the CLI hold it: states, orders,
 * options and data are opaque values passed back to the package that made them. A concrete package is assignable
 * because its members taking S or O are methods (TypeScript checks method parameters bivariantly).
 */
export type AnyGamePackage = GamePackage<unknown, unknown, unknown, unknown>;

/**
 * The seats owing orders in a position: the package's `seatsOwing` (the seats of `owed` without the prompts, for the
 * loops that never read them: play-outs, simulations), else the seats of `owed`.
 */
export const owingSeatsOf = (game: AnyGamePackage): ((state: unknown) => SeatId[]) =>
  game.seatsOwing ?? ((state) => game.owed(state).map((o) => o.seat));

/**
 * A seat's name in both languages, as the game names its sides in a mode: what every page, mail and calendar entry
 * shows instead of the seat's id (the id itself for a seat the game, or a missing game, does not know).
 */
export function seatText(
  game: Pick<AnyGamePackage, 'sides'> | undefined,
  mode: string,
  seat: SeatId,
  options?: unknown,
): Text {
  return game?.sides(mode, options).find((s) => s.seat === seat)?.name ?? { en: seat, ja: seat };
}
