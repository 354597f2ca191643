/** Every event of Operation Crusader in words, English and Japanese, the rule at the end. */
import { describeDie, dicePurposeOf } from '../../../engine/dice-purpose.ts';
import type { GameEvent } from '../../../engine/types.ts';
import { defaultData } from '../data/default-data.ts';
import { indexOf } from '../state.ts';

type L = 'en' | 'ja';
const ix = indexOf(defaultData);
const nm = (id: unknown, l: L): string => ix.name.get(String(id))?.[l] ?? String(id);
const list = (ids: unknown, l: L): string =>
  ((ids as string[]) ?? []).map((i) => nm(i, l)).join(l === 'ja' ? '、' : ', ');
const side = (v: unknown, l: L): string =>
  v === 'british' ? (l === 'ja' ? 'イギリス軍' : 'British') : l === 'ja' ? '枢軸軍' : 'Axis';
const rule = (e: GameEvent, l: L) => (e.rule ? (l === 'ja' ? `（${e.rule}）` : ` (${e.rule})`) : '');

const SENTENCES: Record<string, (e: GameEvent, l: L) => [string, string]> = {
  setup: (e, l) => [
    `British set-up: ${Object.entries(e.placed as object)
      .map(([u, a]) => `${nm(u, l)} ${nm(a, l)}`)
      .join(', ')}.`,
    `イギリス軍の配置: ${Object.entries(e.placed as object)
      .map(([u, a]) => `${nm(u, l)} ${nm(a, l)}`)
      .join('、')}。`,
  ],
  operations: (e, l) => [
    `Turn ${e.turn}: the ${side(e.first, l)} move first.`,
    `ターン${e.turn}: ${side(e.first, l)}が先攻。`,
  ],
  pass: (e, l) => [
    `${side(e.side, l)} ${e.auto ? 'have no unit able to operate and pass' : 'pass'}.`,
    `${side(e.side, l)}は${e.auto ? '活性化できるユニットがなくパス' : 'パス'}。`,
  ],
  activate: (e, l) => {
    const path = (e.path as string[]).length ? (e.path as string[]).map((p) => nm(p, l)).join(' → ') : null;
    return [
      `${side(e.side, l)}${e.queued ? ' (queued order)' : ''} activate ${list(e.units, l)} at ${nm(e.at, l)}${path ? `, moving ${path} (${e.cost} MP)` : ', staying'}.`,
      `${side(e.side, l)}${e.queued ? '(予約)' : ''}が${nm(e.at, l)}の${list(e.units, l)}を活性化${path ? `、${path}へ移動(${e.cost}移動力)` : '、移動なし'}。`,
    ];
  },
  combat: (e, l) => [
    `Combat at ${nm(e.at, l)}: ${list(e.attackers, l)} attack ${list(e.defenders, l)}${e.fortress ? ' across the fortress' : ''}.`,
    `${nm(e.at, l)}で戦闘: ${list(e.attackers, l)}が${list(e.defenders, l)}を攻撃${e.fortress ? '(要塞越し)' : ''}。`,
  ],
  'standing-counterattack': (e, l) => [
    `${side(e.side, l)} counterattack by their standing preference.`,
    `${side(e.side, l)}は常備指示に従って反撃。`,
  ],
  fire: (e, l) => {
    const dice = (e.dice as number[]).join(', ');
    const what = e.counter ? ['counterattacks', '反撃'] : ['attacks', '攻撃'];
    return [
      `${nm(e.firer, l)} ${what[0]} ${nm(e.target, l)}: dice ${dice}, +${e.plus}, hit on ${e.need}+: ${e.hits} hit(s).`,
      `${nm(e.firer, l)}が${nm(e.target, l)}に${what[1]}: ダイス ${dice}、修正+${e.plus}、${e.need}以上で命中: ${e.hits}ヒット。`,
    ];
  },
  loss: (e, l) => [
    `${nm(e.unit, l)} takes ${e.hits} hit(s) at defence ${e.defence}: ${e.losses} step loss(es), ${e.left} step(s) left.`,
    `${nm(e.unit, l)}は${e.hits}ヒット(防御力${e.defence}): ${e.losses}ステップ損失、残り${e.left}。`,
  ],
  rout: (e, l) => [
    `${nm(e.unit, l)} routs (overkill ${e.excess}) and returns on turn ${e.returnTurn}.`,
    `${nm(e.unit, l)}は潰走(オーバーキル${e.excess})、ターン${e.returnTurn}に復帰。`,
  ],
  removed: (e, l) => [`${nm(e.unit, l)} is removed from the game.`, `${nm(e.unit, l)}はゲームから除去。`],
  eliminated: (e, l) => [
    `${nm(e.unit, l)} could not return before the end (turn ${e.returnTurn}): completely eliminated.`,
    `${nm(e.unit, l)}はターン${e.returnTurn}まで復帰できず完全除去。`,
  ],
  vp: (e, l) => [
    `${side(e.side, l)} gain ${e.amount} VP: the marker moves from ${e.before} to ${e.after}.`,
    `${side(e.side, l)}が${e.amount}VP獲得: VPマーカー ${e.before} → ${e.after}。`,
  ],
  retreat: (e, l) => [
    `${list(e.units, l)} retreat from ${nm(e.from, l)} to ${nm(e.to, l)}.`,
    `${list(e.units, l)}は${nm(e.from, l)}から${nm(e.to, l)}へ後退。`,
  ],
  control: (e, l) => [
    `${nm(e.point, l)} is now controlled by the ${side(e.side, l)}.`,
    `${nm(e.point, l)}は${side(e.side, l)}の支配に。`,
  ],
  'activation-end': (e, l) => [
    `${list(e.units, l) || 'No unit'} turned face down.`,
    `${list(e.units, l) || 'ユニットなし'}を裏返す。`,
  ],
  breakthrough: (e, l) => [
    `${list(e.units, l)} break through east off the map at ${nm(e.point, l)} with ${e.steps} step(s).`,
    `${list(e.units, l)}が${nm(e.point, l)}から東へ突破(${e.steps}ステップ)。`,
  ],
  'operations-end': (e) => [`The operations of turn ${e.turn} are over.`, `ターン${e.turn}の作戦フェイズ終了。`],
  'turn-end': (e) => [`End of turn ${e.turn}: VP ${e.vp}.`, `ターン${e.turn}終了: VP ${e.vp}。`],
  reorganisation: (e, l) => {
    const out = (e.outOfSupply as string[]).length ? list(e.outOfSupply, l) : null;
    return [
      `Reorganisation of turn ${e.turn}: ${out ? `out of supply: ${out}` : 'every unit in supply'}.`,
      `ターン${e.turn}の再編成: ${out ? `補給切れ: ${out}` : '全ユニット補給下'}。`,
    ];
  },
  return: (e, l) => [
    `${nm(e.unit, l)} returns with 1 step at ${nm(e.point, l)}.`,
    `${nm(e.unit, l)}が1ステップで${nm(e.point, l)}に復帰。`,
  ],
  replacement: (e, l) => [
    `${nm(e.unit, l)} takes a replacement in ${nm(e.town, l)}: ${e.steps} step(s).`,
    `${nm(e.unit, l)}が${nm(e.town, l)}で補充: ${e.steps}ステップ。`,
  ],
};

/**
 * A combat die's purpose with the units by their counter labels: the recorded purpose (OC 6.3(2)[4]) names the
 * firer and the target by their ids, which a player never reads.
 */
function namedPurpose(e: GameEvent) {
  const p = dicePurposeOf(undefined, e);
  const fire = p && /^fire of (\S+) at (\S+)$/.exec(p.what.en);
  if (!p || !fire) return p;
  const [, a, b] = fire;
  return {
    rule: p.rule,
    what: { en: `fire of ${nm(a, 'en')} at ${nm(b, 'en')}`, ja: `${nm(a, 'ja')}から${nm(b, 'ja')}への射撃` },
  };
}

/** One event in words. */
export function describeEvent(e: GameEvent, l: L): string {
  if (e.type === 'die') return describeDie(e, l, namedPurpose(e));
  const f = SENTENCES[e.type];
  if (!f) return l === 'ja' ? `出来事: ${e.type}${rule(e, l)}` : `Event: ${e.type}${rule(e, l)}`;
  const [en, ja] = f(e, l);
  return (l === 'ja' ? ja : en).replace(/[.。]$/, '') + rule(e, l) + (l === 'ja' ? '。' : '.');
}
