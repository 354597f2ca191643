/**
 * Atlantic Wolves events in words, in English and Japanese (history pages, result mails, `pbem replay --text`).
 *
 * Events hold ids. Names of units and areas come from the shipped data set (`defaultData`); an id it does not know
 * (a moderator-supplied data set with other ids) is shown as the id itself. Unit ids are what orders use, so a unit
 * is always shown by its id, with its name beside it where the name is known and the list is short.
 * Vocabulary follows the glossary of shared/rules/atlantic-wolves.md (増強, 配置, 対応移動, 護衛艦, 戦術空軍, 船団, 撃沈,
 * 損害, VP確認). Every description is one sentence ending with the rule id in parentheses when the event has one.
 * An event of an unknown type, or one missing a field its type needs, gets a generic line: never a throw.
 */
import type { GameEvent } from '../../engine/types.ts';
import { defaultData } from './data/default-data.ts';
import { awDieWhat, readAwDie } from './dice-purposes.ts';

type Locale = 'en' | 'ja';
type Text = { en: string; ja: string };

const unitNames = new Map<string, Text>(defaultData.units.map((u) => [u.id, u.name]));
const areaNames = new Map<string, Text>(defaultData.areas.map((a) => [a.id, a.name]));
const areaOrder = new Map<string, number>(defaultData.areas.map((a, i) => [a.id, i]));

/** A field an event of a known type must have but lacks: the caller falls back to the generic line. */
class Missing extends Error {}

const str = (v: unknown): string => {
  if (typeof v === 'string' && v.length) return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new Missing();
};
const num = (v: unknown): number => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new Missing();
};
const strs = (v: unknown): string[] => {
  if (!Array.isArray(v)) throw new Missing();
  return v.map(str);
};
const record = (v: unknown): Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Missing();
  return v as Record<string, unknown>;
};
const isText = (v: unknown): v is Text =>
  !!v && typeof v === 'object' && typeof (v as Text).en === 'string' && typeof (v as Text).ja === 'string';

/** A number with its sign (VP differences). */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A unit by its id, with its name where known: "GB-DD1 (British DD 1)", "GB-DD1（英駆逐艦1）". */
function unit(id: string, lc: Locale): string {
  const name = unitNames.get(id)?.[lc];
  if (!name || name === id) return id;
  return lc === 'ja' ? `${id}（${name}）` : `${id} (${name})`;
}

/** A list of units: with names when short (up to 4), ids only when long. */
function units(ids: string[], lc: Locale): string {
  if (!ids.length) return lc === 'ja' ? 'なし' : 'none';
  return ids.map((id) => (ids.length <= 4 ? unit(id, lc) : id)).join(lc === 'ja' ? '、' : ', ');
}

/** An area's name ("the Caribbean", "カリブ海"), or its id when the shipped data set does not know it. */
function area(id: string, lc: Locale): string {
  const name = areaNames.get(id)?.[lc];
  if (name) return lc === 'ja' ? name : `the ${name}`;
  return lc === 'ja' ? `エリア${id}` : `area ${id}`;
}

/** Area ids in map order (shipped data set order, then others as they came). */
function byArea<T>(entries: [string, T][]): [string, T][] {
  const rank = (a: string) => areaOrder.get(a) ?? Number.MAX_SAFE_INTEGER;
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([x, i], [y, j]) => rank(x[0]) - rank(y[0]) || i - j)
    .map(([e]) => e);
}

/** "3 in the Caribbean, 1 in the Central Gap" / "カリブ海に3、中央ギャップに1". */
function counts(c: Record<string, unknown>, lc: Locale): string {
  const parts = byArea(Object.entries(c).map(([a, n]) => [a, num(n)] as [string, number])).filter(([, n]) => n > 0);
  if (!parts.length) return lc === 'ja' ? 'なし' : 'none';
  return parts
    .map(([a, n]) => (lc === 'ja' ? `${area(a, lc)}に${n}` : `${n} in ${area(a, lc)}`))
    .join(lc === 'ja' ? '、' : ', ');
}

