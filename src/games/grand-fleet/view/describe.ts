/** Every event in words, English and Japanese, rule ids at the end (history pages, result mails, replay --text). */
import { describeDie, dicePurposeOf } from '../../../engine/dice-purpose.ts';
import type { GameEvent } from '../../../engine/types.ts';
import { defaultData } from '../data/default-data.ts';

type L = 'en' | 'ja';
const SIDE: Record<string, [string, string]> = { british: ['Britain', 'イギリス'], german: ['Germany', 'ドイツ'] };
const side = (x: unknown, l: L) => SIDE[String(x)]?.[l === 'en' ? 0 : 1] ?? String(x);
const list = (x: unknown) => (Array.isArray(x) && x.length ? x.join(', ') : '-');
const SHIP_NAMES = new Map(defaultData.ships.map((s) => [s.id, s.name]));
/** Ships by their roster code and name ("GB42 Tiger"): the name table's label and name. */
const ships = (x: unknown, l: L) =>
  Array.isArray(x) && x.length
    ? x.map((id) => `${id} ${SHIP_NAMES.get(String(id))?.[l] ?? ''}`.trim()).join(l === 'ja' ? '、' : ', ')
    : '-';
const place = (p: unknown, l: L) => {
  const t = String(p);
  if (t === 'fleet') return l === 'en' ? 'the fleet box' : '艦隊ボックス';
  return l === 'en' ? `DDbox ${t.slice(2)}` : `DDbox ${t.slice(2)}`;
};
const SITUATION: Record<string, [string, string]> = {
  continue: ['(a) continuation', '(a)戦闘の継続'],
  cancelHalf: ['(b) own half bombardment cancelled', '(b)自軍半砲撃の取消'],
  enemyHalf: ['(c) enemy half bombardment', '(c)敵の半砲撃'],
  long: ['(d) long range', '(d)遠距離'],
  short: ['(d) short range', '(d)近距離'],
};

const SPEED: Record<string, [string, string]> = {
  fast: ['fast', '高速'],
  slow: ['slow', '低速'],
  ordinary: ['ordinary', '通常'],
};
const WHY_JA: Record<string, string> = {
  turns: '最終ターン',
  lead: '7VPリード',
  maintenance: '北海維持数',
  both: '両軍が勝利条件',
};

type Words = (e: GameEvent, l: L) => string;
const en = (l: L, a: string, b: string) => (l === 'en' ? a : b);

