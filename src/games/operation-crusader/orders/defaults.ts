/** The legal, deterministic default orders of every decision point (a missed deadline). */
import type { SeatId } from '../../../engine/types.ts';
import type { OcOrders } from './schema.ts';
import { pointOf } from '../rules/owed.ts';
import { replacementChoices, returnChoices } from '../rules/reorganise.ts';
import type { OcSide, OcState } from '../state.ts';
import { activatableAt, groupLocations } from '../rules/occupancy.ts';
import { DEFAULT_PREFERENCE, targetsBy } from '../rules/targets.ts';

/** D1 the data's set-up; D2 most steps lost; D3 the first point; D4 pass or hold (OC-AD1); D7/D8 easiest target. */
export function defaultOrders(s: OcState, seat: SeatId): OcOrders {
  const point = pointOf(s, seat);
  const side = seat as OcSide;
  const phase = s.phase;
  switch (point) {
    case 'OC-D1':
      return { setup: { ...s.data.britishDefaultSetup } };
    case 'OC-D2':
    case 'OC-D3': {
      const replacements =
        side === 'british' ? Object.fromEntries(replacementChoices(s).map((t) => [t.town, t.units[0]])) : {};
      const returns = Object.fromEntries(returnChoices(s, side).map((r) => [r.unit, r.points[0]]));
      return {
        ...(Object.keys(replacements).length ? { replacements } : {}),
        ...(Object.keys(returns).length ? { returns } : {}),
      };
    }
    case 'OC-D4': {
      const at = groupLocations(s, side)[0];
      if (s.options.deadlineDefault === 'pass' || !at) return { activation: { at: 'pass' } };
      return { activation: { at, units: [...activatableAt(s, side, at)], attack: 'no' } };
    }
    case 'OC-D8':
      if (phase.kind !== 'counterattack') return {};
      return { counterattack: targetsBy(s, phase.combat.defenders, phase.combat.attackers, DEFAULT_PREFERENCE) };
    case 'OC-D7': {
      if (phase.kind !== 'targets') return {};
      const alive = phase.combat.attackers.filter((u) => s.units[u].status === 'map');
      return { targets: targetsBy(s, alive, phase.combat.defenders, DEFAULT_PREFERENCE) };
    }
    default:
      return {};
  }
}
