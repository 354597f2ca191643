/**
 * GF 7 (the initiative phase: submarine warfare check, initiative determination, battle declaration), GF 9
 * (unrestricted submarine warfare and American ships), GF 10 and GF 11 (end of the game, victory).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Stage } from './armament.ts';
import type { Side } from '../data/schema.ts';
import type { GfOrders } from '../orders/schema.ts';
import { knownPurpose, rollKnown } from './purposes.ts';
import {
  addVp,
  autoBox,
  enemyOf,
  type GfState,
  indexOf,
  SIDE_ORDER,
  shipsOf,
  countAt,
  setPlace,
  placeOf,
  SIDE_JA,
  ddPlace,
} from '../state.ts';

const USW_OCCURRENCE_DIE = knownPurpose('GF 7(a)[2]', 'USW Occurrence Table', '無制限潜水艦戦発生表');
const USW_TABLE_DIE = knownPurpose('GF 9[4]', 'USW Table', '無制限潜水艦戦表');
const initiativeDie = (side: Side) =>
  knownPurpose('GF 7(b)[1]', `initiative die (${side})`, `主導権ダイス（${SIDE_JA[side]}）`);
const INITIATIVE_DIE = { british: initiativeDie('british'), german: initiativeDie('german') };

/** GF 9[1-3]: the outbreak: American ships join, later reinforcements are cancelled; no initiative this turn. */
export function uswOutbreak(s: GfState, ctx: ResolveContext, rule: string): void {
  s.usw = s.turn;
  const joined: string[] = [];
  for (const ship of s.data.ships) {
    if (placeOf(s, ship.id) !== 'pending') continue;
    if (ship.nation === 'american') {
      // GF 9[2], 9[2b], GF-A05 R1: circled-4 ships wait for turn 4 only when USW breaks out before it.
      if (ship.arrives !== null && ship.arrives > s.turn) continue;
      setPlace(s, ship.id, ship.circled ? ddPlace(autoBox(s, 'british')) : 'fleet');
      joined.push(ship.id);
    } else if (ship.arrives !== null && ship.arrives > s.turn) {
      setPlace(s, ship.id, 'removed');
    }
  }
  ctx.emit({ type: 'usw-outbreak', turn: s.turn, americans: joined, rule });
}

/** GF 7(a): the submarine warfare check, from turn 2. */
export function enterUsw(s: GfState, ctx: ResolveContext): Stage | null {
  if (s.turn === 1) return 'initiative';
  if (s.usw !== null) return uswTableRoll(s, ctx);
  if (s.options.historical) {
    // GF 12[3], GF-A36: automatic on turn 6, no Occurrence Table roll at all.
    if (s.turn !== 6) return 'initiative';
    uswOutbreak(s, ctx, 'GF 12[3]');
    return 'turn-end';
  }
  const die = rollKnown(ctx, 6, USW_OCCURRENCE_DIE);
  const result = s.data.uswOccurrence[die - 1];
  ctx.emit({ type: 'usw-check', die, result, rule: 'GF 7(a)[2]' });
  if (result === 'none') return 'initiative';
  if (result === 'occurs') {
    uswOutbreak(s, ctx, 'GF 7(a)[4]');
    return 'turn-end';
  }
  const standing = s.standing.german.usw;
  if (standing) return applyUswChoice(s, standing, ctx);
  s.phase = { kind: 'usw-choice', side: 'german' };
  return null;
}

/** D7: the German chooses on a "Choice" result (GF 7(a)[2], [5]). */
export function applyUswChoice(s: GfState, choice: 'occur' | 'decline', ctx: ResolveContext): Stage {
  ctx.emit({ type: 'usw-choice', choice, rule: 'GF 7(a)[2]' });
  if (choice === 'decline') return 'initiative';
  uswOutbreak(s, ctx, 'GF 7(a)[5]');
  return 'turn-end';
}

/** GF 7(a)[6], GF 9[4]: one roll on the USW Table; a natural 6 sends American ships in the fleet box to the DDbox. */
function uswTableRoll(s: GfState, ctx: ResolveContext): Stage {
  const die = rollKnown(ctx, 6, USW_TABLE_DIE);
  const modifier = s.data.uswModifiers[s.uswRolls] ?? 0;
  s.uswRolls++;
  const row = Math.min(6, Math.max(1, die + modifier));
  const germanVp = s.data.uswTable[row - 1];
  addVp(s, 'german', germanVp);
  const idx = indexOf(s.data);
  const sent: string[] = [];
  if (die === 6) {
    for (const id of shipsOf(s, 'british', (p) => p === 'fleet')) {
      if (idx.ship.get(id)!.nation !== 'american') continue;
      setPlace(s, id, ddPlace(autoBox(s, 'british')));
      sent.push(id);
    }
  }
  ctx.emit({ type: 'usw-table', die, modifier, germanVp, americansToDd: sent, rule: 'GF 9[4]' });
  return 'initiative';
}

