/**
 * The tree of legal choices for a seat at the current decision point (godip's `Options()`): one field per unit or
 * attack slot, with the legal values, plus cross-field constraints in words. A UI renders it as menus.
 */
import type { ChoiceField, ChoiceOption, ChoiceTree, PickField, Text } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { activeAir, activeShips, activeUbs } from '../rules/combat.ts';
import { defaultOrders } from './defaults.ts';
import { currentPoint } from '../rules/owed.ts';
import { ownNamesAt, parseBlindName, replaceOrder, seatSees } from '../rules/hidden-units.ts';
import { overfull, placeholder, step1Pool } from '../rules/placement.ts';
import { turn5Count } from '../rules/reinforcement.ts';
import { responseDestinations } from '../rules/response-movement.ts';
import { capacityFor, placeable, shipAttacks, ubAttacks, ubsToPlace, unitsAt } from '../rules/arithmetic.ts';
import type { AwOrders } from './schema.ts';
import { at, type AwPhase, type AwState } from '../state.ts';

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

/** A decision point's fields and the constraints across them, in words. */
interface PointChoices {
  fields: ChoiceField[];
  constraints?: Text[];
}

/** The choices at one kind of decision point: `p` is the phase, `d` the seat's default orders there. */
type ChoicesAt<K extends AwPhase['kind']> = (
  s: AwState,
  p: Extract<AwPhase, { kind: K }>,
  d: AwOrders,
  seat: string,
) => PointChoices;

/** D1 (AW 11.0[4]): which sunk UBs return on turn 5. */
const reinforceChoices: ChoicesAt<'reinforce'> = (s, _p, d) => {
  const k = turn5Count(s);
  const field: ChoiceField = {
    key: 'reinforce',
    label: { en: 'Sunk UBs returning', ja: '復帰する撃沈UB' },
    kind: 'many',
    options: s.sunkUbs.map((id) => unitOpt(s, id)),
    min: k,
    max: k,
    defaultValue: d.reinforce,
  };
  return { fields: [field] };
};

/** D5 (AW 7.0): every used UB to an area; fewer when they exceed the map's UB capacity (AW-A08). */
const ubPlacementChoices: ChoicesAt<'ub-placement'> = (s, _p, d) => {
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
  return {
    fields: placementFields(s, 'placement', ids, d.placement ?? {}),
    constraints: [...capacityText(s, 'german'), ...extra],
  };
};

/** D2 (AW 6.0-Step2): how many blind-drawn units go to each area. */
const step2Choices: ChoicesAt<'step2'> = (s, p, d) => {
  const ix = indexOf(s.data);
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
  const exact = s.options.step2Draw === 'exact';
  const sum: Text = {
    en: `The counts must add up to ${exact ? '' : 'at most '}${p.draw}.`,
    ja: `合計を${p.draw}${exact ? 'に' : '以下に'}してください。`,
  };
  return { fields, constraints: [sum, ...capacityText(s, 'allied')] };
};

const FACES: ChoiceOption[] = [
  { value: 'up', label: { en: 'face up', ja: '表向き' } },
  { value: 'down', label: { en: 'face down', ja: '裏向き' } },
];

/** D3 in the standard game (AW 6.0-Step3): an area and a facing for each remaining unit. */
const step3Choices: ChoicesAt<'step3'> = (s, _p, d) => {
  const fields = step1Pool(s).flatMap((id) => [
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
      options: FACES,
      group: id,
      defaultValue: 'down',
    },
  ]);
  return { fields, constraints: capacityText(s, 'allied') };
};

/** D4a / D6a (AW 6.0-C2, 7.0[6]): the owner names the units of its overfull areas to re-place. */
const overflowNameChoices: ChoicesAt<'overflow-name'> = (s, p, d) => {
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
  const constraints = Object.entries(over).map(([a, x]) => ({ en: `${a}: name ${x}`, ja: `${a}: ${x}個指名` }));
  return { fields: [field], constraints };
};

