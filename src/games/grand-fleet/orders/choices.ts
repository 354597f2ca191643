/** The tree of legal choices at each decision point: the web form and HELP are built from it. */
import type { ChoiceField, ChoiceOption, ChoiceTree, SeatId, Text } from '../../../engine/types.ts';
import { arrivals, withdrawalOrder } from '../rules/armament.ts';
import { firePoints, markersIn, situationCount, targetsOf } from '../rules/combat.ts';
import type { Side } from '../data/schema.ts';
import { defaultOrders } from './defaults.ts';
import type { GfOrders } from './schema.ts';
import { fastFleets, toOrganise } from '../rules/organise.ts';
import { hexPoints, POINTS, pointOf } from '../rules/owed.ts';
import { interceptableHexes, interceptionTargets, placeableHexes, unplaced } from '../rules/placement.ts';
import { type GfState, indexOf, shipsOf, typeOf, placeOf } from '../state.ts';

const same = (x: string): Text => ({ en: x, ja: x });
const opt = (value: string, label?: Text): ChoiceOption => ({ value, label: label ?? same(value) });
const YES_NO = [opt('true', { en: 'yes', ja: 'はい' }), opt('false', { en: 'no', ja: 'いいえ' })];
const BOXES = [0, 1, 2, 3, 4, 5, 6].map((b) => opt(String(b), { en: `DDbox ${b}`, ja: `DDbox ${b}` }));

/** A ship as an option: id and name. */
function shipOption(s: GfState, id: string): ChoiceOption {
  const ship = indexOf(s.data).ship.get(id)!;
  return opt(id, { en: `${id} ${ship.name.en} (${ship.type})`, ja: `${id} ${ship.name.ja}（${ship.type}）` });
}

/** A hex as an option: number and name. */
function hexOption(s: GfState, id: string): ChoiceOption {
  const h = indexOf(s.data).hex.get(id)!;
  return opt(id, h.name ? { en: `${id} ${h.name.en}`, ja: `${id} ${h.name.ja}` } : same(id));
}

const one = (key: string, label: Text, options: ChoiceOption[], defaultValue?: string): ChoiceField => ({
  key,
  label,
  kind: 'one',
  options,
  ...(defaultValue !== undefined ? { defaultValue } : {}),
});

/** D2-D10: armament and initiative. */
function armamentFields(s: GfState, side: Side, d: string, def: GfOrders): ChoiceField[] {
  switch (d) {
    case 'D2':
      return arrivals(s, 'british').map((id) => one(`reinforce.${id}`, shipOption(s, id).label, BOXES));
    case 'D3':
    case 'D4':
      return [
        {
          key: 'commit.dice',
          label: { en: 'Commitment dice', ja: '投入ダイス数' },
          kind: 'count',
          options: [],
          min: 0,
          max: 2,
          defaultValue: def.commit?.dice,
        },
        ...shipsOf(s, side, (p) => p.startsWith('dd')).map((id) =>
          one(`commit.redistribute.${id}`, shipOption(s, id).label, BOXES, placeOf(s, id).slice(2)),
        ),
      ];
    case 'D5':
    case 'D6': {
      // GF 6[15-16]: exactly the number rolled goes, so a roll lists min(6, fleet box) ships in order of preference;
      // a form's ticked ships keep the order listed (weakest first, the order the random player uses).
      const fleet = withdrawalOrder(s, side);
      const due = Math.min(6, fleet.length);
      return [
        one('withdraw.roll', { en: 'Roll for withdrawal', ja: '転出のダイスを振る' }, YES_NO, 'false'),
        {
          key: 'withdraw.ships',
          label: {
            en: `Ships to withdraw (with a roll: exactly ${due}; as many as the die shows go, in the order listed)`,
            ja: `転出させる艦（振るならちょうど ${due} 隻。出た目の数だけ一覧の順に転出）`,
          },
          kind: 'many',
          options: fleet.map((id) => shipOption(s, id)),
          min: 0,
          max: due,
        },
      ];
    }
    case 'D7':
      return [one('usw', POINTS.D7.prompt, [opt('occur'), opt('decline')], 'decline')];
    case 'D8':
      return [{ key: 'dice', label: POINTS.D8.prompt, kind: 'count', options: [], min: 1, max: 2, defaultValue: 1 }];
    case 'D9':
      return [one('battle', POINTS.D9.prompt, YES_NO, 'false')];
    case 'D10':
      return [one('accept', POINTS.D10.prompt, YES_NO, 'true')];
    default:
      return [];
  }
}