/** GF 7(b)[1-4], D8: both dice counts (sealed), the parity penalty, the offensive side. */
export function applyInitiative(s: GfState, orders: Readonly<Record<string, GfOrders>>, ctx: ResolveContext): Stage {
  const high: Record<Side, number> = { british: 0, german: 0 };
  const rolls: Record<Side, number[]> = { british: [], german: [] };
  for (const side of SIDE_ORDER) {
    const count = orders[side]?.dice ?? 1;
    for (let k = 0; k < count; k++) rolls[side].push(rollKnown(ctx, 6, INITIATIVE_DIE[side]));
    high[side] = Math.max(...rolls[side]);
    const [a, b] = rolls[side];
    // GF 7(b)[2a]: two dice of the same parity cost 1 VP (GF-A25: both at once net to 0).
    if (count === 2 && a % 2 === b % 2) addVp(s, side, -1);
  }
  const difference = Math.abs(high.british - high.german);
  s.difference = difference;
  s.offensive = difference >= 2 ? (high.british > high.german ? 'british' : 'german') : null;
  ctx.emit({ type: 'initiative', rolls, difference, offensive: s.offensive, rule: 'GF 7(b)[3]' });
  if (!s.offensive) return 'turn-end';
  if (difference >= 4) {
    // GF 7(b)[4a]: the offensive side must fight.
    ctx.emit({ type: 'declared', side: s.offensive, battle: true, forced: true, rule: 'GF 7(b)[4a]' });
    if (s.options.forcedBattle === 'forcedOnBoth') return 'battle';
    return 'accept';
  }
  return 'declare';
}

/** D9: the offensive side's declaration, from a standing order when it sent one. */
export function enterDeclare(s: GfState, ctx: ResolveContext): Stage | null {
  const side = s.offensive!;
  const standing = s.standing[side].ifOffensive;
  if (standing !== undefined) return applyDeclare(s, standing, ctx);
  s.phase = { kind: 'declare', side };
  return null;
}

/** GF 7(b)[4], [6]: no battle when the offensive side declines. */
export function applyDeclare(s: GfState, battle: boolean, ctx: ResolveContext): Stage {
  ctx.emit({ type: 'declared', side: s.offensive, battle, forced: false, rule: 'GF 7(b)[4]' });
  return battle ? 'accept' : 'turn-end';
}

/** D10: the intercepting side accepts or refuses. */
export function enterAccept(s: GfState, ctx: ResolveContext): Stage | null {
  const side = enemyOf(s.offensive!);
  const standing = s.standing[side].ifIntercepting;
  if (standing !== undefined) return applyAccept(s, standing, ctx);
  s.phase = { kind: 'accept', side };
  return null;
}

/** GF 7(b)[5], [6a]: a refusal gives the offensive side 3 VP. */
export function applyAccept(s: GfState, accept: boolean, ctx: ResolveContext): Stage {
  const side = enemyOf(s.offensive!);
  ctx.emit({ type: 'accepted', side, accept, rule: accept ? 'GF 7(b)[5]' : 'GF 7(b)[6a]' });
  if (accept) return 'battle';
  addVp(s, s.offensive!, 3);
  return 'turn-end';
}

/** GF 10, GF 11: the end-of-turn checks; the next turn or the result. */
export function endTurn(s: GfState, ctx: ResolveContext): Stage | null {
  const lead = s.vp >= 7 ? 'british' : s.vp <= -7 ? 'german' : null;
  const below = SIDE_ORDER.filter((side) => countAt(s, side, 'fleet') < s.data.maintenance[side]);
  const met = new Set<Side>();
  if (lead) met.add(lead);
  for (const side of below) met.add(enemyOf(side));
  const last = s.turn >= s.data.turns.length;
  if (met.size === 2) return finish(s, ctx, null, 'both', 'GF 11[6]');
  if (met.size === 1) {
    const why = lead && met.has(lead) && !below.length ? 'lead' : 'maintenance';
    return finish(s, ctx, [...met][0], why, why === 'lead' ? 'GF 11[3]' : 'GF 11[5]');
  }
  if (last) return finish(s, ctx, s.vp >= 0 ? 'british' : 'german', 'turns', 'GF 11[1]');
  s.turn++;
  s.offensive = null;
  s.difference = 0;
  ctx.emit({ type: 'turn', turn: s.turn, rule: 'GF 4[1]' });
  return 'turn';
}

/** The game is over: the result kept in the state. */
function finish(
  s: GfState,
  ctx: ResolveContext,
  winner: Side | null,
  why: 'turns' | 'lead' | 'maintenance' | 'both',
  rule: string,
): null {
  s.result = { winner, draw: winner === null, rule, why, turn: s.turn, vp: s.vp };
  s.phase = { kind: 'over' };
  ctx.emit({ type: 'game-over', winner, draw: winner === null, why, vp: s.vp, rule });
  return null;
}
