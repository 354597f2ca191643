/**
 * The Atlantic Wolves game state: small, plain JSON. Every unit has exactly one location (spec section 8 inv. 1):
 * an off-map keyword or an area id. Turn-scoped facts (damage, attacks, sunk convoys, facing) live in `t`.
 */
import type { AwStandingOrders } from './orders/schema.ts';
import type { AwData, AwSide } from './data/schema.ts';
import type { AwOptions } from './options.ts';
import { indexOf } from './data/data-index.ts';
import { carryScan, setLoc } from './rules/area-scan.ts';

/** Off-map locations (AW 1.21[6]): unused cup, used group, set aside (☆ UBs before turn 1, A04), Turn Table box
 * (☆ US CVE, 10.0-B), out of play (☆ convoys from turn 3, 10.0-E3), sunk this turn (convoys until clean-up). */
export const OFF_MAP = ['unused', 'used', 'aside', 'track', 'out', 'sunk'] as const;
export type OffMap = (typeof OFF_MAP)[number];

/** The two play modes: the rulebook's mail variant (AW 12.0) and the standard rules with a referee. */
export const MODES = ['mail', 'standard'] as const;
export type AwMode = (typeof MODES)[number];

/** Steps the engine runs through without a decision (a cursor, never owed). */
export type RunStep =
  | 'turn'
  | 'allied-placement'
  | 'after-allied-placement'
  | 'ub-placement'
  | 'after-ub-placement'
  | 'response'
  | 'after-response'
  | 'combat'
  | 'combat-group'
  | 'vp';

/** Where the game stands: a cursor (`go`), a decision point, or the end. */
export type AwPhase =
  | { kind: 'go'; step: RunStep }
  | { kind: 'reinforce' } // D1, AW 11.0[4]
  | { kind: 'step2'; draw: number } // D2, AW 6.0-Step2
  | { kind: 'step3' } // D3 standard, AW 6.0-Step3
  | { kind: 'placement' } // D3 mail, AW 12.0-2
  | { kind: 'overflow-name'; side: AwSide; then: RunStep } // D4a / D6a
  | { kind: 'overflow-replace'; side: AwSide; units: string[]; then: RunStep } // D4b / D6b
  | { kind: 'ub-placement' } // D5, AW 7.0
  | { kind: 'response'; roll: number; unit: string; rest: string[] } // D7, AW 12.0-3
  | { kind: 'air' } // D8, AW 8.1 (option airAttack = optional)
  | { kind: 'escorts' } // D9, AW 8.2[5]
  | { kind: 'ubs' } // D10, AW 8.3[3]
  | { kind: 'over' };

/** Combat stages within one group of areas (AW 8.0[3]). */
export type CombatStage = 'air' | 'escorts' | 'ubs';

/** Facts that last one turn and are cleared at clean-up (AW 9.0[6]). */
export interface TurnState {
  /** Standard mode: all units turned face up for combat (AW 8.0[1]). */
  revealed: boolean;
  /** Standard mode: Allied units placed face up in Step 3 (AW 6.0-Step3[3b]). */
  faceUp: string[];
  /** Standard mode: units drawn blind in Step 2 (hidden from both seats until combat, AW-A06). */
  step2: string[];
  /** Standard mode: the Step-2 2d6 sum. */
  step2Roll: number;
  /** UB damage this turn (AW 8.2[11]); only UBs with damage > 0. */
  damage: Record<string, number>;
  /** UBs against which an air or escort attack was resolved (AW 8.3[2]). */
  attacked: string[];
  /** Convoys sunk this turn (AW 8.3[4]). */
  sunk: string[];
  /** German VP scored this turn (AW 9.0[2]). */
  vp: number;
  /** Response rolls made so far (AW 12.0-3c: 6 in all). */
  rolls: number;
  /** Units moved by response movement this turn (option repeatMove = once). */
  moved: string[];
  /** Combat: groups of contested areas (one group under AW-AD1, one area each with strictAreaSequence). */
  groups: string[][];
  group: number;
  stage: CombatStage;
  /** Literal overflow: own units named in advance with the placement order, per seat. */
  overflowPref: Partial<Record<AwSide, string[]>>;
}

