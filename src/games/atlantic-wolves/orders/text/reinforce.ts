/** D1 in the order text, read and written: the German player chooses which sunk UBs return on turn 5 (AW 11.0[4]). */
import type { AwOrders } from '../schema.ts';
import type { Namer } from './context.ts';
import { isErr, type Item, ok, type Parsed, unitList } from './items.ts';

/** `REINFORCE U01 U05`: the answer to D1, or the standing order for it when `standing` (or D1 is not owed now). */
export function reinforceStatement(xs: Item[], standing: boolean): Parsed {
  const units = unitList(xs, 'reinforce');
  if (isErr(units)) return units;
  return ok((o) => {
    if (standing) {
      o.standing ??= {};
      o.standing.reinforce = units;
    } else o.reinforce = units;
  });
}

/** The `REINFORCE` line. */
export function writeReinforce(o: AwOrders, names: Namer): string[] {
  return o.reinforce ? [`REINFORCE ${o.reinforce.join(' ')}  # ${names.list(o.reinforce)}`] : [];
}

/** The `STANDING REINFORCE` line. */
export function writeStandingReinforce(o: AwOrders, names: Namer): string[] {
  const units = o.standing?.reinforce;
  return units ? [`STANDING REINFORCE ${units.join(' ')}  # ${names.list(units)}`] : [];
}
