/**
 * What a viewer may see (AW 5.0[2], 6.0-Step2/3, 8.0[1], AW-A06, AW-A31). Mail mode is open information except the
 * other seat's standing orders. Standard mode hides face-down Allied units from the German (counts only), the Step-2
 * units from both seats until combat, and the cups' contents. The moderator sees everything. Nothing hidden leaves a
 * trace by order, position or absence: lists come in an order of what the viewer may see (data order of the units
 * it sees, then placeholders), never in an order of the hidden units' identities.
 */
import type { GameEvent, Owed, Text, Viewer } from '../../../engine/types.ts';
import { filterEvents } from '../../../engine/visibility.ts';
import type { AwSide, AwUnit } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { replaceOrder, seesAllied } from '../rules/hidden-units.ts';
import { owed } from '../rules/owed.ts';
import { placeholder } from '../rules/placement.ts';
import { ubCapacity } from '../rules/arithmetic.ts';
import type { AwStandingOrders } from '../orders/schema.ts';
import { at, opponent, type AwResult, type AwState } from '../state.ts';

/** A unit as shown to a viewer who may see its front. */
export interface UnitView {
  id: string;
  type: AwUnit['type'];
  nationality: AwUnit['nationality'];
  strength: number;
  vp: number;
  star: boolean;
  number: number;
  name: AwUnit['name'];
  damage?: number;
  attacked?: boolean;
  face?: 'up' | 'down';
}

const unitView = (s: AwState, u: AwUnit): UnitView => {
  const v: UnitView = {
    id: u.id,
    type: u.type,
    nationality: u.nationality,
    strength: u.strength,
    vp: u.vp,
    star: u.star,
    number: u.number,
    name: u.name,
  };
  if (s.t.damage[u.id]) v.damage = s.t.damage[u.id];
  if (s.t.attacked.includes(u.id)) v.attacked = true;
  if (s.mode === 'standard' && u.side === 'allied' && u.type !== 'convoy' && !s.t.revealed)
    v.face = s.t.faceUp.includes(u.id) ? 'up' : 'down';
  return v;
};

/** A unit whose front the viewer may not see: a placeholder numbered by position in the view, never by identity. */
export interface HiddenUnit {
  id: string;
  hidden: true;
}

/** One sea area as a viewer sees it: its capacities this turn (AW 10.0-E2) and the units on it. */
export interface AreaView {
  id: string;
  name: Text;
  capacity: number;
  ubCapacity: number;
  adjacent: string[];
  allied: (UnitView | HiddenUnit)[];
  german: UnitView[];
}

/** An off-map group: how many units it holds, and those this viewer may know. */
export interface OffMapGroupView {
  count: number;
  units: UnitView[];
}

/** The off-map groups of one side (AW 1.21[6]). */
export type OffMapView = Record<'used' | 'unused' | 'aside' | 'track' | 'out' | 'sunk', OffMapGroupView>;

/** What `view` returns: the state as one viewer may see it. */
export interface AwView {
  game: 'atlantic-wolves';
  mode: AwState['mode'];
  options: AwState['options'];
  dataSet: string;
  turn: number;
  turnLabel: Text;
  table: number;
  history: AwState['history'];
  phase: Record<string, unknown> & { kind: AwState['phase']['kind'] };
  owed: Owed[];
  areas: AreaView[];
  offMap: Record<'allied' | 'german', OffMapView>;
  turnVp: number;
  /** Absent while the viewer may not look into the German cup and his draw is off the map (AW 7.0[1]). */
  sunkUbs?: string[];
  standing: Partial<Record<'allied' | 'german', AwStandingOrders | null>>;
  result: AwResult | null;
}

/** One of the opponent's named units to re-place (AW 6.0-C2, 7.0[6]): its key in the orders, its front if seen. */
type ReplaceEntry = { key: string; unit: UnitView } | { key: string; hidden: true };

/**
 * The sunk UBs waiting in the German cup (AW 11.0[4], AW-A23), in data order. The German draws from that cup (AW
 * 5.0) and the list loses every sunk UB he draws: while the UBs he drew are still off the map (his draw is shown to
 * him alone until he places them, AW 7.0[1]), a viewer who may not look into his cup is not shown the list at all.
 */
function sunkUbsFor(s: AwState, viewer: Viewer): string[] | undefined {
  const ix = indexOf(s.data);
  const german = viewer.kind === 'seat' && viewer.seat === 'german';
  const cupOpen = viewer.kind === 'moderator' || s.mode === 'mail' || german;
  if (!cupOpen && ix.germanPos.some((i) => s.loc[i] === 'used')) return undefined;
  return s.sunkUbs.slice().sort((a, b) => ix.order.get(a)! - ix.order.get(b)!);
}

/**
 * The areas with the units a viewer may see. The Allied units it may not see come after the ones it may, as bare
 * placeholders numbered in view order: where a face-down unit stood in data order would tell convoys from escorts.
 */