/** Units grouped by area: "the Caribbean: C05, C10; the Central Gap: U01" / "カリブ海: C05、C10 ／ 中央ギャップ: U01". */
function grouped(groups: [string, string[]][], lc: Locale): string {
  if (!groups.length) return lc === 'ja' ? 'なし' : 'none';
  return byArea(groups)
    .map(([a, ids]) => `${area(a, lc)}: ${ids.join(lc === 'ja' ? '、' : ', ')}`)
    .join(lc === 'ja' ? ' ／ ' : '; ');
}

/** A unit -> area map as groups by area. */
function groupByArea(placement: Record<string, unknown>): [string, string[]][] {
  const out = new Map<string, string[]>();
  for (const [u, a] of Object.entries(placement)) {
    const key = str(a);
    const list = out.get(key) ?? [];
    list.push(u);
    out.set(key, list);
  }
  return [...out.entries()];
}

const sideName = (side: unknown, lc: Locale): string => {
  const s = str(side);
  if (s === 'allied') return lc === 'ja' ? '連合軍' : 'the Allies';
  if (s === 'german') return lc === 'ja' ? 'ドイツ軍' : 'the Germans';
  return s;
};
const sideAdj = (side: unknown, lc: Locale): string => {
  const s = str(side);
  if (s === 'allied') return lc === 'ja' ? '連合軍' : 'Allied';
  if (s === 'german') return lc === 'ja' ? 'ドイツ軍' : 'German';
  return s;
};
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The rule id of an event, without a trailing explanation ("AW 9.0[8] (plus at …)" -> "AW 9.0[8]"). */
const ruleId = (rule: unknown): string | undefined =>
  typeof rule === 'string' && rule.trim() ? rule.replace(/ \(.*\)$/, '').trim() : undefined;

/** Ends a sentence with the rule id(s) in parentheses. */
function sentence(body: string, lc: Locale, ...rules: (string | undefined)[]): string {
  const ids = [...new Set(rules.filter((r): r is string => !!r))];
  const tag = ids.length ? (lc === 'ja' ? `（${ids.join('、')}）` : ` (${ids.join(', ')})`) : '';
  return `${body}${tag}${lc === 'ja' ? '。' : '.'}`;
}

/** A die: what it was rolled for (its kind: ./dice-purposes.ts), its result, the rule it rests on. */
function describeDie(e: GameEvent, lc: Locale): string {
  const sides = num(e.sides);
  const value = num(e.value);
  const purpose = typeof e.purpose === 'string' ? e.purpose : '';
  const ja = lc === 'ja';
  const roll = `d${sides} = ${value}`;
  const die = readAwDie(purpose);
  if (die) {
    const what = awDieWhat(die, sides)[lc];
    // A draw reads "…から）: サイコロ d6 = 3" in Japanese: the die comes after the colon.
    const draw = die.kind === 'blind-draw' || die.kind === 'reinforcement-draw';
    return sentence(ja && draw ? `${what}: サイコロ ${roll}` : `${what}: ${roll}`, lc, die.rule);
  }
  if (!purpose) return sentence(ja ? `サイコロ ${roll}` : `Die roll: ${roll}`, lc);
  return sentence(ja ? `サイコロ ${roll}（${purpose}）` : `Die roll ${roll} (${purpose})`, lc);
}

