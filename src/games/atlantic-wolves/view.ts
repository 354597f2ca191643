/**
 * What a viewer may see (AW 5.0[2], 6.0-Step2/3, 8.0[1], AW-A06, AW-A31). Mail mode is open information except the
 * other seat's standing orders. Standard mode hides face-down Allied units from the German (counts only), the Step-2
 * units from both seats until combat, and the cups' contents. The moderator sees everything.
 */
import type { Owed, Text, Viewer } from '../../engine/types.ts';
import type { AwUnit } from './data/schema.ts';
import { indexOf } from './data/data-index.ts';
import { owed } from './owed.ts';
import { placeholder } from './placement.ts';
import { ubCapacity } from './rules.ts';
import { at, type AwResult, type AwState } from './state.ts';
import type { AwStandingOrders } from './orders/schema.ts';

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
  const v: UnitView = { id: u.id, type: u.type, nationality: u.nationality, strength: u.strength, vp: u.vp, star: u.star, number: u.number, name: u.name };
  if (s.t.damage[u.id]) v.damage = s.t.damage[u.id];
  if (s.t.attacked.includes(u.id)) v.attacked = true;
  if (s.mode === 'standard' && u.side === 'allied' && u.type !== 'convoy' && !s.t.revealed) v.face = s.t.faceUp.includes(u.id) ? 'up' : 'down';
  return v;
};

/** An Allied unit whose front this viewer may not see: only that a unit stands there. */
export interface HiddenUnitView {
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
  allied: (UnitView | HiddenUnitView)[];
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
  sunkUbs: string[];
  standing: Partial<Record<'allied' | 'german', AwStandingOrders | null>>;
  result: AwResult | null;
}

/** Whether a viewer may see the front of an Allied unit on the map (standard mode). */
function alliedVisible(s: AwState, viewer: Viewer, id: string): boolean {
  if (viewer.kind === 'moderator' || s.mode === 'mail' || s.t.revealed) return true;
  if (viewer.kind === 'seat' && viewer.seat === 'allied') return !s.t.step2.includes(id); // AW-A06: Step-2 units hidden
  return s.t.faceUp.includes(id); // German and public: face-up units only
}

/** The state as a viewer may see it (plain JSON). */
export function view(s: AwState, viewer: Viewer): AwView {
  const ix = indexOf(s.data);
  const open = viewer.kind === 'moderator' || s.mode === 'mail';
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  let hidden = 0;
  const areas = ix.areaIds.map((id): AreaView => {
    const a = ix.area.get(id)!;
    const allied: (UnitView | HiddenUnitView)[] = [];
    const german: UnitView[] = [];
    for (const u of s.data.units) {
      if (at(s, u.id) !== id) continue;
      if (u.side === 'german') german.push(unitView(s, u));
      else if (alliedVisible(s, viewer, u.id)) allied.push(unitView(s, u));
      else allied.push({ id: `hidden-${++hidden}`, hidden: true });
    }
    return { id, name: a.name, capacity: a.capacity, ubCapacity: ubCapacity(a.capacity, s.turn), adjacent: [...a.adjacent].sort(), allied, german };
  });
  const offMap = (side: 'allied' | 'german'): OffMapView => {
    const units = side === 'allied' ? ix.allied : ix.german;
    const mine = open || seat === side;
    const group = (where: string): OffMapGroupView => {
      const list = units.filter((u) => at(s, u.id) === where);
      if (open || where === 'out' || where === 'sunk' || where === 'aside' || where === 'track') return { count: list.length, units: list.map((u) => unitView(s, u)) };
      // The unused cup and the Allied used group are face down: the owner knows which UBs he holds; the Allied
      // seat knows its convoys and the escorts it has seen (Step 3, combat). Others see counts.
      const known = mine ? list.filter((u) => side === 'german' || u.type === 'convoy' || s.seen.includes(u.id)) : [];
      return { count: list.length, units: known.map((u) => unitView(s, u)) };
    };
    return { used: group('used'), unused: group('unused'), aside: group('aside'), track: group('track'), out: group('out'), sunk: group('sunk') };
  };
  const p = s.phase;
  const phase: AwView['phase'] = { kind: p.kind };
  if (p.kind === 'step2') phase.draw = p.draw;
  if (p.kind === 'response') Object.assign(phase, { roll: p.roll, unit: p.unit });
  if (p.kind === 'overflow-replace') {
    const showIds = open || s.t.revealed || p.side !== 'allied' || seat === 'allied';
    phase.units = p.units.map((id, i) => (showIds || s.t.faceUp.includes(id) ? { key: id, unit: unitView(s, ix.unit.get(id)!) } : { key: placeholder(i), hidden: true }));
  }
  if (s.mode === 'standard') Object.assign(phase, { step2Roll: s.t.step2Roll || undefined });
  const standing = viewer.kind === 'moderator' ? s.standing : seat === 'allied' || seat === 'german' ? { [seat]: s.standing[seat] } : {};
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
    areas,
    offMap: { allied: offMap('allied'), german: offMap('german') },
    turnVp: s.t.vp,
    sunkUbs: s.sunkUbs,
    standing,
    result: s.result,
  };
}
