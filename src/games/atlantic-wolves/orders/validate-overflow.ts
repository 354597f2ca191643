/**
 * Validation of the overflow decision points D4 / D6 (AW 6.0-C2, 7.0[6], AW-A07): the owner names the excess units
 * of each overfull area (D4a / D6a), and the opponent re-places them (D4b / D6b). Face-down Step-2 units are named
 * by area and keyed by re-placement order (AW-A06), so that no refusal tells a seat what it may not see.
 */
import type { RuleError } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import {
  areaEn,
  areaErrors,
  areaJa,
  citing,
  duplicateErrors,
  ownUnitErrors,
  ruleError,
  unitEn,
  unitJa,
} from './errors.ts';
import { capacityBecause } from './explain.ts';
import {
  blindToOwner,
  blindUnit,
  blindUnitsAt,
  parseBlindName,
  replaceOrder,
  seatSees,
} from '../rules/hidden-units.ts';
import { overfull, placeholder } from '../rules/placement.ts';
import { areaCounts, capacityFor } from '../rules/arithmetic.ts';
import { at, isArea, type AwState } from '../state.ts';

/** The rule of the overflow procedure of a side's units: AW 6.0-C2 for the Allied, AW 7.0[6] for the UBs. */
const overflowRule = (side: AwSide): string => (side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]');

/**
 * A name of an own unit in the overflow procedure: an id, or (Allied, before combat) a blind name `AREA?k` of a
 * face-down Step-2 unit (AW-A06). A Step-2 unit's id is refused the same way wherever it stands: its owner may not
 * learn where it is from a refusal.
 */
export function nameErrors(s: AwState, side: AwSide, name: string, path: string, rule: string): RuleError[] {
  const b = parseBlindName(name);
  if (b && side === 'allied' && blindUnitsAt(s, b.area).length) {
    if (blindUnit(s, name)) return [];
    const n = blindUnitsAt(s, b.area).length;
    const en = `${areaEn(s, b.area)} holds ${n} face-down Step-2 unit(s): "${name}" names none of them`;
    const ja = `${areaJa(s, b.area)}の手順2の裏向きユニットは${n}個です。「${name}」は該当しません`;
    return [ruleError('aw/overflow/blind-name', 'AW-A06', path, en, ja)];
  }
  const e = ownUnitErrors(s, side, name, path, rule);
  if (e.length || side !== 'allied' || !blindToOwner(s, name)) return e;
  const en = `${unitEn(s, name)} was placed blind in Step 2: name a face-down unit by its area instead (e.g. "CG?1")`;
  const ja = `${unitJa(s, name)}は手順2で伏せて置かれたユニットです。エリアで指定してください（例「CG?1」）`;
  return [ruleError('aw/overflow/blind-unit', 'AW-A06', path, en, ja)];
}

/** The errors of the i-th named unit, and the area it names a unit of (null when it names none on the map). */
function namedUnitCheck(
  s: AwState,
  side: AwSide,
  name: string,
  i: number,
  over: Record<string, number>,
): { errors: RuleError[]; area: string | null } {
  const rule = overflowRule(side);
  const e = nameErrors(s, side, name, `overflow.${i}`, rule);
  if (e.length) return { errors: e, area: null };
  const id = parseBlindName(name) ? blindUnit(s, name)! : name;
  const area = at(s, id);
  if (!isArea(area)) {
    const en = `${unitEn(s, id)} is not on the map`;
    return {
      errors: [ruleError('aw/overflow/not-on-map', rule, `overflow.${i}`, en, `${unitJa(s, id)}は地図上にありません`)],
      area: null,
    };
  }
  if (s.options.overflowNaming !== 'excess' || over[area]) return { errors: [], area };
  const error = ruleError(
    'aw/overflow/not-overfull',
    'AW-A07(a)',
    `overflow.${i}`,
    `${unitEn(s, id)} is in ${areaEn(s, area)}, which is not over capacity`,
    `${unitJa(s, id)}のいる${areaJa(s, area)}は配置数を超えていません`,
  );
  return { errors: [error], area };
}