/** The final result kept in the state. */
export interface AwResult {
  winner: AwSide;
  rule: string;
  table: number;
  turn: number;
}

/** The whole game state. `data` is the component data set in force (never mutated). */
export interface AwState {
  game: 'atlantic-wolves';
  mode: AwMode;
  options: AwOptions;
  data: AwData;
  turn: number;
  /** German VP Table (AW 2.2-1: starts at 3). */
  table: number;
  /** The table before the first VP check of `history` (3 from set-up; a fixture may start elsewhere). */
  table0: number;
  phase: AwPhase;
  /** Location of each unit, in data order (`at`/`put` by id): an off-map keyword or an area id. */
  loc: string[];
  /** UBs removed with damage >= 3 and still in the unused group (AW 11.0[4], AW-A23). */
  sunkUbs: string[];
  /** Standard mode: Allied escorts whose fronts the Allied seat has seen (Step 3 or combat). */
  seen: string[];
  t: TurnState;
  /** Standing orders per seat (never shown to the other seat). */
  standing: Record<AwSide, AwStandingOrders | null>;
  /** One row per VP check (AW 9.0). */
  history: { turn: number; vp: number; table: number }[];
  result: AwResult | null;
}

/** A fresh turn state. Its damage record is the shared frozen `NO_DAMAGE` until a hit (copy-on-write, `ownDamage`). */
export function emptyTurn(): TurnState {
  return {
    revealed: false,
    faceUp: [],
    step2: [],
    step2Roll: 0,
    damage: NO_DAMAGE,
    attacked: [],
    sunk: [],
    vp: 0,
    rolls: 0,
    moved: [],
    groups: [],
    group: 0,
    stage: 'air',
    overflowPref: {},
  };
}

/**
 * Copy-on-write. `cloneState` shares the lists below (and the damage and standing records) with its input; most
 * steps change none of them. A write goes through `own...`, which copies the value once per state under construction. `owned` holds
 * the copies made for `building`, the one state being built; any other state copies again (always safe).
 */
let building: AwState | null = null;
/** The first `ownedCount` entries are the copies made for `building` (those past it are stale: never read, and only
 * a few small lists kept until overwritten). */
const owned: unknown[] = [];
let ownedCount = 0;

function claim<T>(s: AwState, value: T, copy: (v: T) => T): T {
  if (building === s && isOwned(value)) return value;
  if (building !== s) {
    building = s;
    clearOwned();
  }
  const mine = copy(value);
  owned[ownedCount++] = mine;
  return mine;
}

/** Whether a value is one of the copies made for `building` (a handful at most: a loop, not a call of `includes`). */
function isOwned(value: unknown): boolean {
  for (let k = 0; k < ownedCount; k++) if (owned[k] === value) return true;
  return false;
}

/** Forgets the copies made so far: a count set to 0 (setting an array's length costs a call into the runtime). */
function clearOwned(): void {
  ownedCount = 0;
}

const copyList = <T>(a: T[]): T[] => a.slice();
function copyRecord(r: Record<string, number>): Record<string, number> {
  const out = record<number>();
  for (const k in r) out[k] = r[k];
  return out;
}

type StateList = 'sunkUbs' | 'seen' | 'history';
type TurnList = 'faceUp' | 'step2' | 'attacked' | 'sunk' | 'moved';

/** A list of the state under construction, made its own before a write. */
export function ownList<K extends StateList>(s: AwState, key: K): AwState[K] {
  const own = claim(s, s[key], copyList as (v: AwState[K]) => AwState[K]);
  s[key] = own;
  return own;
}

