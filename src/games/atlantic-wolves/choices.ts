/**
 * The tree of legal choices for a seat at the current decision point (godip's `Options()`): one field per unit or
 * attack slot, with the legal values, plus cross-field constraints in words. A UI renders it as menus.
 */
import type { ChoiceField, ChoiceOption, ChoiceTree, PickField, Text } from '../../engine/types.ts';
import type { AwSide } from './data/schema.ts';
import { indexOf } from './data/data-index.ts';
import { activeAir, activeShips, activeUbs } from './combat.ts';
import { defaultOrders } from './defaults.ts';
import { currentPoint } from './owed.ts';
import { ownNamesAt, parseBlindName, replaceOrder, seatSees } from './hidden-units.ts';
import { overfull, placeholder, step1Pool } from './placement.ts';
import { turn5Count } from './reinforcement.ts';
import { responseDestinations } from './response-movement.ts';
import { capacityFor, placeable, shipAttacks, ubAttacks, ubsToPlace, unitsAt } from './rules.ts';
import { at, type AwState } from './state.ts';

const unitOpt = (s: AwState, id: string): ChoiceOption => {
  const u = indexOf(s.data).unit.get(id)!;
  return {
    value: id,
    label: { en: `${u.name.en} [${u.number}] (${u.strength})`, ja: `${u.name.ja} [${u.number}]（${u.strength}）` },
  };
};
/** An own unit named in the overflow procedure: by id, or blind by area (`CG?1`, AW-A06). */
function nameOpt(s: AwState, name: string): ChoiceOption {
  const b = parseBlindName(name);
  if (!b) return unitOpt(s, name);
  const area = indexOf(s.data).area.get(b.area)!.name;
  const label = { en: `face-down Step-2 unit ${b.k} in ${area.en}`, ja: `${area.ja}の手順2の裏向きユニット${b.k}` };
  return { value: name, label };
}
const areaOpt = (s: AwState, id: string): ChoiceOption => ({ value: id, label: indexOf(s.data).area.get(id)!.name });
const NONE: ChoiceOption = { value: 'none', label: { en: '(no attack)', ja: '（攻撃しない）' } };
const STAY: ChoiceOption = { value: 'stay', label: { en: 'stay', ja: '移動しない' } };

/** Capacity constraints in words for a side. */
function capacityText(s: AwState, side: AwSide): Text[] {
  const ix = indexOf(s.data);
  const list = ix.areaIds.map((a) => `${a} ${capacityFor(s, a, side)}`).join(', ');
  return [
    {
      en: `At most this many ${side === 'allied' ? 'Allied units' : 'UBs'} per area: ${list}.`,
      ja: `エリアごとの${side === 'allied' ? '連合軍ユニット' : 'UB'}の上限: ${list}。`,
    },
  ];
}

/** Placement fields: one per unit, options every area (capacity is a constraint across fields). */
function placementFields(s: AwState, prefix: string, ids: string[], defaults: Record<string, string>): PickField[] {
  const areas = indexOf(s.data).areaIds.map((a) => areaOpt(s, a));
  return ids.map((id) => ({
    key: `${prefix}.${id}`,
    label: unitOpt(s, id).label,
    kind: 'one',
    options: areas,
    defaultValue: defaults[id],
  }));
}

/** Attack-slot fields: `field.<unit>.<i>` with the targets (plus `none` when declining is allowed). */
function slotFields(
  s: AwState,
  field: string,
  attacker: string,
  n: number,
  targets: string[],
  decline: boolean,
  defaults: string[],
): ChoiceField[] {
  const options = [...targets.map((t) => unitOpt(s, t)), ...(decline ? [NONE] : [])];
  return Array.from({ length: n }, (_, i) => ({
    key: `${field}.${attacker}.${i}`,
    label: { en: `${attacker} attack ${i + 1}`, ja: `${attacker} 攻撃${i + 1}` },
    kind: 'one' as const,
    options,
    group: attacker,
    defaultValue: defaults[i] ?? 'none',
  }));
}

