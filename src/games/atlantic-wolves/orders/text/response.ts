/**
 * D7 in the order text, read and written: the response movement of the rolled unit (AW 12.0-3): MOVE or STAY, and
 * the standing RESPONSE TABLE of preferences when a unit's number is rolled.
 */
import type { AwOrders } from '../schema.ts';
import type { Namer } from './context.ts';
import { err, type Item, ok, type Parsed, unitsOf } from './items.ts';

/** `STAY` (the tokens after the keyword: at most one, e.g. the unit). */
export function stayStatement(rest: string[]): Parsed {
  if (rest.length > 1) return err('stay-form', 'STAY takes nothing else', 'STAY の後には何も書きません');
  return ok((o) => {
    o.response = 'stay';
  });
}

/** `MOVE 21 -> CG` or `MOVE STAY`. */
export function moveStatement(xs: Item[]): Parsed {
  const dest = xs.filter((x) => x.t === 'area' || x.t === 'stay');
  const bad = xs.find((x) => !['area', 'stay', 'unit', 'arrow', 'sep'].includes(x.t));
  if (dest.length !== 1 || bad || unitsOf(xs).length > 1) {
    return err(
      'move-form',
      'write MOVE <unit> -> <area> or STAY',
      'MOVE <ユニット> -> <エリア> または STAY と書いてください',
    );
  }
  const d = dest[0];
  return ok((o) => {
    o.response = d.t === 'area' ? d.id : 'stay';
  });
}

const tableForm = () =>
  err(
    'response-form',
    'write RESPONSE TABLE <unit>: <area or STAY or ASK>, ...',
    'RESPONSE TABLE <ユニット>: <エリア/STAY/ASK>, ... と書いてください',
  );

/** `RESPONSE TABLE U01: CG, stay; 21: AF` */
export function responseTableStatement(xs: Item[]): Parsed {
  const table: Record<string, string[]> = {};
  let unit: string | undefined;
  for (const x of xs) {
    if (x.t === 'unit') {
      unit = x.id;
      table[unit] = [];
    } else if (x.t === 'area' || x.t === 'stay' || x.t === 'ask') {
      if (!unit) return tableForm();
      table[unit].push(x.t === 'area' ? x.id : x.t);
    } else if (x.t !== 'sep' && x.t !== 'arrow') {
      return tableForm();
    }
  }
  const empty = Object.entries(table).find(([, v]) => !v.length || v.length > 8);
  if (!unit || empty) {
    return err(
      'response-form',
      `give 1 to 8 choices for ${empty?.[0] ?? 'a unit'}`,
      `${empty?.[0] ?? 'ユニット'} の選択肢を1〜8個書いてください`,
    );
  }
  return ok((o) => {
    o.standing ??= {};
    o.standing.responseTable ??= {};
    Object.assign(o.standing.responseTable, table);
  });
}

/** The `MOVE -> CG` or `STAY` line. */
export function writeResponse(o: AwOrders, names: Namer): string[] {
  if (!o.response) return [];
  return [o.response === 'stay' ? 'STAY' : `MOVE -> ${o.response}  # ${names.one(o.response)}`];
}

/** `RESPONSE TABLE 21: CG, STAY` lines, units sorted. */
export function writeResponseTable(o: AwOrders, names: Namer): string[] {
  const table = o.standing?.responseTable ?? {};
  return Object.keys(table)
    .sort()
    .map((unit) => {
      const prefs = table[unit].map((p) => (p === 'stay' || p === 'ask' ? p.toUpperCase() : p));
      return `RESPONSE TABLE ${unit}: ${prefs.join(', ')}  # ${names.one(unit)}`;
    });
}