const WORDS: Record<string, Words> = {
  reinforced: (e, l) =>
    en(
      l,
      `${e.ship} arrives for ${side(e.side, l)} into ${place(e.to, l)}`,
      `${e.ship} が${side(e.side, l)}に増強、${place(e.to, l)}へ`,
    ),
  'no-commitment': (e, l) => en(l, `${side(e.side, l)} does not commit`, `${side(e.side, l)}は投入しない`),
  redistributed: (e, l) =>
    en(
      l,
      `${side(e.side, l)} moves ${e.ship} to DDbox ${e.box}`,
      `${side(e.side, l)}は ${e.ship} をDDbox ${e.box} へ再配置`,
    ),
  committed: (e, l) =>
    en(
      l,
      `${side(e.side, l)} commits: dice ${list(e.dice)}, ships ${ships(e.ships, l)}`,
      `${side(e.side, l)}の投入: ダイス ${list(e.dice)}、艦 ${ships(e.ships, l)}`,
    ),
  'no-withdrawal': (e, l) => en(l, `${side(e.side, l)} does not withdraw`, `${side(e.side, l)}は転出しない`),
  withdrawn: (e, l) =>
    en(
      l,
      `${side(e.side, l)} rolls ${e.die} and withdraws ${ships(e.ships, l)}`,
      `${side(e.side, l)}は ${e.die} を出し ${ships(e.ships, l)} を転出`,
    ),
  'usw-check': (e, l) =>
    en(
      l,
      `Submarine warfare check: ${e.die}, ${e.result}`,
      `潜水艦戦判定: ${e.die}、${({ none: 'なし', choice: '選択', occurs: '発生' } as Record<string, string>)[String(e.result)]}`,
    ),
  'usw-choice': (e, l) =>
    en(
      l,
      `Germany chooses: ${e.choice === 'occur' ? 'unrestricted submarine warfare begins' : 'no'}`,
      `ドイツの選択: ${e.choice === 'occur' ? '無制限潜水艦戦を開始' : '開始しない'}`,
    ),
  'usw-outbreak': (e, l) =>
    en(
      l,
      `Unrestricted submarine warfare breaks out on turn ${e.turn}; American ships join: ${ships(e.americans, l)}`,
      `第${e.turn}ターンに無制限潜水艦戦発生。アメリカ艦参加: ${ships(e.americans, l)}`,
    ),
  'usw-table': (e, l) =>
    en(
      l,
      `USW Table: die ${e.die}${e.modifier ? ` ${Number(e.modifier) > 0 ? '+' : ''}${e.modifier}` : ''}, Germany ${Number(e.germanVp) >= 0 ? '+' : ''}${e.germanVp} VP; American ships to the DDbox: ${ships(e.americansToDd, l)}`,
      `無制限潜水艦戦表: ダイス ${e.die}、ドイツ ${e.germanVp} VP、DDboxへ戻るアメリカ艦: ${ships(e.americansToDd, l)}`,
    ),
  initiative: (e, l) => {
    const r = e.rolls as Record<string, number[]>;
    const who = e.offensive
      ? en(l, `${side(e.offensive, l)} is the offensive side`, `${side(e.offensive, l)}が攻勢側`)
      : en(l, 'no offensive side', '攻勢側なし');
    return en(
      l,
      `Initiative: Britain ${list(r.british)}, Germany ${list(r.german)}; difference ${e.difference}: ${who}`,
      `主導権: イギリス ${list(r.british)}、ドイツ ${list(r.german)}。差 ${e.difference}: ${who}`,
    );
  },
  declared: (e, l) =>
    en(
      l,
      `${side(e.side, l)} ${e.battle ? 'seeks' : 'does not seek'} a decisive battle${e.forced ? ' (forced)' : ''}`,
      `${side(e.side, l)}は決戦を${e.battle ? '求める' : '求めない'}${e.forced ? '（強制）' : ''}`,
    ),
  accepted: (e, l) =>
    en(
      l,
      `${side(e.side, l)} ${e.accept ? 'accepts' : 'refuses (3 VP to the offensive side)'}`,
      `${side(e.side, l)}は${e.accept ? '受ける' : '拒否（攻勢側に3VP）'}`,
    ),
  battle: (e, l) =>
    en(l, `Decisive battle; ${side(e.offensive, l)} is offensive`, `決戦。攻勢側は${side(e.offensive, l)}`),
  organised: (e, l) => {
    const fleets = (e.fleets as { fleet: number; ships: string[]; speed: string }[]).filter((f) => f.ships.length);
    const text = fleets
      .map((f) => `${f.fleet}: ${ships(f.ships, l)} (${SPEED[f.speed]?.[l === 'en' ? 0 : 1] ?? f.speed})`)
      .join('; ');
    return en(l, `${side(e.side, l)} organises ${text}`, `${side(e.side, l)}の艦隊編成 ${text}`);
  },
  shuffled: (e, l) => {
    const d = e.down as Record<string, number>;
    return en(
      l,
      `Markers shuffled: Britain ${d.british} face down, Germany ${d.german} face down`,
      `艦隊マーカーを混ぜる: イギリス裏 ${d.british}、ドイツ裏 ${d.german}`,
    );
  },
  placed: (e, l) =>
    en(
      l,
      `${side(e.side, l)} places marker ${e.marker}${e.fleet ? ` (fleet ${e.fleet}, face up)` : ' face down'} in hex ${e.hex}`,
      `${side(e.side, l)}は艦隊マーカー ${e.marker}${e.fleet ? `（第${e.fleet}艦隊、表）` : '（裏）'}をヘクス ${e.hex} に配置`,
    ),
  passed: (e, l) =>
    en(
      l,
      `${side(e.side, l)} passes${e.automatic ? ' (no hex to intercept from)' : ''}`,
      `${side(e.side, l)}はパス${e.automatic ? '（迎撃できるヘクスなし）' : ''}`,
    ),
  intercepted: (e, l) =>
    en(
      l,
      `${side(e.side, l)} intercepts: ${list(e.markers)} from ${e.from} to ${e.to}`,
      `${side(e.side, l)}の迎撃移動: ${list(e.markers)} を ${e.from} から ${e.to} へ`,
    ),
  revealed: (e, l) => {
    const ms = (e.markers as { marker: string; hex: string; fleet: number; empty: boolean }[])
      .map((m) => `${m.marker}=${m.fleet}${m.empty ? '(-)' : ''}@${m.hex}`)
      .join(' ');
    return en(
      l,
      `Markers revealed: ${ms}; combat in ${list(e.combats)}`,
      `艦隊マーカーを表に: ${ms}。戦闘ヘクス ${list(e.combats)}`,
    );
  },
  'parallel-combat': (e, l) =>
    en(
      l,
      `Combat in ${list(e.hexes)} at once, hex by hex in the same messages`,
      `${list(e.hexes)} の戦闘を同時に進める`,
    ),
  'combat-initiative': (e, l) =>
    en(
      l,
      `Hex ${e.hex} round ${e.round}: ${side(e.side, l)} ${e.half ? 'half bombardment, ' : ''}excess ${e.excess}, die ${e.die}, total ${e.total}${e.confused ? ', confused' : ''}`,
      `ヘクス ${e.hex} 第${e.round}ラウンド: ${side(e.side, l)} ${e.half ? '半砲撃、' : ''}過剰 ${e.excess}、ダイス ${e.die}、合計 ${e.total}${e.confused ? '、混乱' : ''}`,
    ),
  situations: (e, l) => {
    const names = (e.situations as string[]).map((x) => SITUATION[x][l === 'en' ? 0 : 1]).join(', ') || '-';
    return en(
      l,
      `Hex ${e.hex}: ${side(e.side, l)} chooses ${names}`,
      `ヘクス ${e.hex}: ${side(e.side, l)}は ${names} を選択`,
    );
  },
  bombardment: (e, l) => {
    const p = e.points as Record<string, number>;
    const rs =
      (e.results as { ship: string; total: number; result: string }[])
        .map((r) => `${r.ship} ${r.total}:${r.result}`)
        .join(', ') || '-';
    return en(
      l,
      `Hex ${e.hex} bombardment (Britain ${p.british}, Germany ${p.german}): ${rs}; markers removed ${list(e.removed)}`,
      `ヘクス ${e.hex} 砲撃（イギリス ${p.british}、ドイツ ${p.german}）: ${rs}。除去マーカー ${list(e.removed)}`,
    );
  },
  'combat-continues': (e, l) =>
    en(
      l,
      `Hex ${e.hex}: the combat continues${e.forced ? ' (forced)' : ''}`,
      `ヘクス ${e.hex}: 戦闘継続${e.forced ? '（強制）' : ''}`,
    ),
  'combat-end': (e, l) =>
    en(
      l,
      `Hex ${e.hex}: combat ends (${e.how})`,
      `ヘクス ${e.hex}: 戦闘終了（${e.how === 'wiped-out' ? '全滅' : '継続せず'}）`,
    ),
  'battle-end': (e, l) =>
    en(
      l,
      `Decisive battle over: ${side(e.offensive, l)} controls ${list(e.controlled)} for ${e.vp} VP`,
      `決戦終了: ${side(e.offensive, l)}が ${list(e.controlled)} を制圧、${e.vp} VP`,
    ),
  turn: (e, l) => en(l, `Turn ${e.turn} begins`, `第${e.turn}ターン開始`),
  'game-over': (e, l) => {
    const who = e.draw ? en(l, 'a draw', '引き分け') : en(l, `${side(e.winner, l)} wins`, `${side(e.winner, l)}の勝利`);
    return en(
      l,
      `Game over: ${who} (VP ${e.vp}, ${e.why})`,
      `ゲーム終了: ${who}（VP ${e.vp}、${WHY_JA[String(e.why)] ?? e.why}）`,
    );
  },
};