/** The choices of a seat now, or null when it owes nothing. */
export function choices(s: AwState, seat: string): ChoiceTree | null {
  const point = currentPoint(s);
  if (!point || point.seat !== seat) return null;
  const tree = (fields: ChoiceField[], constraints: Text[] = []): ChoiceTree => ({
    point: point.point,
    rule: point.rule,
    prompt: point.prompt,
    fields,
    constraints,
  });
  const d = defaultOrders(s, seat);
  const p = s.phase;
  const ix = indexOf(s.data);
  switch (p.kind) {
    case 'reinforce': {
      const k = turn5Count(s);
      return tree([
        {
          key: 'reinforce',
          label: { en: 'Sunk UBs returning', ja: '復帰する撃沈UB' },
          kind: 'many',
          options: s.sunkUbs.map((id) => unitOpt(s, id)),
          min: k,
          max: k,
          defaultValue: d.reinforce,
        },
      ]);
    }
    case 'placement':
      return tree(
        placementFields(
          s,
          'placement',
          placeable(s, 'allied').map((u) => u.id),
          d.placement ?? {},
        ),
        capacityText(s, 'allied'),
      );
    case 'ub-placement': {
      const ids = placeable(s, 'german').map((u) => u.id);
      const need = ubsToPlace(s, ids.length);
      const extra: Text[] =
        need < ids.length
          ? [
              {
                en: `Place ${need} of your ${ids.length} UBs (AW-A08): the rest stay off the map.`,
                ja: `UB${ids.length}個のうち${need}個を配置（AW-A08）。`,
              },
            ]
          : [];
      return tree(placementFields(s, 'placement', ids, d.placement ?? {}), [...capacityText(s, 'german'), ...extra]);
    }
    case 'step2': {
      const fields: ChoiceField[] = ix.areaIds.map((a) => ({
        key: `step2.${a}`,
        label: ix.area.get(a)!.name,
        kind: 'one',
        options: Array.from({ length: Math.min(p.draw, capacityFor(s, a, 'allied')) + 1 }, (_, n) => ({
          value: String(n),
          label: { en: String(n), ja: String(n) },
        })),
        defaultValue: String(d.step2?.[a] ?? 0),
      }));
      return tree(fields, [
        {
          en: `The counts must add up to ${s.options.step2Draw === 'exact' ? '' : 'at most '}${p.draw}.`,
          ja: `合計を${p.draw}${s.options.step2Draw === 'exact' ? 'に' : '以下に'}してください。`,
        },
        ...capacityText(s, 'allied'),
      ]);
    }
    case 'step3': {
      const ids = step1Pool(s);
      const faces: ChoiceOption[] = [
        { value: 'up', label: { en: 'face up', ja: '表向き' } },
        { value: 'down', label: { en: 'face down', ja: '裏向き' } },
      ];
      const fields = ids.flatMap((id) => [
        {
          ...placementFields(s, 'step3', [id], {})[0],
          key: `step3.${id}.area`,
          group: id,
          defaultValue: d.step3?.[id]?.area,
        },
        {
          key: `step3.${id}.face`,
          label: unitOpt(s, id).label,
          kind: 'one' as const,
          options: faces,
          group: id,
          defaultValue: 'down',
        },
      ]);
      return tree(fields, capacityText(s, 'allied'));
    }
    case 'overflow-name': {
      // Face-down Step-2 units are offered by area (`CG?1`), never by id: their owner may not see them (AW-A06).
      const over = overfull(s, p.side);
      const names = Object.keys(over).flatMap((a) => ownNamesAt(s, a, p.side));
      const n = Object.values(over).reduce((x, y) => x + y, 0);
      const field: ChoiceField = {
        key: 'overflow',
        label: { en: 'Units to re-place', ja: '再配置するユニット' },
        kind: 'many',
        options: names.map((id) => nameOpt(s, id)),
        min: n,
        max: s.options.overflowNaming === 'excess' ? n : names.length,
        defaultValue: d.overflow,
      };
      return tree(
        [field],
        Object.entries(over).map(([a, x]) => ({ en: `${a}: name ${x}`, ja: `${a}: ${x}個指名` })),
      );
    }
    case 'overflow-replace': {
      const order = replaceOrder(s, p.side, p.units);
      const areas = ix.areaIds.map((a) => areaOpt(s, a));
      // Keys `#n` in re-placement order (hidden-units.ts); a face-down unit is labelled as such, nothing more.
      const label = (k: string, id: string): Text => {
        if (!seatSees(s, seat as AwSide, id)) return { en: `unit ${k} (face down)`, ja: `ユニット${k}（裏向き）` };
        const u = unitOpt(s, id).label;
        return { en: `unit ${k}: ${u.en}`, ja: `ユニット${k}: ${u.ja}` };
      };
      const fields = order.map((id, i): ChoiceField => {
        const k = placeholder(i);
        return { key: `replace.${k}`, label: label(k, id), kind: 'one', options: areas, defaultValue: d.replace?.[k] };
      });
      return tree(fields, capacityText(s, p.side));
    }
    case 'response':
      return tree([
        {
          key: 'response',
          label: unitOpt(s, p.unit).label,
          kind: 'one',
          options: [STAY, ...responseDestinations(s, p.unit).map((a) => areaOpt(s, a))],
          defaultValue: 'stay',
        },
      ]);
    case 'air':
      return tree(
        activeAir(s).map((u) => ({
          key: `air.${u.id}`,
          label: unitOpt(s, u.id).label,
          kind: 'many',
          options: unitsAt(s, at(s, u.id), 'german').map((g) => unitOpt(s, g.id)),
          min: 0,
          max: unitsAt(s, at(s, u.id), 'german').length,
          defaultValue: d.air?.[u.id],
        })),
      );
    case 'escorts':
      return tree(
        activeShips(s).flatMap((u) =>
          slotFields(
            s,
            'escorts',
            u.id,
            shipAttacks(u),
            unitsAt(s, at(s, u.id), 'german').map((g) => g.id),
            s.options.escortDecline === 'optional',
            d.escorts?.[u.id] ?? [],
          ),
        ),
      );
    case 'ubs':
      return tree(
        activeUbs(s).flatMap((u) =>
          slotFields(
            s,
            'ubs',
            u.id,
            ubAttacks(s, u.id),
            unitsAt(s, at(s, u.id), 'allied')
              .filter((c) => c.type === 'convoy')
              .map((c) => c.id),
            s.options.ubDecline === 'optional',
            d.ubs?.[u.id] ?? [],
          ),
        ),
      );
    default:
      return null;
  }
}