/** Air and escort-ship attacks (AW 8.1, 8.2: die ≤ strength) and UB attacks (AW 8.3: die + strength ≥ convoy). */
function describeAttack(e: GameEvent, lc: Locale, rule: string | undefined): string {
  const ja = lc === 'ja';
  const a = unit(str(e.attacker), lc);
  const tId = str(e.target);
  const t = unit(tId, lc);
  const where = area(str(e.area), lc);
  const die = num(e.die);
  const strength = num(e.strength);
  const hit = e.success === true;
  const head = ja ? `${a}が${where}で${t}を攻撃` : `${a} attacks ${t} in ${where}`;
  if (e.need !== undefined) {
    const need = num(e.need);
    const sum = die + strength;
    const add = strength < 0 ? `− ${-strength}` : `+ ${strength}`;
    const body = ja
      ? `${head}: 出目${die} ${add}（戦力）= ${sum} ${hit ? '≧' : '<'} 船団の戦力${need}で${hit ? '撃沈' : '失敗'}`
      : `${head}: die ${die} ${add} (strength) = ${sum} ${hit ? '≥' : '<'} convoy strength ${need}, ${hit ? 'sunk' : 'fails'}`;
    return sentence(body, lc, rule);
  }
  const damage = num(e.damage);
  const body = hit
    ? ja
      ? `${head}: 出目${die} ≦ 戦力${strength}で命中、${tId}の損害${damage}`
      : `${head}: die ${die} ≤ strength ${strength}, hit — ${tId} damage ${damage}`
    : ja
      ? `${head}: 出目${die} > 戦力${strength}で失敗${damage > 0 ? `、${tId}の損害は${damage}のまま` : ''}`
      : `${head}: die ${die} > strength ${strength}, miss${damage > 0 ? ` — ${tId} damage stays ${damage}` : ''}`;
  return sentence(body, lc, rule);
}

