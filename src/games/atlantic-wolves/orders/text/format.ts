/** AwOrders -> canonical text: one statement per line, names in `#` comments. Parsing it gives the orders back. */
import type { Locale } from '../../../../i18n/index.ts';
import type { AwOrders } from '../schema.ts';
import { type AwTextContext, type Namer, namer } from './context.ts';
import { writeAttacks } from './attacks.ts';
import { writeOverflow, writePlacement, writeReplace, writeStep3 } from './placement.ts';
import { writeReinforce, writeStandingReinforce } from './reinforce.ts';
import { writeResponse, writeResponseTable } from './response.ts';
import { writeStep2, writeStep2Plan } from './step2.ts';

/** The writers of each part of the orders, in the order their lines appear: answers first, standing orders last. */
const WRITERS: readonly ((o: AwOrders, names: Namer) => string[])[] = [
  writeReinforce, // D1
  writePlacement, // D3, D5
  writeStep2, // D2
  writeStep3, // D3 (standard game)
  writeOverflow, // D4, D6
  writeReplace, // D4, D6
  writeResponse, // D7
  writeAttacks, // D8, D9, D10
  writeStandingReinforce,
  writeStep2Plan,
  writeResponseTable,
];

/** Canonical text of AwOrders, one statement per line, names in `#` comments. Parsing it gives the orders back. */
export function format(o: AwOrders, ctx: AwTextContext, locale: Locale): string[] {
  const names = namer(ctx, locale);
  return WRITERS.flatMap((write) => write(o, names));
}