/** D4a / D6a (AW 6.0-C2, 7.0[6], AW-A07(a)): the owner names the excess units of each overfull area. */
export function validateOverflowNames(s: AwState, side: AwSide, named: string[]): RuleError[] {
  const errors: RuleError[] = [...duplicateErrors(named, 'overflow', overflowRule(side))];
  const over = overfull(s, side);
  const per = new Map<string, number>();
  for (const [i, name] of named.entries()) {
    const check = namedUnitCheck(s, side, name, i, over);
    errors.push(...check.errors);
    if (check.area !== null) per.set(check.area, (per.get(check.area) ?? 0) + 1);
  }
  const exact = s.options.overflowNaming === 'excess';
  for (const [area, excess] of Object.entries(over).sort()) {
    const n = per.get(area) ?? 0;
    if (exact ? n === excess : n >= excess) continue;
    errors.push(
      ruleError(
        'aw/overflow/count',
        'AW-A07(a)',
        'overflow',
        `name ${exact ? 'exactly' : 'at least'} ${excess} unit(s) in ${areaEn(s, area)} (named ${n})`,
        `${areaJa(s, area)}から${excess}個${exact ? 'ちょうど' : '以上'}指名してください（${n}個）`,
      ),
    );
  }
  return errors;
}

/**
 * The keys a re-placement may use: `#n` in re-placement order, or the id of a unit the re-placing seat may see; the
 * id of a face-down unit is refused as any other unknown key is, so that a refusal tells nothing of which units
 * were named.
 */
function replaceKeys(s: AwState, replacer: AwSide, order: string[]): Set<string> {
  const keys = new Set<string>();
  for (const [i, id] of order.entries()) {
    if (seatSees(s, replacer, id)) keys.add(id);
    keys.add(placeholder(i));
  }
  return keys;
}

/** Each re-placed unit counted in its area; an error where a unit is given both by id and by key. */
function countReplaced(
  s: AwState,
  replacer: AwSide,
  order: string[],
  replace: Record<string, string>,
  counts: Map<string, number>,
  rule: string,
): { errors: RuleError[]; placed: number } {
  const errors: RuleError[] = [];
  let placed = 0;
  for (const [i, id] of order.entries()) {
    const byId = seatSees(s, replacer, id) ? replace[id] : undefined;
    const a = byId ?? replace[placeholder(i)];
    if (a === undefined) continue;
    if (byId !== undefined && replace[placeholder(i)] !== undefined) {
      errors.push(
        ruleError(
          'aw/orders/duplicate',
          rule,
          `replace.${id}`,
          `${unitEn(s, id)} is given twice`,
          `${unitJa(s, id)}が2回指定されています`,
        ),
      );
    }
    if (indexOf(s.data).area.has(a)) counts.set(a, (counts.get(a) ?? 0) + 1);
    placed++;
  }
  return { errors, placed };
}

/** D4b / D6b: the opponent re-places every named unit so that every area is within capacity (AW-A07(c) aside). */
export function validateReplace(
  s: AwState,
  side: AwSide,
  units: string[],
  replace: Record<string, string>,
): RuleError[] {
  const rule = overflowRule(side);
  const errors: RuleError[] = [];
  const replacer: AwSide = side === 'allied' ? 'german' : 'allied';
  const order = replaceOrder(s, side, units);
  const keys = replaceKeys(s, replacer, order);
  const counts = areaCounts(s, side);
  let room = 0;
  for (const a of indexOf(s.data).areaIds) room += Math.max(0, capacityFor(s, a, side) - (counts.get(a) ?? 0));
  for (const k of Object.keys(replace).sort()) {
    if (keys.has(k)) {
      errors.push(...areaErrors(s, replace[k], `replace.${k}`, rule));
      continue;
    }
    const en = `"${k}" is not one of the units to re-place`;
    errors.push(
      ruleError('aw/replace/unknown-unit', rule, `replace.${k}`, en, `「${k}」は再配置するユニットではありません`),
    );
  }
  const replaced = countReplaced(s, replacer, order, replace, counts, rule);
  errors.push(...replaced.errors);
  const placed = replaced.placed;
  if (placed < Math.min(units.length, room))
    errors.push(
      ruleError(
        'aw/replace/missing',
        rule,
        'replace',
        `re-place all ${units.length} named unit(s) (placed ${placed})`,
        `指名された${units.length}個すべてを再配置してください（${placed}個）`,
      ),
    );
  for (const [ap, a] of indexOf(s.data).areaIds.entries()) {
    const n = counts.get(a) ?? 0;
    const why = capacityBecause(s, ap, side);
    if (n <= why.value) continue;
    const en = `${areaEn(s, a)} would hold ${n}: ${why.en}`;
    const ja = `${areaJa(s, a)}に${n}個は置けません: ${why.ja}`;
    errors.push(ruleError('aw/replace/capacity', citing(rule, why.rules), 'replace', en, ja));
  }
  return errors;
}