/** The sentence for one event of a type this game emits. Throws `Missing` when a needed field is absent. */
function describeKnown(e: GameEvent, lc: Locale): string | null {
  const ja = lc === 'ja';
  const rule = ruleId(e.rule);
  const s = (en: string, jaText: string, ...more: (string | undefined)[]) =>
    sentence(ja ? jaText : en, lc, rule, ...more);
  switch (e.type) {
    case 'die':
      return describeDie(e, lc);
    case 'turn-start': {
      const turn = num(e.turn);
      const label = isText(e.label) ? e.label[lc] : '';
      return s(`Turn ${turn}${label ? ` (${label})` : ''} begins`, `第${turn}ターン${label ? `（${label}）` : ''}開始`);
    }
    case 'withdrawn': {
      const list = strs(e.units);
      return s(
        `From turn 3 the ☆ convoys leave play: ${units(list, lc)}`,
        `第3ターンから☆船団はゲームから除かれる: ${units(list, lc)}`,
      );
    }
    case 'reinforced': {
      const count = num(e.count);
      const side = e.side;
      if (e.units === undefined) {
        return count
          ? s(
              `${cap(sideName(side, lc))} reinforce with ${count} unit${count === 1 ? '' : 's'} drawn at random from their unused group, face down`,
              `${sideName(side, lc)}は未使用ユニットから無作為に${count}ユニットを裏向きのまま増強した`,
            )
          : s(`${cap(sideName(side, lc))} have no reinforcement this turn`, `${sideName(side, lc)}の増強はなし`);
      }
      const list = strs(e.units);
      if (!list.length)
        return s(`${cap(sideName(side, lc))} have no reinforcement this turn`, `${sideName(side, lc)}の増強はなし`);
      if (rule === 'AW 11.0[4]')
        return s(
          `The Germans take back ${count} sunk UB${count === 1 ? '' : 's'} as reinforcement: ${units(list, lc)}`,
          `ドイツ軍は撃沈されたUB${count}個を増強として復帰させた: ${units(list, lc)}`,
        );
      if (rule === 'AW 10.0-A')
        return s(
          `The Germans reinforce with the ${count} ☆ UBs: ${units(list, lc)}`,
          `ドイツ軍は☆UB${count}個で増強した: ${units(list, lc)}`,
        );
      return s(
        `${cap(sideName(side, lc))} reinforce with ${count} unit${count === 1 ? '' : 's'}: ${units(list, lc)}`,
        `${sideName(side, lc)}は${count}ユニットを増強した: ${units(list, lc)}`,
      );
    }
    case 'reinforced-units': {
      const list = strs(e.units);
      return s(
        `The ${sideAdj(e.side, lc)} units drawn as reinforcement: ${units(list, lc)}`,
        `${sideAdj(e.side, lc)}の増強で引いたユニット: ${units(list, lc)}`,
      );
    }
    case 'star-cve-released': {
      const u = unit(str(e.unit), lc);
      const after = e.timing === 'afterDraw';
      return s(
        `The ☆ US CVE ${u} joins the Allied unused group ${after ? 'after' : 'before'} the turn-3 reinforcement draw`,
        `☆米護衛空母${u}が第3ターンの増強の抽選${after ? '後' : '前'}に連合軍の未使用ユニットに加わった`,
      );
    }
    case 'placed': {
      const p = record(e.placement);
      const n = Object.keys(p).length;
      const german = e.side === 'german';
      const what = german
        ? ja
          ? `UB${n}個`
          : `${n} UB${n === 1 ? '' : 's'}`
        : ja
          ? `${n}ユニット`
          : `${n} unit${n === 1 ? '' : 's'}`;
      return s(
        `${cap(sideName(e.side, lc))} place ${what} face up: ${grouped(groupByArea(p), lc)}`,
        `${sideName(e.side, lc)}は${what}を表向きに配置した: ${grouped(groupByArea(p), lc)}`,
      );
    }
    case 'step2-roll': {
      const [d1, d2] = strs(e.dice);
      const sum = num(e.sum);
      const draw = num(e.draw);
      return s(
        `Allied placement Step 2: the dice show ${d1} and ${d2} (sum ${sum}); ${draw} unit${draw === 1 ? ' is' : 's are'} drawn blind`,
        `連合軍の配置（手順2）: サイコロは${d1}と${d2}（合計${sum}）、${draw}ユニットを無作為に引いて裏向きのまま配置する`,
      );
    }
    case 'step2-placed':
      return s(
        `Step 2: the Allies place the blindly drawn units face down — ${counts(record(e.counts), lc)}`,
        `手順2: 連合軍は無作為に引いたユニットを裏向きに配置した — ${counts(record(e.counts), lc)}`,
      );
    case 'step2-units': {
      const groups = Object.entries(record(e.units)).map(([a, l]) => [a, strs(l)] as [string, string[]]);
      return s(
        `The units drawn blind in Step 2, seen by nobody: ${grouped(groups, lc)}`,
        `手順2で無作為に引かれたユニット（誰も見ていない）: ${grouped(groups, lc)}`,
      );
    }
    case 'step3-units': {
      const list = strs(e.units);
      return s(
        `Step 3: the Allied player looks at the remaining units: ${units(list, lc)}`,
        `手順3: 連合軍プレイヤーは残りのユニットを見る: ${units(list, lc)}`,
      );
    }
    case 'step3-placed': {
      const up = Object.entries(record(e.faceUp ?? {})).map(([u, a]) => [u, str(a)] as [string, string]);
      const upText = up.length
        ? ja
          ? `表向き: ${up.map(([u, a]) => `${u}（${area(a, lc)}）`).join('、')}`
          : `face up: ${up.map(([u, a]) => `${u} in ${area(a, lc)}`).join(', ')}`
        : ja
          ? 'すべて裏向き'
          : 'all face down';
      return s(
        `Step 3: the Allies place the remaining units — ${counts(record(e.counts), lc)}; ${upText}`,
        `手順3: 連合軍は残りのユニットを配置した — ${counts(record(e.counts), lc)}。${upText}`,
      );
    }
    case 'step3-units-placed': {
      const p = Object.entries(record(e.placement)).map(
        ([u, v]) => [u, str(record(v).area), record(v).face === 'up'] as const,
      );
      const list = p
        .map(([u, a, up]) =>
          ja
            ? `${u}を${area(a, lc)}に${up ? '表向き' : '裏向き'}`
            : `${u} face ${up ? 'up' : 'down'} in ${area(a, lc)}`,
        )
        .join(ja ? '、' : ', ');
      return s(`Step 3 placement: ${list || 'none'}`, `手順3の配置: ${list || 'なし'}`);
    }
    case 'overflow-named':
    case 'overflow-named-units': {
      // Blind: the owner's face-down Step-2 units named by area, counted per area (AW-A06).
      const blind = byArea(Object.entries(record(e.blind ?? {})).map(([a, n]) => [a, num(n)] as [string, number]));
      const blindCount = blind.reduce((t, [, n]) => t + n, 0);
      const count = e.count !== undefined ? num(e.count) : Object.keys(record(e.units)).length + blindCount;
      const named =
        e.units !== undefined ? Object.entries(record(e.units)).map(([u, a]) => [u, str(a)] as [string, string]) : null;
      const parts = [
        ...(named ?? []).map(([u, a]) => {
          return ja ? `${unit(u, lc)}（${area(a, lc)}から）` : `${unit(u, lc)} from ${area(a, lc)}`;
        }),
        ...blind.map(([a, n]) => {
          if (ja) return `手順2の裏向きユニット${n}個（${area(a, lc)}から）`;
          return `${n} face-down Step-2 unit${n === 1 ? '' : 's'} from ${area(a, lc)}`;
        }),
      ];
      const list = parts.length ? `: ${parts.join(ja ? '、' : ', ')}` : '';
      const what = ja ? `${count}個` : `${count} unit${count === 1 ? '' : 's'}`;
      return s(
        `An area is over its placement capacity: ${sideName(e.side, lc)} name ${what} for their opponent to place again${list}`,
        `配置数を超えたエリアがあるため、${sideName(e.side, lc)}は相手が再配置するユニット${what}を指名した${list}`,
      );
    }
    case 'replaced-units': {
      // Each seat's own terms: the re-placing seat's keys, or the owner's units it may see and counts of the others.
      const blind = e.blind !== undefined ? counts(record(e.blind), lc) : null;
      const rest = blind ? (ja ? `、手順2の裏向きユニット: ${blind}` : `; face-down Step-2 units: ${blind}`) : '';
      const where = grouped(groupByArea(record(e.placement)), lc);
      const adj = sideAdj(e.side, lc);
      return s(`The named ${adj} units placed again: ${where}${rest}`, `再配置された${adj}ユニット: ${where}${rest}`);
    }
    case 'replaced': {
      // With face-down units among them, the public event gives counts per area only.
      const p = record(e.placement ?? {});
      const byAreaCount: Record<string, number> = {};
      for (const [a, n] of Object.entries(record(e.counts ?? {}))) byAreaCount[a] = num(n);
      for (const a of Object.values(p)) byAreaCount[str(a)] = (byAreaCount[str(a)] ?? 0) + 1;
      const n = Object.values(byAreaCount).reduce((t: number, x) => t + num(x), 0);
      const other = e.side === 'allied' ? 'german' : e.side === 'german' ? 'allied' : null;
      const who = other ? sideName(other, lc) : ja ? '相手' : 'the opponent';
      return s(
        `${cap(who)} place the ${n} named ${sideAdj(e.side, lc)} unit${n === 1 ? '' : 's'} again — ${counts(byAreaCount, lc)}`,
        `${who}は指名された${sideAdj(e.side, lc)}ユニット${n}個を再配置した — ${counts(byAreaCount, lc)}`,
      );
    }
    case 'moderator-flag': {
      const list = strs(e.units);
      return s(
        `For the moderator: ${list.length} ${sideAdj(e.side, lc)} unit${list.length === 1 ? '' : 's'} found no room in any area and stay off the map this turn: ${units(list, lc)}`,
        `モデレーターへ: ${sideAdj(e.side, lc)}ユニット${list.length}個はどのエリアにも置けず、このターンはマップ外に留まる: ${units(list, lc)}`,
      );
    }
    case 'response-roll': {
      const r = num(e.roll);
      const [d1, d2] = strs(e.dice);
      const numbers = strs(e.numbers);
      const list = strs(e.units);
      const nums = numbers.join(ja ? 'または' : ' or ');
      const result = list.length
        ? ja
          ? `${units(list, lc)}は隣接エリアへ移動できる`
          : `${units(list, lc)} may move to an adjacent area`
        : ja
          ? 'マップ上に該当するユニットはない'
          : 'no unit on the map has that number';
      return s(
        `Response roll ${r}: the dice show ${d1} and ${d2}, unit number ${nums} — ${result}`,
        `対応移動${r}回目: サイコロは${d1}と${d2}、ユニット番号${nums} — ${result}`,
      );
    }
    case 'response-move': {
      const r = num(e.roll);
      const standing = e.by === 'standing';
      return s(
        `Response roll ${r}: ${unit(str(e.unit), lc)} moves from ${area(str(e.from), lc)} to ${area(str(e.to), lc)}${standing ? ' by standing order' : ''}`,
        `対応移動${r}回目: ${unit(str(e.unit), lc)}は${standing ? '事前命令により' : ''}${area(str(e.from), lc)}から${area(str(e.to), lc)}へ移動した`,
      );
    }
    case 'response-stay': {
      const r = num(e.roll);
      const standing = e.by === 'standing';
      return s(
        `Response roll ${r}: ${unit(str(e.unit), lc)} stays in ${area(str(e.area), lc)}${standing ? ' by standing order' : ''}`,
        `対応移動${r}回目: ${unit(str(e.unit), lc)}は${standing ? '事前命令により' : ''}${area(str(e.area), lc)}に留まる`,
      );
    }
    case 'combat-reveal': {
      const groups = Object.entries(record(e.areas)).map(([a, l]) => [a, strs(l)] as [string, string[]]);
      const turn = e.turn !== undefined ? num(e.turn) : null;
      return s(
        `Combat${turn ? `, turn ${turn}` : ''}: every unit on the map is turned face up — ${grouped(groups, lc)}`,
        `戦闘${turn ? `（第${turn}ターン）` : ''}: マップ上の全ユニットを表向きにする — ${grouped(groups, lc)}`,
      );
    }
    case 'attack':
      return describeAttack(e, lc, rule);
    case 'attack-void': {
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
    }
    case 'ub-removed': {
      const dmg = num(e.damage);
      return s(
        `${unit(str(e.unit), lc)} has damage ${dmg} and is removed from ${area(str(e.area), lc)}, face down, to the German unused group`,
        `${unit(str(e.unit), lc)}は損害${dmg}で${area(str(e.area), lc)}から除去され、裏向きでドイツ軍の未使用ユニットに戻る`,
      );
    }
    case 'convoy-sunk': {
      const vp = num(e.vp);
      const note = ruleId(e.note);
      const star = note === 'AW 10.0-E4';
      return s(
        `${unit(str(e.unit), lc)} is sunk in ${area(str(e.area), lc)}: ${vp} VP for the Germans${star ? ' (☆ convoys never give VP)' : ''}`,
        `${unit(str(e.unit), lc)}が${area(str(e.area), lc)}で撃沈された: ドイツ軍に${vp}VP${star ? '（☆船団はVPにならない）' : ''}`,
        note,
      );
    }
    case 'vp-check': {
      const turn = num(e.turn);
      const g = num(e.germanVp);
      const al = num(e.alliedVp);
      const before = num(e.tableBefore);
      const after = num(e.table);
      const diff = e.difference !== undefined ? num(e.difference) : g - al;
      const sunk = e.sunk !== undefined ? strs(e.sunk) : [];
      const sunkText = sunk.length ? (ja ? `（撃沈: ${sunk.join('、')}）` : ` (sunk: ${sunk.join(', ')})`) : '';
      const clamped = before + diff !== after;
      return s(
        `VP check, turn ${turn}: German VP ${g}${sunkText} against Allied VP ${al}, difference ${signed(diff)}; the German VP Table goes from ${before} to ${after}${clamped ? ' (held at the end of the table)' : ''}`,
        `VP確認（第${turn}ターン）: ドイツ軍${g}VP${sunkText}対連合軍${al}VP、差${signed(diff)}。ドイツ軍VP表は${before}から${after}へ${clamped ? '（表の端で止まる）' : ''}`,
      );
    }
    case 'clean-up': {
      const turn = num(e.turn);
      const n = e.unitsInUse !== undefined ? num(e.unitsInUse) : null;
      return s(
        `End of turn ${turn}: UBs leave the map and their damage is cleared; sunk convoys and the Allied units on the map return to the used group${n !== null ? ` (${n} Allied units in use)` : ''}`,
        `第${turn}ターン終了: UBはマップから使用ユニットに戻り、損害は取り除かれる。撃沈された船団とマップ上の連合軍ユニットは使用ユニットに戻る${n !== null ? `（連合軍の使用ユニット${n}個）` : ''}`,
      );
    }
    case 'game-end': {
      const turn = num(e.turn);
      const table = num(e.table);
      const winner = str(e.winner);
      const why =
        table < 0
          ? ja
            ? 'マイナスのため即座に終了'
            : 'minus, which ends the game at once'
          : table > 0
            ? ja
              ? '第5ターン終了時にプラス'
              : 'plus at the end of turn 5'
            : ja
              ? '第5ターン終了時に0'
              : '0 at the end of turn 5';
      const who =
        winner === 'german'
          ? ja
            ? 'ドイツ軍の勝利'
            : 'German victory'
          : winner === 'allied'
            ? ja
              ? '連合軍の勝利'
              : 'Allied victory'
            : ja
              ? `${winner}の勝利`
              : `${winner} wins`;
      return s(
        `Game over after turn ${turn}: ${who} — the German VP Table stands at ${signed(table)}, ${why}`,
        `第${turn}ターンでゲーム終了: ${who} — ドイツ軍VP表は${signed(table)}で、${why}`,
      );
    }
    default:
      return null;
  }
}

