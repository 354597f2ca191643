/**
 * The choices of the reorganisation phase: which unit in each town takes the replacement (D2, OC 5.2) and at
 * which off-map point a returning unit comes back (D3, OC 6.3(8)③), each list in its default order.
 */
import { indexOf, type OcSide, type OcState } from '../state.ts';
import { unitsAt } from './occupancy.ts';
import { supplyOf } from './supply.ts';

/** OC 6.3(8), OC-A18 R1: routed units whose return turn has come. */
export function returningUnits(s: OcState, side: OcSide): string[] {
  return s.data.units
    .filter((u) => u.side === side && s.units[u.id].status === 'routed' && (s.units[u.id].returnTurn ?? 99) <= s.turn)
    .map((u) => u.id);
}

/** OC 6.3(8)③: the off-map points connected by road to a friendly supply source (not barred, OC 7.1(5)[2]). */
export function returnPoints(s: OcState, side: OcSide): string[] {
  return s.data.points.filter((p) => p.offMap?.side === side && !s.barredSources.includes(p.id)).map((p) => p.id);
}

/** D3: every returning unit with the points it may use, the default first. */
export function returnChoices(s: OcState, side: OcSide): { unit: string; points: string[] }[] {
  const points = returnPoints(s, side);
  if (!points.length) return [];
  return returningUnits(s, side).map((unit) => ({ unit, points }));
}

/**
 * D2 (OC 5.2, OC-A27): towns with in-supply British units that lost steps, not drawing supply from Tobruk alone;
 * none after an Axis breakthrough (OC 7.1(5)[2]). Units ordered by the default: most steps lost first. `supply` is
 * the British supply of the position when already known.
 */
export function replacementChoices(
  s: OcState,
  supply?: ReturnType<typeof supplyOf>,
): { town: string; units: string[] }[] {
  if (s.barredSources.length) return [];
  supply ??= supplyOf(s, 'british');
  const ix = indexOf(s.data);
  const out: { town: string; units: string[] }[] = [];
  for (const p of s.data.points) {
    if (!p.town) continue;
    const units = unitsAt(s, p.id, 'british').filter(
      (u) => supply.get(u) === 'supplied' && s.units[u].steps < ix.unit.get(u)!.steps,
    );
    // Most steps lost first.
    if (units.length)
      out.push({
        town: p.id,
        units: units.sort(
          (a, b) => ix.unit.get(b)!.steps - s.units[b].steps - (ix.unit.get(a)!.steps - s.units[a].steps),
        ),
      });
  }
  return out;
}
