/**
 * Start of a turn (AW 4.0[2] step 1): special rules B and E3, then reinforcement of both sides: historical units in
 * mail mode (AW 12.0-1, AW 11.0, rules A and B not applied) or random draws from the unused cups (AW 5.0).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { indexOf } from '../data/data-index.ts';
import { at, put, type AwState } from '../state.ts';
import { reinforcementDrawText } from './dice-purposes.ts';

/** Decision still open after the automatic part of reinforcement: D1 (German turn-5 choice) or none. */
export type ReinforceResult = 'done' | 'needs-choice';

/** Number of sunk UBs the German takes back on turn 5 in the historical game (AW 11.0[4]). */
export const turn5Count = (s: AwState): number => s.data.turns[4].reinforcements.german;

/** AW 10.0-E3: from turn 3 the two ☆ convoys leave the used group (out of play for the rest of the game). */
function withdrawStarConvoys(s: AwState, ctx: ResolveContext): void {
  if (s.turn < 3) return;
  const ix = indexOf(s.data);
  const out: string[] = [];
  for (const i of ix.convoyPos) if (s.data.units[i].star && s.loc[i] === 'used') out.push(s.data.units[i].id);
  for (const id of out) put(s, id, 'out');
  if (out.length && !ctx.silent) ctx.emit({ type: 'withdrawn', rule: 'AW 10.0-E3', turn: s.turn, units: out });
}

/** Draws `count` units at random from a side's unused cup (AW 5.0[1]; fewer if the cup runs out, AW-A21). */
function draw(s: AwState, ctx: ResolveContext, side: 'allied' | 'german', count: number): string[] {
  const ix = indexOf(s.data);
  const pool = (side === 'allied' ? ix.escorts : ix.german).filter((u) => at(s, u.id) === 'unused').map((u) => u.id);
  const drawn: string[] = [];
  // AW 5.0[2]: drawn Allied units stay face down and nobody sees them; the German looks at his before placing (7.0[4]).
  const visibleTo = side === 'allied' ? [] : ['german'];
  for (let i = 0; i < count && pool.length > 0; i++) {
    const k = ctx.roll(pool.length, reinforcementDrawText(side), visibleTo);
    const [id] = pool.splice(k - 1, 1);
    drawn.push(id);
    put(s, id, 'used');
  }
  if (side === 'german') s.sunkUbs = s.sunkUbs.filter((id) => !drawn.includes(id));
  if (!ctx.silent) {
    ctx.emit({ type: 'reinforced', rule: 'AW 5.0[1]', side, turn: s.turn, count: drawn.length });
    ctx.emit({ type: 'reinforced-units', rule: 'AW 5.0[2]', side, turn: s.turn, units: drawn, visibleTo });
  }
  return drawn;
}

/** AW 10.0-B: the ☆ US CVE moves from the Turn Table into the unused group at the start of turn 3. */
function releaseStarCve(s: AwState, ctx: ResolveContext): void {
  const cve = indexOf(s.data).escorts.find((u) => u.star && at(s, u.id) === 'track');
  if (!cve) return;
  put(s, cve.id, 'unused');
  if (!ctx.silent)
    ctx.emit({ type: 'star-cve-released', rule: 'AW 10.0-B', unit: cve.id, timing: s.options.cveTiming });
}

/** Standard reinforcement (AW 5.0) with rules A and B. */
function standardReinforcement(s: AwState, ctx: ResolveContext): void {
  const counts = s.data.turns[s.turn - 1].reinforcements;
  if (s.turn === 3 && s.options.cveTiming === 'beforeDraw') releaseStarCve(s, ctx); // AW-A20: before the draw
  draw(s, ctx, 'allied', counts.allied);
  if (s.turn === 1) {
    // AW 10.0-A: the German turn-1 reinforcement is the four ☆ UBs.
    const stars = indexOf(s.data)
      .german.filter((u) => u.star && at(s, u.id) === 'aside')
      .map((u) => u.id);
    for (const id of stars) put(s, id, 'used');
    if (!ctx.silent)
      ctx.emit({ type: 'reinforced', rule: 'AW 10.0-A', side: 'german', turn: 1, count: stars.length, units: stars });
  } else {
    draw(s, ctx, 'german', counts.german);
  }
  if (s.turn === 3 && s.options.cveTiming === 'afterDraw') releaseStarCve(s, ctx);
}

/** Historical reinforcement (AW 11.0[2]): every unit whose printed turn is this turn enters the used group. */
function historicalReinforcement(s: AwState, ctx: ResolveContext): ReinforceResult {
  const ix = indexOf(s.data);
  for (const side of ['allied', 'german'] as const) {
    const units: string[] = [];
    for (const i of side === 'allied' ? ix.escortPos : ix.germanPos) {
      const u = s.data.units[i];
      if (u.turn === s.turn && s.loc[i] === 'unused' && !s.sunkUbs.includes(u.id)) units.push(u.id);
    }
    for (const id of units) put(s, id, 'used');
    if (units.length && !ctx.silent)
      ctx.emit({ type: 'reinforced', rule: 'AW 11.0[2]', side, turn: s.turn, count: units.length, units });
  }
  if (s.turn !== 5) return 'done';
  // AW 11.0[4]: 3 or more sunk: the German chooses 3 (D1); 2 or fewer: he gets exactly those.
  const k = turn5Count(s);
  if (s.sunkUbs.length <= k) {
    returnSunk(s, ctx, [...s.sunkUbs]);
    return 'done';
  }
  const pref = (s.standing.german?.reinforce ?? []).filter((id, i, a) => s.sunkUbs.includes(id) && a.indexOf(id) === i);
  if (pref.length >= k) {
    returnSunk(s, ctx, pref.slice(0, k));
    return 'done';
  }
  return 'needs-choice';
}

/** Puts chosen sunk UBs back into the used group (AW 11.0[4]). */
export function returnSunk(s: AwState, ctx: ResolveContext, ids: string[]): void {
  const sorted = ids.slice().sort((a, b) => (indexOf(s.data).order.get(a) ?? 0) - (indexOf(s.data).order.get(b) ?? 0));
  for (const id of sorted) put(s, id, 'used');
  s.sunkUbs = s.sunkUbs.filter((id) => !sorted.includes(id));
  if (!ctx.silent)
    ctx.emit({
      type: 'reinforced',
      rule: 'AW 11.0[4]',
      side: 'german',
      turn: s.turn,
      count: sorted.length,
      units: sorted,
    });
}

/** Runs the start of the turn: E3, then reinforcement per mode. Returns whether D1 must be asked. */
export function startTurn(s: AwState, ctx: ResolveContext): ReinforceResult {
  if (!ctx.silent)
    ctx.emit({ type: 'turn-start', rule: 'AW 4.0[2]', turn: s.turn, label: s.data.turns[s.turn - 1].label });
  withdrawStarConvoys(s, ctx);
  if (s.mode === 'mail') return historicalReinforcement(s, ctx);
  standardReinforcement(s, ctx);
  return 'done';
}