/** A value in the generic line: plain for scalars, compact for lists and maps, never "undefined" or "[object …]". */
function plain(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return `[${v.map(plain).join(', ')}]`;
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${plain(x)}`)
      .join(', ')}}`;
  }
  return '-';
}

/** The generic line: an event's own text when it carries one, else its type and fields as key=value pairs. */
function describeGeneric(e: GameEvent, lc: Locale): string {
  const type = typeof e.type === 'string' && e.type ? e.type : 'event';
  const rule = ruleId(e.rule);
  if (isText(e.text)) return sentence(e.text[lc].replace(/[.。]$/, ''), lc, rule);
  const fields = Object.entries(e)
    .filter(
      ([k, v]) => !['type', 'rule', 'visibleTo', 'text'].includes(k) && v !== undefined && typeof v !== 'function',
    )
    .map(([k, v]) => `${k}=${plain(v)}`)
    .join(', ');
  const head = lc === 'ja' ? `出来事「${type}」` : `Event "${type}"`;
  return sentence(fields ? `${head}: ${fields}` : head, lc, rule);
}

/** One Atlantic Wolves event as a sentence for a player, in English or Japanese. Never throws. */
export function describeEvent(event: GameEvent, locale: 'en' | 'ja'): string {
  const lc: Locale = locale === 'ja' ? 'ja' : 'en';
  if (!event || typeof event !== 'object') return lc === 'ja' ? '（内容のない出来事）。' : '(An empty event.)';
  try {
    return describeKnown(event, lc) ?? describeGeneric(event, lc);
  } catch {
    // A field missing or of an unexpected kind: the generic line still tells the reader what was recorded.
  }
  try {
    return describeGeneric(event, lc);
  } catch {
    const type = typeof event.type === 'string' && event.type ? event.type : 'event';
    return lc === 'ja' ? `出来事「${type}」。` : `Event "${type}".`;
  }
}