/** D4b / D6b: the opponent re-places every named unit, by its key `#n` in re-placement order (rules/hidden-units). */
const overflowReplaceChoices: ChoicesAt<'overflow-replace'> = (s, p, d, seat) => {
  const order = replaceOrder(s, p.side, p.units);
  const areas = indexOf(s.data).areaIds.map((a) => areaOpt(s, a));
  // A face-down unit is labelled as such, nothing more.
  const label = (k: string, id: string): Text => {
    if (!seatSees(s, seat as AwSide, id)) return { en: `unit ${k} (face down)`, ja: `ユニット${k}（裏向き）` };
    const u = unitOpt(s, id).label;
    return { en: `unit ${k}: ${u.en}`, ja: `ユニット${k}: ${u.ja}` };
  };
  const fields = order.map((id, i): ChoiceField => {
    const k = placeholder(i);
    return { key: `replace.${k}`, label: label(k, id), kind: 'one', options: areas, defaultValue: d.replace?.[k] };
  });
  return { fields, constraints: capacityText(s, p.side) };
};

/** D7 (AW 12.0-3): the rolled unit stays or moves to an adjacent area. */
const responseChoices: ChoicesAt<'response'> = (s, p) => {
  const field: ChoiceField = {
    key: 'response',
    label: unitOpt(s, p.unit).label,
    kind: 'one',
    options: [STAY, ...responseDestinations(s, p.unit).map((a) => areaOpt(s, a))],
    defaultValue: 'stay',
  };
  return { fields: [field] };
};

/** D8 (AW 8.1, AW-A10): the UBs each air unit attacks. */
const airChoices: ChoicesAt<'air'> = (s, _p, d) => ({
  fields: activeAir(s).map((u) => ({
    key: `air.${u.id}`,
    label: unitOpt(s, u.id).label,
    kind: 'many',
    options: unitsAt(s, at(s, u.id), 'german').map((g) => unitOpt(s, g.id)),
    min: 0,
    max: unitsAt(s, at(s, u.id), 'german').length,
    defaultValue: d.air?.[u.id],
  })),
});

/** D9 (AW 8.2[5]): the UB target of each escort ship's attack slots. */
const escortChoices: ChoicesAt<'escorts'> = (s, _p, d) => ({
  fields: activeShips(s).flatMap((u) => {
    const targets = unitsAt(s, at(s, u.id), 'german').map((g) => g.id);
    const decline = s.options.escortDecline === 'optional';
    return slotFields(s, 'escorts', u.id, shipAttacks(u), targets, decline, d.escorts?.[u.id] ?? []);
  }),
});

/** D10 (AW 8.3[3]): the convoy target of each UB's attack slots. */
const ubChoices: ChoicesAt<'ubs'> = (s, _p, d) => ({
  fields: activeUbs(s).flatMap((u) => {
    const convoys = unitsAt(s, at(s, u.id), 'allied')
      .filter((c) => c.type === 'convoy')
      .map((c) => c.id);
    const decline = s.options.ubDecline === 'optional';
    return slotFields(s, 'ubs', u.id, ubAttacks(s, u.id), convoys, decline, d.ubs?.[u.id] ?? []);
  }),
});

/** The choices of every decision point, by phase kind. */
const CHOICES: { [K in AwPhase['kind']]?: ChoicesAt<K> } = {
  reinforce: reinforceChoices,
  placement: (s, _p, d) => ({
    fields: placementFields(
      s,
      'placement',
      placeable(s, 'allied').map((u) => u.id),
      d.placement ?? {},
    ),
    constraints: capacityText(s, 'allied'),
  }),
  'ub-placement': ubPlacementChoices,
  step2: step2Choices,
  step3: step3Choices,
  'overflow-name': overflowNameChoices,
  'overflow-replace': overflowReplaceChoices,
  response: responseChoices,
  air: airChoices,
  escorts: escortChoices,
  ubs: ubChoices,
};

/** The choices of a seat now, or null when it owes nothing. */
export function choices(s: AwState, seat: string): ChoiceTree | null {
  const point = currentPoint(s);
  if (!point || point.seat !== seat) return null;
  const build = CHOICES[s.phase.kind] as ChoicesAt<AwPhase['kind']> | undefined;
  if (!build) return null;
  const { fields, constraints = [] } = build(s, s.phase, defaultOrders(s, seat), seat);
  return { point: point.point, rule: point.rule, prompt: point.prompt, fields, constraints };
}