/**
 * A die's purpose as a player reads it: the initiative die's recorded purpose (GF 7(b)[1]) names the side by its
 * id in English, the damage dice (GF 8[4.3][4]) a ship by its roster code alone.
 */
function namedPurpose(e: GameEvent) {
  const p = dicePurposeOf(undefined, e);
  const init = p && /^initiative die \((\w+)\)$/.exec(p.what.en);
  if (p && init) return { rule: p.rule, what: { en: `initiative die (${side(init[1], 'en')})`, ja: p.what.ja } };
  const damage = p && /^damage dice for (\w+)$/.exec(p.what.en);
  if (p && damage) {
    const name = SHIP_NAMES.get(damage[1]);
    if (name)
      return {
        rule: p.rule,
        what: { en: `damage dice for ${damage[1]} ${name.en}`, ja: `${damage[1]} ${name.ja} の損害ダイス` },
      };
  }
  return p;
}

/** One event as a sentence. */
export function describeEvent(event: GameEvent, locale: L): string {
  if (event.type === 'die') return describeDie(event, locale, namedPurpose(event));
  const words = WORDS[event.type];
  const rule = event.rule ? (locale === 'en' ? ` (${event.rule})` : `（${event.rule}）`) : '';
  if (!words) return `${event.type}${rule}`;
  return `${words(event, locale)}${rule}${locale === 'en' ? '.' : '。'}`;
}
