/**
 * The tree of legal choices at each decision point (the page's form and HELP are built from it): D1 one select per
 * unit; D2/D3 one per town or returning unit; D4 the location (or pass), the units there, the path on the map
 * (a `path` field whose graph depends on the location: the platform's path picker), attack yes/no; D7/D8 one
 * target per firing unit.
 */
import type { ChoiceCase, ChoiceField, ChoiceOption, ChoiceTree, SeatId } from '../../../engine/types.ts';
import { movePathSpec } from '../rules/movement.ts';
import { PASS } from './schema.ts';
import { owed, PROMPTS, type OcPoint } from '../rules/owed.ts';
import { replacementChoices, returnChoices } from '../rules/reorganise.ts';
import { enemyOf, nameOf, type OcSide, type OcState } from '../state.ts';
import { activatable, groupLocations } from '../rules/occupancy.ts';
import { DEFAULT_PREFERENCE, rankTargets } from '../rules/targets.ts';

const opt = (s: OcState, id: string): ChoiceOption => ({ value: id, label: nameOf(s, id) });

function setupFields(s: OcState): ChoiceField[] {
  const places = [
    ...s.data.britishSetupAreas,
    ...s.data.points.filter((p) => p.offMap?.side === 'british').map((p) => p.id),
  ];
  return s.data.units
    .filter((u) => u.side === 'british' && !u.tobruk)
    .map((u) => ({
      key: `setup.${u.id}`,
      // The counter's label with the full name (the name table's two names of the unit).
      label: { en: `${u.short.en} (${u.name.en})`, ja: `${u.short.ja}(${u.name.ja})` },
      kind: 'one' as const,
      options: places.map((p) => opt(s, p)),
      defaultValue: s.data.britishDefaultSetup[u.id] ?? places[0],
    }));
}

function reorganiseFields(s: OcState, side: OcSide): ChoiceField[] {
  const towns = side === 'british' ? replacementChoices(s) : [];
  return [
    ...towns.map((t) => ({
      key: `replacements.${t.town}`,
      label: { en: `Replacement in ${nameOf(s, t.town).en}`, ja: `${nameOf(s, t.town).ja}の補充` },
      kind: 'one' as const,
      options: t.units.map((u) => opt(s, u)),
      defaultValue: t.units[0],
    })),
    ...returnChoices(s, side).map((r) => ({
      key: `returns.${r.unit}`,
      label: { en: `Return of ${nameOf(s, r.unit).en}`, ja: `${nameOf(s, r.unit).ja}の復帰` },
      kind: 'one' as const,
      options: r.points.map((p) => opt(s, p)),
      defaultValue: r.points[0],
    })),
  ];
}

function activationFields(s: OcState, side: OcSide): ChoiceField[] {
  const locations = groupLocations(s, side);
  const free = activatable(s, side);
  const unitsCases: Record<string, ChoiceCase> = {};
  const pathCases: Record<string, ChoiceCase> = {};
  for (const loc of locations) {
    const here = free.filter((u) => s.units[u].at === loc);
    unitsCases[loc] = { options: here.map((u) => opt(s, u)), min: 1, max: here.length };
    pathCases[loc] = { path: movePathSpec(s, side, loc, here) };
  }
  const dependsOn = (cases: Record<string, ChoiceCase>) => ({ key: 'activation.at', cases });
  const fields: ChoiceField[] = [
    {
      key: 'activation.at',
      label: { en: 'Group at (or pass)', ja: 'グループの場所(またはパス)' },
      kind: 'one',
      required: true,
      options: [{ value: PASS, label: { en: 'Pass', ja: 'パス' } }, ...locations.map((l) => opt(s, l))],
      defaultValue: PASS,
    },
    {
      key: 'activation.units',
      label: { en: 'Units', ja: 'ユニット' },
      kind: 'many',
      options: [],
      dependsOn: dependsOn(unitsCases),
    },
    {
      key: 'activation.path',
      label: { en: 'Path', ja: '経路' },
      kind: 'path',
      options: [...s.data.areas, ...s.data.points].map((x) => opt(s, x.id)),
      path: { from: locations[0] ?? s.data.tobruk, edges: [] },
      dependsOn: dependsOn(pathCases),
    },
    {
      key: 'activation.attack',
      label: { en: 'Attack (in an area; compulsory at a point)', ja: '攻撃(エリアでは任意、ポイントでは必須)' },
      kind: 'one',
      options: [
        { value: 'no', label: { en: 'No', ja: 'しない' } },
        { value: 'yes', label: { en: 'Yes', ja: 'する' } },
      ],
    },
  ];
  return fields;
}

function targetFields(s: OcState, firers: string[], candidates: string[], key: string): ChoiceField[] {
  const ranked = rankTargets(s, candidates, DEFAULT_PREFERENCE);
  return firers.map((f) => ({
    key: `${key}.${f}`,
    label: { en: `Target of ${nameOf(s, f).en}`, ja: `${nameOf(s, f).ja}の目標` },
    kind: 'one' as const,
    options: ranked.map((t) => opt(s, t)),
    defaultValue: ranked[0],
  }));
}

function fieldsOf(s: OcState, seat: OcSide, point: OcPoint): ChoiceField[] {
  const phase = s.phase;
  if (point === 'OC-D1') return setupFields(s);
  if (point === 'OC-D2' || point === 'OC-D3') return reorganiseFields(s, seat);
  if (point === 'OC-D4') return activationFields(s, seat);
  if (phase.kind === 'counterattack')
    return targetFields(s, phase.combat.defenders, phase.combat.attackers, 'counterattack');
  if (phase.kind === 'targets') {
    const alive = phase.combat.attackers.filter((u) => s.units[u].status === 'map');
    return targetFields(s, alive, phase.combat.defenders, 'targets');
  }
  return [];
}

const CONSTRAINTS = {
  'OC-D4': [
    {
      en: 'A group moves at its smallest movement allowance (OC 6.2[2]).',
      ja: 'グループは最も小さい移動力で移動します(OC 6.2[2])。',
    },
    {
      en: 'Units leaving an area with enemies must leave as many friendly units behind unless faster than every enemy there (OC 6.2(3)).',
      ja: '敵のいるエリアから離脱するには敵と同数の味方を残す必要があります(敵より移動力が大きければ不要、OC 6.2(3))。',
    },
  ],
} as const;

/** The choices of a seat now, or null when it owes nothing. */
export function choices(s: OcState, seat: SeatId): ChoiceTree | null {
  const w = owed(s).find((o) => o.seat === seat);
  if (!w) return null;
  const point = w.point as OcPoint;
  const side = seat as OcSide;
  const constraints = point === 'OC-D4' ? [...CONSTRAINTS['OC-D4']] : [];
  const prompt = { en: PROMPTS[point].en, ja: PROMPTS[point].ja };
  return { point, rule: PROMPTS[point].rule, prompt, fields: fieldsOf(s, side, point), constraints };
}

export { enemyOf };
