/** Canonical text of Fin-Napoleon orders, English or Japanese: reading it back gives the same orders. */
import type { Locale } from '../../../i18n/index.ts';
import { ALLIES, type Ally, NATIONS } from '../data/schema.ts';
import { slotOf } from '../rules/movement.ts';
import type { Activation, FnOrders } from './schema.ts';
import { areaOut, type Ctx, nationOut, OUT, sep } from './text-words.ts';

/** The lines of a condition (spec 5.2). */
function conditionLines(when: Activation['when'], ctx: Ctx, l: Locale, prefix: string): string[] {
  if (!when) return [];
  const w = OUT[l].when;
  const ja = l === 'ja';
  const out: string[] = [];
  if (when.atWar !== undefined)
    out.push(`${prefix}${w} ${when.atWar ? (ja ? '交戦中' : 'AT WAR') : ja ? '和平中' : 'AT PEACE'}`);
  if (when.french) out.push(`${prefix}${w} ${ja ? 'フランス軍' : 'FRENCH IN'} ${areaOut(ctx, when.french, l)}`);
  if (when.noFrench)
    out.push(`${prefix}${w} ${ja ? 'フランス軍なし' : 'NO FRENCH IN'} ${areaOut(ctx, when.noFrench, l)}`);
  return out;
}

/** The lines of one activation. */
function activationLines(a: Partial<Activation>, ctx: Ctx, l: Locale, prefix: string): string[] {
  const w = OUT[l];
  const out: string[] = [];
  if (a.activity === 'none') out.push(`${prefix}${w.none}`);
  if (a.activity === 'declare') out.push(`${prefix}${w.declare}${a.target ? ` ${nationOut(ctx, a.target, l)}` : ''}`);
  if (a.activity === 'reinforce') out.push(`${prefix}${w.reinforce} ${a.count ?? 0}`);
  if (a.activity === 'move' || (a.activity === undefined && a.move)) {
    const ids = ctx.data.areas.map((x) => x.id);
    const slots = Object.keys(a.move ?? {})
      .filter((k) => a.move![k].length)
      .sort((x, y) => ids.indexOf(slotOf(x)[0]) - ids.indexOf(slotOf(y)[0]) || slotOf(x)[1] - slotOf(y)[1]);
    if (!slots.length && a.activity) out.push(`${prefix}${w.move}`);
    for (const k of slots)
      out.push(`${prefix}${w.move} 1 ${[slotOf(k)[0], ...a.move![k]].map((id) => areaOut(ctx, id, l)).join('-')}`);
  }
  if (a.haltAfterSea) out.push(`${prefix}${w.haltAfterSea}`);
  out.push(...conditionLines(a.when, ctx, l, prefix));
  if (a.combatOrder)
    out.push(`${prefix}${w.combatOrder} ${a.combatOrder.map((id) => areaOut(ctx, id, l)).join(sep(l))}`);
  for (const area of Object.keys(a.noJoin ?? {}).sort())
    out.push(
      `${prefix}${w.noJoin} ${areaOut(ctx, area, l)}: ${a.noJoin![area].map((n) => nationOut(ctx, n, l)).join(sep(l))}`,
    );
  for (const area of Object.keys(a.allocate ?? {}).sort())
    out.push(`${prefix}${w.allocate} ${areaOut(ctx, area, l)}: ${allocText(a.allocate![area], ctx, l)}`);
  return out;
}

const allocText = (alloc: Partial<Record<Ally, number>>, ctx: Ctx, l: Locale) =>
  ALLIES.filter((n) => alloc[n] !== undefined)
    .map((n) => `${nationOut(ctx, n, l)} ${alloc[n]}`)
    .join(sep(l));

/** Canonical text of orders: parsing it gives the same orders back. */
export function format(o: FnOrders, ctx: Ctx, l: Locale): string[] {
  const w = OUT[l];
  const out: string[] = [];
  if (o.start) out.push(w.roll);
  if (ctx.point === 'FN-D3' && o.count !== undefined) out.push(`${w.place} ${o.count}`);
  else out.push(...activationLines(o, ctx, l, ''));
  if (o.allocation) out.push(`${w.allocate} ${allocText(o.allocation, ctx, l)}`);
  for (const n of NATIONS)
    if (o.later?.[n]) out.push(...activationLines(o.later[n], ctx, l, `${nationOut(ctx, n, l)}: `));
  const st = o.standing;
  if (st?.priority) out.push(`${w.priority} ${st.priority.map((n) => nationOut(ctx, n, l)).join(sep(l))}`);
  if (st?.surrenderCount !== undefined) out.push(`${w.surrenderPlace} ${st.surrenderCount}`);
  for (const area of Object.keys(st?.perArea ?? {}).sort())
    out.push(`${w.perArea} ${areaOut(ctx, area, l)}: ${allocText(st!.perArea![area], ctx, l)}`);
  if (st?.holdBack) {
    const none = l === 'ja' ? 'なし' : 'NONE';
    out.push(`${w.holdBack} ${st.holdBack.length ? st.holdBack.map((n) => nationOut(ctx, n, l)).join(sep(l)) : none}`);
  }
  if (st?.askBetween !== undefined)
    out.push(`${w.askBetween} ${st.askBetween ? (l === 'ja' ? 'はい' : 'YES') : l === 'ja' ? 'いいえ' : 'NO'}`);
  return out;
}
