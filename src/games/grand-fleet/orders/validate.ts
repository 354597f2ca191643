/** Every rule problem with a seat's orders, each with a stable code, both languages, its rule and its path. */
import type { RuleError, SeatId } from '../../../engine/types.ts';
import { commitErrors, reinforceErrors, withdrawErrors } from './validate-armament.ts';
import { err, shipLabel } from './validate-error.ts';
import { SITUATION_WORDS } from './text-words.ts';
import { firePoints, markersIn, situationCount, targetsOf } from '../rules/combat.ts';
import type { Side } from '../data/schema.ts';
import { byDefenceDown, fastFleets, surplusCount, toOrganise } from '../rules/organise.ts';
import { ANSWER_FIELDS, type GfOrders } from './schema.ts';
import { hexPoints, pointOf } from '../rules/owed.ts';
import { interceptableHexes, interceptionTargets, placeableHexes, unplaced } from '../rules/placement.ts';
import { missingError, notOwedError, standingErrors } from './validate-owed.ts';
import { standingTimeErrors } from './validate-standing.ts';
import { enemyOf, type GfState, typeOf } from '../state.ts';

/** The answer field of each decision point, and whether it may be left out (engine default). */
const FIELD: Record<string, [keyof GfOrders, boolean]> = {
  D2: ['reinforce', true],
  D3: ['commit', false],
  D4: ['commit', false],
  D5: ['withdraw', false],
  D6: ['withdraw', false],
  D7: ['usw', false],
  D8: ['dice', false],
  D9: ['battle', false],
  D10: ['accept', false],
  D11: ['organise', false],
  D12: ['faceUp', true],
  D13: ['place', false],
  D14: ['intercept', false],
  D15: ['initiative', false],
  D16: ['situations', true],
  D17: ['fire', true],
  D18: ['continue', false],
  AD1: ['hexes', false],
};

/** Every problem with `orders` of `seat` now. */
export function validate(s: GfState, seat: SeatId, orders: GfOrders): RuleError[] {
  if (seat !== 'british' && seat !== 'german') return [err('seat', 'unknown seat', '不明な席', 'GF 3[1]', '')];
  const side = seat as Side;
  const d = pointOf(s, side);
  const [field, optional] = d ? FIELD[d] : [null, true];
  const errors: RuleError[] = [];
  for (const key of ANSWER_FIELDS) {
    if (key !== field && orders[key] !== undefined) errors.push(notOwedError(s, side, key));
  }
  if (d && field && !optional && orders[field] === undefined) errors.push(missingError(d, field));
  errors.push(...standingErrors(s, side, orders.standing), ...standingTimeErrors(s, d, orders));
  // Every error at once: the answer owed is checked even when something else is wrong.
  if (!d || (field && !optional && orders[field] === undefined)) return errors;
  return [...errors, ...pointErrors(s, side, d, orders)];
}

/**
 * GF-AD1: every open hex where the side owes is answered as strict play would check it (paths under
 * `hexes.<hex>`), and no other hex is named.
 */
function hexErrors(s: GfState, side: Side, given: NonNullable<GfOrders['hexes']>): RuleError[] {
  const points = hexPoints(s, side);
  const errors = Object.keys(given)
    .filter((hex) => !points.some((p) => p.hex === hex))
    .map((hex) =>
      err('hex-not-owed', `hex ${hex}: nothing owed there`, `ヘクス ${hex}: 今は不要です`, 'GF-AD1', `hexes.${hex}`),
    );
  for (const p of points)
    for (const e of validate(p.state, side, given[p.hex] ?? {}))
      errors.push({ ...e, path: `hexes.${p.hex}${e.path ? `.${e.path}` : ''}` });
  return errors;
}

