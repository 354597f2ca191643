/**
 * GF 6, the armament phase: reinforcement (D1 automatic, D2), commitment (D3, D4) and withdrawal (D5, D6), in the
 * printed order German then British for each step. Also the arrivals of circled and American ships (GF 3[3], 9[2b]).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import type { GfOrders } from '../orders/schema.ts';
import { knownPurpose, rollKnown } from './purposes.ts';
import {
  autoBox,
  boxCounts,
  boxWithMostRoom,
  ddBox,
  ddPlace,
  type GfState,
  indexOf,
  placeOf,
  setPlace,
  shipsOf,
  sideOfShip,
  someShip,
} from '../state.ts';

/** A stage of the sequence of play, entered by the flow (flow.ts). */
export type Stage =
  | 'turn'
  | 'arm-1'
  | 'arm-2'
  | 'arm-3'
  | 'arm-4'
  | 'usw'
  | 'initiative'
  | 'declare'
  | 'accept'
  | 'battle'
  | 'shuffle'
  | 'place'
  | 'intercept'
  | 'reveal'
  | 'round'
  | 'fire'
  | 'continue'
  | 'hex-end'
  | 'battle-end'
  | 'turn-end';

/** Ships of a side arriving this turn as reinforcements (GF 6[2]): on the turn table with this turn. */
export function arrivals(s: GfState, side: Side): string[] {
  const out: string[] = [];
  for (const slot of indexOf(s.data).slotsBySide[side]) {
    const ship = s.data.ships[slot];
    if (s.places[slot] === 'pending' && ship.nation !== 'american' && ship.arrives === s.turn) out.push(ship.id);
  }
  return out;
}

/** GF 6(1), 6[4] (D1, GF-A10): German reinforcements go to the fleet box; circled ones to the DDbox (GF-A04). */
function germanReinforcement(s: GfState, ctx: ResolveContext): void {
  const idx = indexOf(s.data);
  for (const id of arrivals(s, 'german')) {
    const circled = idx.ship.get(id)!.circled;
    setPlace(s, id, circled ? ddPlace(autoBox(s, 'german')) : 'fleet');
    ctx.emit({ type: 'reinforced', side: 'german', ship: id, to: placeOf(s, id), rule: 'GF 6(1)' });
  }
}

/** GF 9[2b], GF-A05 R1: circled-4 American ships still waiting enter the DDbox on their turn once USW is on. */
function americanArrivals(s: GfState, ctx: ResolveContext): void {
  if (s.usw === null) return;
  const ships = s.data.ships;
  for (let i = 0; i < ships.length; i++) {
    const ship = ships[i]; // at position i of the place table
    if (ship.nation !== 'american' || s.places[i] !== 'pending' || ship.arrives !== s.turn) continue;
    setPlace(s, ship.id, ddPlace(autoBox(s, 'british')));
    ctx.emit({ type: 'reinforced', side: 'british', ship: ship.id, to: placeOf(s, ship.id), rule: 'GF 9[2b]' });
  }
}

/** Start of the armament phase: D1 is automatic; who owes D2 (British arrivals) and D3 (German DDbox ships). */
export function enterArmament(s: GfState, ctx: ResolveContext): Stage | null {
  germanReinforcement(s, ctx);
  americanArrivals(s, ctx);
  const sides: Side[] = [];
  if (arrivals(s, 'british').length) sides.push('british');
  if (someShip(s, 'german', (p) => ddBox(p) >= 0)) sides.push('german');
  if (!sides.length) return 'arm-2';
  s.phase = { kind: 'arm-1', sides };
  return null;
}