/** A turn list of the state under construction, made its own before a write. */
export function ownTurnList(s: AwState, key: TurnList): string[] {
  const own = claim(s, s.t[key], copyList);
  s.t[key] = own;
  return own;
}

/** The standing orders record of a state under construction, made its own before a seat's entry is replaced. */
export function ownStanding(s: AwState): AwState['standing'] {
  const own = claim(s, s.standing, copyStanding);
  s.standing = own;
  return own;
}

const copyStanding = (st: AwState['standing']): AwState['standing'] => ({ allied: st.allied, german: st.german });

/** The damage record of a state under construction, made its own before the first write. */
export function ownDamage(s: AwState): Record<string, number> {
  const own = claim(s, s.t.damage, copyRecord);
  s.t.damage = own;
  return own;
}

/**
 * A copy of the state that `resolve` may change freely (the input is never mutated). Data is shared, read-only;
 * the lists and the damage record are shared until written (`ownList`, `ownTurnList`, `ownDamage`).
 */
export function cloneState(s: AwState): AwState {
  const t = s.t;
  // Explicit literals (not spreads): this runs once per step and dominates simulation speed.
  const turn: TurnState = {
    revealed: t.revealed,
    faceUp: t.faceUp,
    step2: t.step2,
    step2Roll: t.step2Roll,
    damage: t.damage,
    attacked: t.attacked,
    sunk: t.sunk,
    vp: t.vp,
    rolls: t.rolls,
    moved: t.moved,
    groups: t.groups,
    group: t.group,
    stage: t.stage,
    overflowPref: t.overflowPref, // never written in place: a step that changes it makes a new object
  };
  const loc = s.loc.slice();
  carryScan(s.loc, loc);
  const out: AwState = {
    game: s.game,
    mode: s.mode,
    options: s.options,
    data: s.data,
    turn: s.turn,
    table: s.table,
    table0: s.table0,
    phase: s.phase,
    loc,
    sunkUbs: s.sunkUbs,
    seen: s.seen,
    t: turn,
    standing: s.standing, // shared until a seat's entry is replaced (ownStanding): most steps store none
    history: s.history,
    result: s.result,
  };
  building = out;
  clearOwned();
  return out;
}

/** The empty damage record of every fresh turn (frozen: writes go through `ownDamage`, which copies it). */
export const NO_DAMAGE: Readonly<Record<string, number>> = Object.freeze(record<number>());

/**
 * A new empty string-keyed record for ids added in data-dependent order (orders, standing tables, damage): an object
 * without a prototype, which V8 keeps in hash-table mode from the start, so adding keys in ever new orders does not
 * grow hidden classes (a plain `{}` does, and switching one to hash-table mode afterwards costs more than the keys).
 * To JSON, key order and `Object.keys` it is a plain object; read it by key, never through inherited methods.
 */
export function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The other seat. */
export const opponent = (side: AwSide): AwSide => (side === 'allied' ? 'german' : 'allied');

/** True when a location is an area (not an off-map keyword): six compares, cheaper than a set look-up. */
export function isArea(loc: string | undefined): boolean {
  for (let k = 0; k < OFF_MAP.length; k++) if (loc === OFF_MAP[k]) return false;
  return loc !== undefined;
}

/** Where a unit is (undefined for an unknown id). */
export function at(s: AwState, id: string): string {
  const i = indexOf(s.data).order.get(id);
  return i === undefined ? (undefined as unknown as string) : s.loc[i];
}

/** Moves a unit (state under construction only; through `setLoc`, which keeps the area scan current). */
export function put(s: AwState, id: string, where: string): void {
  const i = indexOf(s.data).order.get(id);
  if (i !== undefined) setLoc(s, i, where);
}

/** Unit id -> location, for fixtures, tests and views. */
export function locations(s: AwState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, u] of s.data.units.entries()) out[u.id] = s.loc[i];
  return out;
}