function pointErrors(s: GfState, side: Side, d: string, o: GfOrders): RuleError[] {
  switch (d) {
    case 'D2':
      return reinforceErrors(s, o.reinforce ?? {});
    case 'D3':
    case 'D4':
      return commitErrors(s, side, o.commit!);
    case 'D5':
    case 'D6':
      return withdrawErrors(s, side, o.withdraw!);
    case 'D11':
      return organiseErrors(s, side, o.organise!);
    case 'D12':
      return (o.faceUp ?? []).some((n, i, a) => !fastFleets(s, side).includes(n) || a.indexOf(n) !== i)
        ? [
            err(
              'face-up',
              'only fast fleets may be shuffled face up',
              '表向きにできるのは高速艦隊だけです',
              'GF 8[2][1]',
              'faceUp',
            ),
          ]
        : [];
    case 'D13':
      return placeErrors(s, side, o.place!);
    case 'D14':
      return interceptErrors(s, side, o.intercept!);
    case 'D15':
      return o.initiative!.excess > markersIn(s, s.battle!.round!.hex, side).length
        ? [
            err(
              'excess',
              'excess manoeuvre above your fleets in the hex',
              '過剰運動数がヘクス内の自艦隊数を超えています',
              'GF 8[4.2][5]',
              'initiative.excess',
            ),
          ]
        : [];
    case 'D16':
      return situationErrors(s, side, o.situations ?? []);
    case 'D17':
      return fireErrors(s, side, o.fire ?? {});
    case 'AD1':
      return hexErrors(s, side, o.hexes!);
    default:
      return [];
  }
}

/** D11/D19: every fleet-box ship in a fleet of 3..max, British surplus by highest defence (GF 8[1][4-7]). */
function organiseErrors(s: GfState, side: Side, plan: Record<string, number>): RuleError[] {
  const errors: RuleError[] = [];
  const ships = toOrganise(s, side);
  const rule = 'GF 8[1][6]';
  // GF-A13: fewer than 3 usable ships cannot form a fleet; they may stay unorganised.
  for (const id of ships)
    if (plan[id] === undefined && ships.length >= 3)
      errors.push(
        err(
          'unorganised',
          `${shipLabel(s, id, 'en')} must be in a fleet`,
          `${shipLabel(s, id, 'ja')} を艦隊に編入してください`,
          rule,
          `organise.${id}`,
        ),
      );
  for (const [id, n] of Object.entries(plan)) {
    if (!ships.includes(id))
      errors.push(
        err(
          'organise-ship',
          `${shipLabel(s, id, 'en')} is not in your fleet box`,
          `${shipLabel(s, id, 'ja')} は自軍艦隊ボックスにありません`,
          rule,
          `organise.${id}`,
        ),
      );
    if (n > s.data.markers[side])
      errors.push(
        err(
          'fleet-number',
          `fleet ${n}: you have ${s.data.markers[side]} fleets`,
          `艦隊 ${n} はありません`,
          'GF 8[1][3]',
          `organise.${id}`,
        ),
      );
  }
  const surplus = ships.filter((id) => plan[id] === 0);
  const due = surplusCount(s, side);
  const highest = byDefenceDown(s, ships).slice(0, due);
  const defenceOf = (id: string) => typeOf(s, id).defence;
  const minDefence = Math.min(...highest.map(defenceOf));
  if (surplus.length !== due || surplus.some((id) => defenceOf(id) < minDefence))
    errors.push(
      err(
        'surplus',
        `send back exactly ${due} ships, highest defence first`,
        `防御値の高い艦から ${due} 隻をDDboxへ戻してください`,
        'GF 8[1][7]',
        'organise',
      ),
    );
  for (let n = 1; n <= s.data.markers[side]; n++) {
    const size = ships.filter((id) => plan[id] === n).length;
    if (size > 0 && (size < 3 || size > s.data.fleetMax[side]))
      errors.push(
        err(
          'fleet-size',
          `fleet ${n} has ${size} ships (0 or 3-${s.data.fleetMax[side]})`,
          `艦隊 ${n} は ${size} 隻です（0 または 3〜${s.data.fleetMax[side]}）`,
          'GF 8[1][4]',
          'organise',
        ),
      );
  }
  return errors;
}

/** D13: a marker the side still has, into a hex that is not prohibited (GF 8[2][2]). */
function placeErrors(s: GfState, side: Side, p: NonNullable<GfOrders['place']>): RuleError[] {
  const u = unplaced(s, side);
  const errors: RuleError[] = [];
  if (p.marker === 'down' ? u.down === 0 : !u.up.includes(p.marker))
    errors.push(
      err(
        'marker',
        'you have no such marker left to place',
        'その艦隊マーカーは残っていません',
        'GF 8[2][1]',
        'place.marker',
      ),
    );
  if (!placeableHexes(s).includes(p.hex))
    errors.push(
      err('hex', `hex ${p.hex} cannot take a marker`, `ヘクス ${p.hex} には配置できません`, 'GF 8[2][2]', 'place.hex'),
    );
  return errors;
}