/** D11-D14: organisation, shuffle, placement, interception. */
function battleFields(s: GfState, side: Side, d: string, def: GfOrders): ChoiceField[] {
  switch (d) {
    case 'D11': {
      const fleets = Array.from({ length: s.data.markers[side] + 1 }, (_, n) =>
        opt(String(n), { en: n ? `fleet ${n}` : 'DDbox (surplus)', ja: n ? `第${n}艦隊` : 'DDbox（超過）' }),
      );
      return toOrganise(s, side).map((id) =>
        one(`organise.${id}`, shipOption(s, id).label, fleets, String(def.organise?.[id] ?? 1)),
      );
    }
    case 'D12':
      return [
        {
          key: 'faceUp',
          label: POINTS.D12.prompt,
          kind: 'many',
          options: fastFleets(s, side).map((n) => opt(String(n), { en: `fleet ${n}`, ja: `第${n}艦隊` })),
          min: 0,
        },
      ];
    case 'D13': {
      const u = unplaced(s, side);
      const markers = [
        ...(u.down
          ? [opt('down', { en: `a face-down marker (${u.down} left)`, ja: `裏向きマーカー（残り${u.down}）` })]
          : []),
        ...u.up.map((n) => opt(String(n), { en: `fast fleet ${n} (face up)`, ja: `高速第${n}艦隊（表）` })),
      ];
      return [
        one('place.marker', { en: 'Marker', ja: 'マーカー' }, markers, String(def.place!.marker)),
        one(
          'place.hex',
          { en: 'Hex', ja: 'ヘクス' },
          placeableHexes(s).map((h) => hexOption(s, h)),
          def.place!.hex,
        ),
      ];
    }
    case 'D14': {
      const from = interceptableHexes(s, side);
      const cases = Object.fromEntries(
        from.map((h) => [h, { options: interceptionTargets(s, h).map((t) => hexOption(s, t)) }]),
      );
      return [
        one(
          'intercept.from',
          { en: 'Intercept from (or pass)', ja: '迎撃元（またはパス）' },
          [opt('pass', { en: 'pass', ja: 'パス' }), ...from.map((h) => hexOption(s, h))],
          'pass',
        ),
        {
          key: 'intercept.to',
          label: { en: 'Into', ja: '移動先' },
          kind: 'one',
          options: [],
          dependsOn: { key: 'intercept.from', cases },
        },
      ];
    }
    default:
      return [];
  }
}

/** D15-D18: a bombardment round. */
function combatFields(s: GfState, side: Side, d: string, def: GfOrders): ChoiceField[] {
  switch (d) {
    case 'D15': {
      const most = markersIn(s, s.battle!.round!.hex, side).length;
      return [
        one('initiative.half', { en: 'Half bombardment (+2)', ja: '半砲撃（+2）' }, YES_NO, 'false'),
        {
          key: 'initiative.excess',
          label: { en: 'Excess manoeuvre', ja: '過剰運動数' },
          kind: 'count',
          options: [],
          min: 0,
          max: most,
          defaultValue: 0,
        },
      ];
    }
    case 'D16': {
      const options = ['continue', 'cancelHalf', 'enemyHalf', 'long', 'short'].map((x) => opt(x));
      return [
        {
          key: 'situations',
          label: POINTS.D16.prompt,
          kind: 'many',
          options,
          min: 0,
          max: situationCount(s.battle!.round!),
        },
      ];
    }
    case 'D17': {
      const targets = targetsOf(s, side, s.battle!.round!.hex);
      const perTarget = Object.fromEntries(targets.map((id) => [id, { min: 0, unit: typeOf(s, id).defence }]));
      return [
        {
          key: 'fire',
          label: POINTS.D17.prompt,
          kind: 'allocation',
          options: targets.map((id) => shipOption(s, id)),
          total: firePoints(s, side),
          sum: 'atMost',
          perTarget,
          defaultValue: def.fire,
        },
      ];
    }
    case 'D18':
      return [one('continue', POINTS.D18.prompt, YES_NO, 'false')];
    default:
      return [];
  }
}

/** GF-AD1: every open hex's strict fields, keyed and grouped by hex (`hexes.404.initiative.half`). */
function hexFields(s: GfState, side: Side): ChoiceField[] {
  return hexPoints(s, side).flatMap((p) =>
    fields(p.state, side, p.point).map((f) => ({
      ...f,
      key: `hexes.${p.hex}.${f.key}`,
      label: { en: `Hex ${p.hex}: ${f.label.en}`, ja: `ヘクス ${p.hex}: ${f.label.ja}` },
      group: p.hex,
    })),
  );
}

/** The fields of a decision point. */
function fields(s: GfState, side: Side, d: string): ChoiceField[] {
  if (d === 'AD1') return hexFields(s, side);
  const def = defaultOrders(s, side);
  const n = Number(d.slice(1));
  if (n <= 10) return armamentFields(s, side, d, def);
  return n <= 14 ? battleFields(s, side, d, def) : combatFields(s, side, d, def);
}

/** The choice tree of the seat's owed point, or null. */
export function choices(s: GfState, seat: SeatId): ChoiceTree | null {
  const side = seat as Side;
  const d = pointOf(s, side);
  if (!d) return null;
  const { point, rule, prompt } = POINTS[d];
  return { point, rule, prompt, fields: fields(s, side, d), constraints: [] };
}