/** GF 6(2), D2: each arriving British ship into the box its owner named, or the engine's box (GF 6[3]). */
export function applyBritishReinforcement(s: GfState, orders: GfOrders | undefined, ctx: ResolveContext): void {
  // The engine's box as `autoBox` finds it, from box counts kept up to date over its own choices (an arriving ship
  // comes from the turn table) and taken again after a box the owner named.
  let counts: number[] | undefined;
  for (const id of arrivals(s, 'british')) {
    const named = orders?.reinforce?.[id];
    let box: number;
    if (named === undefined) {
      counts ??= boxCounts(s, 'british');
      box = boxWithMostRoom(s, 'british', counts);
      counts[box]++;
    } else {
      box = named;
      counts = undefined;
    }
    setPlace(s, id, ddPlace(box));
    ctx.emit({ type: 'reinforced', side: 'british', ship: id, to: placeOf(s, id), rule: 'GF 6(2)' });
  }
}

/** The DDbox after a redistribution (GF 6[8]): ship to box. */
export function redistributed(s: GfState, side: Side, moves: Record<string, number> | undefined): Map<string, number> {
  const boxes = new Map(shipsOf(s, side, (p) => ddBox(p) >= 0).map((id) => [id, ddBox(placeOf(s, id))]));
  for (const [id, box] of Object.entries(moves ?? {})) if (boxes.has(id)) boxes.set(id, box);
  return boxes;
}

/**
 * GF 6[8], GF-A06: a British redistribution that leaves as few numbered boxes empty as possible: ships taken from
 * the fullest boxes (box 0 first) into each empty numbered box. The engine's default when Britain commits.
 */
export function spreadBritish(s: GfState): Record<string, number> {
  // The ships of each box 0-6, ids in order (read in id order): the lowest id of the box a ship is taken from moves.
  const inBoxes: string[][] = [[], [], [], [], [], [], []];
  for (const slot of indexOf(s.data).sortedSlotsBySide.british) {
    const box = ddBox(s.places[slot]); // -1 off the DDbox: checked, as reading a list at -1 is slow
    if (box >= 0 && box <= 6) inBoxes[box].push(s.data.ships[slot].id);
  }
  const moves: Record<string, number> = {};
  for (let target = 1; target <= 6; target++) {
    if (inBoxes[target].length > 0) continue;
    const donor = donorBox(inBoxes, target);
    if (donor === undefined) continue;
    const id = inBoxes[donor].shift()!;
    inBoxes[target].push(id);
    moves[id] = target;
  }
  return moves;
}

/** The box a ship is taken from to fill `target`: box 0 while it holds any, else the fullest box with two or more. */
function donorBox(inBoxes: string[][], target: number): number | undefined {
  if (inBoxes[0].length > 0) return 0;
  let donor: number | undefined;
  for (let b = 1; b <= 6; b++) {
    const n = inBoxes[b].length;
    if (b !== target && n > 1 && (donor === undefined || n > inBoxes[donor].length)) donor = b; // ties: the lower
  }
  return donor;
}

const COMMITMENT_DIE = knownPurpose('GF 6[10]', 'commitment die (DDbox box)', '投入ダイス（DDboxの番号）');
const WITHDRAWAL_DIE = knownPurpose('GF 6[15]', 'withdrawal die (ships)', '転出ダイス（隻数）');

/** GF 6[10-12]: commitment dice read as box numbers; every ship in a rolled box (not 0) goes to the fleet box. */
export function applyCommitment(s: GfState, side: Side, orders: GfOrders['commit'], ctx: ResolveContext): void {
  if (!orders || orders.dice === 0) {
    ctx.emit({ type: 'no-commitment', side, rule: side === 'german' ? 'GF 6(3)' : 'GF 6(4)' });
    return;
  }
  for (const [id, box] of orders.redistribute ? Object.entries(orders.redistribute).sort() : []) {
    if (placeOf(s, id) === ddPlace(box)) continue;
    setPlace(s, id, ddPlace(box));
    ctx.emit({ type: 'redistributed', side, ship: id, box, rule: 'GF 6[8]' });
  }
  const first = rollKnown(ctx, 6, COMMITMENT_DIE);
  const rolled = [first];
  const second = orders.dice === 2 && !(orders.stopIf ?? []).includes(first);
  if (second) rolled.push(rollKnown(ctx, 6, COMMITMENT_DIE));
  // The ships of each rolled box (not 0, each box once), box by box in the order rolled, in data order within one.
  const ships: string[] = [];
  const slots = indexOf(s.data).slotsBySide[side];
  for (let k = 0; k < rolled.length; k++) {
    const box = rolled[k];
    if (box < 1 || box > 6 || (k > 0 && rolled[0] === box)) continue;
    const place = ddPlace(box);
    for (const slot of slots) if (s.places[slot] === place) ships.push(s.data.ships[slot].id);
  }
  for (const id of ships) setPlace(s, id, 'fleet');
  ctx.emit({ type: 'committed', side, dice: rolled, ships, rule: 'GF 6[10]' });
}