/** D14: an eligible hex and an adjacent hex (GF 8[3][3-4]). */
function interceptErrors(s: GfState, side: Side, i: NonNullable<GfOrders['intercept']>): RuleError[] {
  if (i === 'pass') return [];
  if (!interceptableHexes(s, side).includes(i.from))
    return [
      err(
        'intercept-from',
        `you cannot intercept from ${i.from}`,
        `${i.from} からは迎撃移動できません`,
        'GF 8[3][3]',
        'intercept.from',
      ),
    ];
  if (!interceptionTargets(s, i.from).includes(i.to))
    return [
      err(
        'intercept-to',
        `${i.to} is not next to ${i.from} or is prohibited`,
        `${i.to} は ${i.from} に隣接していないか禁止ヘクスです`,
        'GF 8[3][4]',
        'intercept.to',
      ),
    ];
  return [];
}

/** D16: up to half the difference, (a)-(c) once, (c) not on a half-bombarding enemy, ranges (GF 8[4.2][9a-d]). */
function situationErrors(s: GfState, side: Side, list: string[]): RuleError[] {
  const r = s.battle!.round!;
  const errors: RuleError[] = [];
  const rule = 'GF 8[4.2][9]';
  if (list.length > situationCount(r))
    errors.push(
      err(
        'situations',
        `at most ${situationCount(r)} situations`,
        `状況は ${situationCount(r)} 個までです`,
        rule,
        'situations',
      ),
    );
  const n = (x: string) => list.filter((y) => y === x).length;
  for (const once of ['continue', 'cancelHalf', 'enemyHalf'] as const)
    if (n(once) > 1)
      errors.push(
        err(
          'situation-once',
          `${SITUATION_WORDS[once].en.toUpperCase()} only once`,
          `${SITUATION_WORDS[once].ja} は1回だけです`,
          'GF 8[4.2][9a]',
          'situations',
        ),
      );
  if (n('cancelHalf') && !r.init[side]!.half)
    errors.push(
      err(
        'cancel-half',
        'you took no half bombardment to cancel',
        '取り消す半砲撃がありません',
        'GF 8[4.2]S(b)',
        'situations',
      ),
    );
  if (n('enemyHalf') && r.init[enemyOf(side)]!.half)
    errors.push(
      err(
        'enemy-half',
        'the enemy already takes half bombardment',
        '敵はすでに半砲撃です',
        'GF 8[4.2][9c]',
        'situations',
      ),
    );
  if (n('long') + n('short') > 2)
    errors.push(err('range', 'range at most twice', '距離は2回までです', 'GF 8[4.2][9b]', 'situations'));
  if (n('long') && n('short') && s.options.rangeChoices === 'sameDirection')
    errors.push(
      err(
        'range-mixed',
        'long and short range may not be mixed',
        '遠距離と近距離は混ぜられません',
        'GF-A18',
        'situations',
      ),
    );
  return errors;
}

/** D17: enemy ships in the hex, at most the side's total points (GF 8[4.3][2]). */
function fireErrors(s: GfState, side: Side, fire: Record<string, number>): RuleError[] {
  const r = s.battle!.round!;
  const targets = targetsOf(s, side, r.hex);
  const errors: RuleError[] = [];
  for (const id of Object.keys(fire))
    if (!targets.includes(id))
      errors.push(
        err(
          'target',
          `${shipLabel(s, id, 'en')} is not an enemy ship in hex ${r.hex}`,
          `${shipLabel(s, id, 'ja')} はヘクス ${r.hex} の敵艦ではありません`,
          'GF 8[4.3][2]',
          `fire.${id}`,
        ),
      );
  const total = Object.values(fire).reduce((a, b) => a + b, 0);
  const points = firePoints(s, side);
  if (total > points)
    errors.push(
      err(
        'points',
        `${total} points allocated, ${points} available`,
        `${total} 点を割り当てましたが使えるのは ${points} 点です`,
        'GF 8[4.3][2]',
        'fire',
      ),
    );
  return errors;
}
