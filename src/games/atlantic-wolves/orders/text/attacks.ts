/**
 * D8 to D10 in the order text, read and written: the targets of air attacks (AW 8.1, AW-A10), escort ships
 * (AW 8.2) and UBs (AW 8.3), as `ACTOR -> TARGETS` segments.
 */
import type { AwOrders } from '../schema.ts';
import type { AwTextContext, Namer } from './context.ts';
import { err, type Item, ok, type Parsed } from './items.ts';

/** The orders field of each kind of attack. */
export type AttackField = 'air' | 'escorts' | 'ubs';

/** The most targets an actor may be given in each field: an air unit many, an escort two (AW 8.2[5]), a UB three. */
const MAX_TARGETS: Record<AttackField, number> = { air: 20, escorts: 2, ubs: 3 };

/** One segment's targets: units, a count after a target repeating it; an error for anything else. */
function targetsOf(rest: Item[]): string[] | Parsed {
  const targets: string[] = [];
  for (const x of rest) {
    if (x.t === 'unit') targets.push(x.id);
    else if (x.t === 'num' && targets.length && x.n >= 1 && x.n <= 3) {
      // `U01 -> C03 x2` style repeat counts are written as `C03 C03`; a bare count after a target repeats it.
      for (let k = 1; k < x.n; k++) targets.push(targets[targets.length - 1]);
    } else if (x.t !== 'arrow' && x.t !== 'sep' && x.t !== 'none') {
      return err('alloc-form', 'targets must be units', '目標はユニットで書いてください');
    }
  }
  return targets;
}

/** `ACTOR [->] TARGET...` segments separated by `;`, for AIR / ESCORT / UB allocations. */
export function attackStatement(xs: Item[], field: AttackField): Parsed {
  const segments: Item[][] = [[]];
  for (const x of xs) {
    if (x.t === 'sep' && x.c === ';') segments.push([]);
    else segments[segments.length - 1].push(x);
  }
  const result: Record<string, string[]> = {};
  for (const seg of segments.filter((s) => s.length)) {
    const [actor, ...rest] = seg;
    if (actor?.t !== 'unit') {
      return err('alloc-form', 'write <attacking unit> -> <targets>', '<攻撃するユニット> -> <目標> と書いてください');
    }
    const targets = targetsOf(rest);
    if (!Array.isArray(targets)) return targets;
    const max = MAX_TARGETS[field];
    if (targets.length > max)
      return err('alloc-count', `${actor.id}: at most ${max} targets`, `${actor.id}: 目標は${max}つまでです`);
    result[actor.id] = targets;
  }
  if (!Object.keys(result).length) return err('alloc-form', 'no allocation given', '割り当てがありません');
  return ok((o) => {
    const allocation = o[field] ?? {};
    o[field] = allocation;
    Object.assign(allocation, result);
  });
}

/** The attack field of an unkeyed line's first unit (`GB-DD1 -> U01` is an escort's), by its type. */
export function attackFieldOf(unit: string, ctx: AwTextContext): AttackField | undefined {
  const type = ctx.units.get(unit)?.type;
  if (type === 'UB') return 'ubs';
  if (type === 'air') return 'air';
  return type === 'DD' || type === 'CVE' ? 'escorts' : undefined;
}

/** `AIR`, `ESCORT` and `UB` lines, one per attacking unit, sorted. */
export function writeAttacks(o: AwOrders, names: Namer): string[] {
  const out: string[] = [];
  const kinds: [string, Record<string, string[]> | undefined][] = [
    ['AIR', o.air],
    ['ESCORT', o.escorts],
    ['UB', o.ubs],
  ];
  for (const [kw, allocation] of kinds) {
    for (const actor of Object.keys(allocation ?? {}).sort()) {
      const t = allocation![actor];
      const targets = t.length ? t.join(' ') : 'NONE';
      out.push(`${kw} ${actor} -> ${targets}  # ${names.one(actor)} -> ${t.length ? names.list(t) : '-'}`);
    }
  }
  return out;
}