function areasView(s: AwState, viewer: Viewer): AreaView[] {
  const ix = indexOf(s.data);
  let hidden = 0;
  return ix.areaIds.map((id): AreaView => {
    const a = ix.area.get(id)!;
    const allied: (UnitView | HiddenUnit)[] = [];
    const german: UnitView[] = [];
    let unseen = 0;
    for (const u of s.data.units) {
      if (at(s, u.id) !== id) continue;
      if (u.side === 'german') german.push(unitView(s, u));
      else if (seesAllied(s, viewer, u.id)) allied.push(unitView(s, u));
      else unseen++;
    }
    for (let k = 0; k < unseen; k++) allied.push({ id: `hidden-${++hidden}`, hidden: true });
    return {
      id,
      name: a.name,
      capacity: a.capacity,
      ubCapacity: ubCapacity(a.capacity, s.turn),
      adjacent: [...a.adjacent].sort(),
      allied,
      german,
    };
  });
}

/** A side's off-map groups: units the viewer may see, and counts. */
function offMapView(s: AwState, viewer: Viewer, side: 'allied' | 'german'): OffMapView {
  const ix = indexOf(s.data);
  const open = viewer.kind === 'moderator' || s.mode === 'mail';
  const units = side === 'allied' ? ix.allied : ix.german;
  const mine = open || (viewer.kind === 'seat' && viewer.seat === side);
  const group = (where: string): OffMapGroupView => {
    const list = units.filter((u) => at(s, u.id) === where);
    const shown = open || where === 'out' || where === 'sunk' || where === 'aside' || where === 'track';
    if (shown) return { count: list.length, units: list.map((u) => unitView(s, u)) };
    // The unused cup and the Allied used group are face down: the owner knows which UBs he holds; the Allied seat
    // knows its convoys and the escorts it has seen (Step 3, combat), except Step-2 units named for re-placement
    // (AW-A06). Others see counts.
    const knows = (u: AwUnit) =>
      side === 'german' || ((u.type === 'convoy' || s.seen.includes(u.id)) && seesAllied(s, viewer, u.id));
    const known = mine ? list.filter(knows) : [];
    return { count: list.length, units: known.map((u) => unitView(s, u)) };
  };
  const [used, unused, aside, track, out, sunk] = ['used', 'unused', 'aside', 'track', 'out', 'sunk'].map(group);
  return { used, unused, aside, track, out, sunk };
}

/**
 * The named units being re-placed. The re-placing seat gets the keys its orders use (`#n` for a face-down unit,
 * counted after the units it sees: rules/hidden-units.ts); anyone else gets the units it sees and a count of the
 * others.
 */
function replaceView(s: AwState, viewer: Viewer, side: AwSide, units: string[]): ReplaceEntry[] {
  const ix = indexOf(s.data);
  const sees = (id: string) => ix.unit.get(id)!.side === 'german' || seesAllied(s, viewer, id);
  const replacer = viewer.kind === 'seat' && viewer.seat === opponent(side);
  const out: ReplaceEntry[] = [];
  let hidden = 0;
  (replacer ? replaceOrder(s, side, units) : units).forEach((id, i) => {
    if (sees(id)) out.push({ key: id, unit: unitView(s, ix.unit.get(id)!) });
    else if (replacer) out.push({ key: placeholder(i), hidden: true });
    else hidden++;
  });
  for (let k = 1; k <= hidden; k++) out.push({ key: `hidden-${k}`, hidden: true });
  return out;
}

/** The state as a viewer may see it (plain JSON). */
export function view(s: AwState, viewer: Viewer): AwView {
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const p = s.phase;
  const phase: AwView['phase'] = { kind: p.kind };
  if (p.kind === 'step2') phase.draw = p.draw;
  if (p.kind === 'response') Object.assign(phase, { roll: p.roll, unit: p.unit });
  if (p.kind === 'overflow-replace') phase.units = replaceView(s, viewer, p.side, p.units);
  if (s.mode === 'standard') Object.assign(phase, { step2Roll: s.t.step2Roll || undefined });
  const standing =
    viewer.kind === 'moderator'
      ? s.standing
      : seat === 'allied' || seat === 'german'
        ? { [seat]: s.standing[seat] }
        : {};
  return {
    game: 'atlantic-wolves',
    mode: s.mode,
    options: s.options,
    dataSet: s.data.id,
    turn: s.turn,
    turnLabel: s.data.turns[s.turn - 1].label,
    table: s.table,
    history: s.history,
    phase,
    owed: owed(s),
    areas: areasView(s, viewer),
    offMap: { allied: offMapView(s, viewer, 'allied'), german: offMapView(s, viewer, 'german') },
    turnVp: s.t.vp,
    sunkUbs: sunkUbsFor(s, viewer),
    standing,
    result: s.result,
  };
}

/** A record with its keys in sorted order (area ids: the order of the map, AW-A13). */
function sortedRecord(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k];
  return out;
}

/**
 * The events a viewer may see, in order (engine/visibility.ts), with nothing hidden left in their shape: Step 3
 * counts its units in data order (AW 6.0-Step3), so the order in which the areas first appear in its counts would
 * tell the German where the first face-down unit went; seats get those counts in area id order. The moderator gets
 * the events as they were made.
 */
export function visibleEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  const out = filterEvents(events, viewer);
  if (viewer.kind === 'moderator') return out;
  return out.map((e) => {
    if (e.type !== 'step3-placed' || !e.counts || typeof e.counts !== 'object') return e;
    return { ...e, counts: sortedRecord(e.counts as Record<string, unknown>) };
  });
}
