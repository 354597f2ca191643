/**
 * Events of combat (AW 8.0): the reveal, air and escort-ship attacks (AW 8.1, 8.2), UB attacks (AW 8.3), void
 * attacks, UBs removed and convoys sunk.
 */
import type { GameEvent } from '../../../engine/types.ts';
import {
  area,
  type Describer,
  grouped,
  num,
  record,
  ruleId,
  type Say,
  sentence,
  str,
  strs,
  unit,
} from './describe-words.ts';

/** A UB attack (AW 8.3: die + strength ≥ convoy strength). */
function ubAttack(head: string, e: GameEvent, { lc, ja, rule }: Say): string {
  const die = num(e.die);
  const strength = num(e.strength);
  const hit = e.success === true;
  const need = num(e.need);
  const sum = die + strength;
  const add = strength < 0 ? `− ${-strength}` : `+ ${strength}`;
  const body = ja
    ? `${head}: 出目${die} ${add}（戦力）= ${sum} ${hit ? '≧' : '<'} 船団の戦力${need}で${hit ? '撃沈' : '失敗'}`
    : `${head}: die ${die} ${add} (strength) = ${sum} ${hit ? '≥ convoy strength' : '< convoy strength'} ${need}, ` +
      (hit ? 'sunk' : 'fails');
  return sentence(body, lc, rule);
}

/** Air and escort-ship attacks (AW 8.1, 8.2: die ≤ strength) and UB attacks (AW 8.3: die + strength ≥ convoy). */
function attack(e: GameEvent, say: Say): string {
  const { lc, ja, rule } = say;
  const a = unit(str(e.attacker), lc);
  const tId = str(e.target);
  const t = unit(tId, lc);
  const where = area(str(e.area), lc);
  const head = ja ? `${a}が${where}で${t}を攻撃` : `${a} attacks ${t} in ${where}`;
  if (e.need !== undefined) return ubAttack(head, e, say);
  const die = num(e.die);
  const strength = num(e.strength);
  const hit = e.success === true;
  const damage = num(e.damage);
  let body: string;
  if (hit) {
    body = ja
      ? `${head}: 出目${die} ≦ 戦力${strength}で命中、${tId}の損害${damage}`
      : `${head}: die ${die} ≤ strength ${strength}, hit — ${tId} damage ${damage}`;
  } else {
    body = ja
      ? `${head}: 出目${die} > 戦力${strength}で失敗${damage > 0 ? `、${tId}の損害は${damage}のまま` : ''}`
      : `${head}: die ${die} > strength ${strength}, miss${damage > 0 ? ` — ${tId} damage stays ${damage}` : ''}`;
  }
  return sentence(body, lc, rule);
}

/** Describers of combat events, by event type. */
export const combatEvents: Record<string, Describer> = {
  'combat-reveal': (e, { lc, s }) => {
    const groups = Object.entries(record(e.areas)).map(([a, l]) => [a, strs(l)] as [string, string[]]);
    const turn = e.turn !== undefined ? num(e.turn) : null;
    return s(
      `Combat${turn ? `, turn ${turn}` : ''}: every unit on the map is turned face up — ${grouped(groups, lc)}`,
      `戦闘${turn ? `（第${turn}ターン）` : ''}: マップ上の全ユニットを表向きにする — ${grouped(groups, lc)}`,
    );
  },
  attack,
  'attack-void': (e, { lc, ja, rule, s }) => {
    const a = unit(str(e.attacker), lc);
    const t = str(e.target);
    const sunk = rule === 'AW 8.3[5]';
    const where = typeof e.area === 'string' && e.area ? area(e.area, lc) : null;
    const gone = sunk
      ? ja
        ? `${t}はすでに撃沈されている`
        : `${t} has already been sunk`
      : ja
        ? `${t}はもうそのエリアにいない`
        : `${t} is no longer there`;
    return s(
      `The attack of ${a} on ${t}${where ? ` in ${where}` : ''} is void: ${gone}`,
      `${where ? `${where}での` : ''}${a}の${t}への攻撃は無効: ${gone}`,
    );
  },
  'ub-removed': (e, { lc, s }) => {
    const dmg = num(e.damage);
    const who = unit(str(e.unit), lc);
    const where = area(str(e.area), lc);
    return s(
      `${who} has damage ${dmg} and is removed from ${where}, face down, to the German unused group`,
      `${who}は損害${dmg}で${where}から除去され、裏向きでドイツ軍の未使用ユニットに戻る`,
    );
  },
  'convoy-sunk': (e, { lc, s }) => {
    const vp = num(e.vp);
    const note = ruleId(e.note);
    const star = note === 'AW 10.0-E4';
    const what = unit(str(e.unit), lc);
    const where = area(str(e.area), lc);
    return s(
      `${what} is sunk in ${where}: ${vp} VP for the Germans${star ? ' (☆ convoys never give VP)' : ''}`,
      `${what}が${where}で撃沈された: ドイツ軍に${vp}VP${star ? '（☆船団はVPにならない）' : ''}`,
      note,
    );
  },
};