const withdrawalRanks = new WeakMap<GfState['data'], Record<Side, number[]>>();

/**
 * Each side's ship positions in withdrawal order (GF 6[16]), sorted once per data set: the ships in the fleet box
 * then come in that order by a filter, as a stable sort of them alone would put them.
 */
function withdrawalRanking(s: GfState): Record<Side, number[]> {
  let known = withdrawalRanks.get(s.data);
  if (known) return known;
  const { typeAt, idRank, slotsBySide } = indexOf(s.data);
  const ids = s.data.ships.map((x) => x.id);
  const order = (slots: number[]) =>
    [...slots].sort((a, b) => {
      const ta = typeAt[a];
      const tb = typeAt[b];
      return ta.defence - tb.defence || ta.bombardment - tb.bombardment || idRank.get(ids[a])! - idRank.get(ids[b])!;
    });
  known = { british: order(slotsBySide.british), german: order(slotsBySide.german) };
  withdrawalRanks.set(s.data, known);
  return known;
}

/** The default choice of ships to withdraw: lowest defence, then lowest bombardment, then id (GF 6[16]). */
export function withdrawalOrder(s: GfState, side: Side): string[] {
  const out: string[] = [];
  for (const slot of withdrawalRanking(s)[side]) if (s.places[slot] === 'fleet') out.push(s.data.ships[slot].id);
  return out;
}

/**
 * GF 6[13-16], GF-A09: the owner withdraws exactly the number rolled (all, if the fleet box holds fewer): the first
 * ships of its ordered preference list, which validation makes min(6, fleet box) long, so that no ship is ever
 * added or left out by the engine. Each goes into the box named for it (validated within capacity), else the
 * engine's box (GF-A07); named boxes are filled first so the engine's choice never takes their room.
 */
export function applyWithdrawal(s: GfState, side: Side, orders: GfOrders['withdraw'], ctx: ResolveContext): void {
  const rule = side === 'german' ? 'GF 6(5)' : 'GF 6(6)';
  if (!orders?.roll) {
    ctx.emit({ type: 'no-withdrawal', side, rule });
    return;
  }
  const die = rollKnown(ctx, 6, WITHDRAWAL_DIE);
  const ships = (orders.ships ?? []).filter((id) => placeOf(s, id) === 'fleet').slice(0, die);
  const named = ships.filter((id) => orders.boxes?.[id] !== undefined);
  for (const id of named) setPlace(s, id, ddPlace(orders.boxes![id]));
  // The engine's box as `autoBox` finds it, from box counts kept up to date while each ship placed is one of the
  // side's from the fleet box (as validated orders name), else taken again.
  const { position } = indexOf(s.data);
  let counts: number[] | undefined;
  for (const id of ships) {
    if (named.includes(id)) continue;
    counts ??= boxCounts(s, side);
    const box = boxWithMostRoom(s, side, counts);
    const slot = position.get(id)!;
    const counted = s.places[slot] === 'fleet' && sideOfShip(s.data.ships[slot]) === side;
    setPlace(s, id, ddPlace(box));
    if (counted) counts[box]++;
    else counts = undefined;
  }
  ctx.emit({ type: 'withdrawn', side, die, ships, to: ships.map((id) => placeOf(s, id)), rule });
}
