/**
 * Events of placement: the Allied Steps 2 and 3 (AW 6.0), UB placement (AW 7.0), placement in the mail game
 * (AW 12.0-2), and overflow, when an area is over its capacity (AW 6.0-C2, 7.0[6], AW-A06, AW-A07).
 */
import type { GameEvent } from '../../../engine/types.ts';
import {
  area,
  byArea,
  cap,
  counts,
  type Describer,
  grouped,
  groupByArea,
  num,
  plural,
  record,
  type Say,
  sideAdj,
  sideName,
  str,
  strs,
  unit,
  units,
} from './describe-words.ts';

/** `placed`: a side's units placed face up. */
function placed(e: GameEvent, { lc, ja, s }: Say): string {
  const p = record(e.placement);
  const n = Object.keys(p).length;
  const german = e.side === 'german';
  const what = german
    ? ja
      ? `UB${n}個`
      : `${n} ${plural(n, 'UB')}`
    : ja
      ? `${n}ユニット`
      : `${n} ${plural(n, 'unit')}`;
  return s(
    `${cap(sideName(e.side, lc))} place ${what} face up: ${grouped(groupByArea(p), lc)}`,
    `${sideName(e.side, lc)}は${what}を表向きに配置した: ${grouped(groupByArea(p), lc)}`,
  );
}

/** `step3-placed`: how many units went to each area in Step 3, and which face up. */
function step3Placed(e: GameEvent, { lc, ja, s }: Say): string {
  const up = Object.entries(record(e.faceUp ?? {})).map(([u, a]) => [u, str(a)] as [string, string]);
  let upText = ja ? 'すべて裏向き' : 'all face down';
  if (up.length) {
    upText = ja
      ? `表向き: ${up.map(([u, a]) => `${u}（${area(a, lc)}）`).join('、')}`
      : `face up: ${up.map(([u, a]) => `${u} in ${area(a, lc)}`).join(', ')}`;
  }
  return s(
    `Step 3: the Allies place the remaining units — ${counts(record(e.counts), lc)}; ${upText}`,
    `手順3: 連合軍は残りのユニットを配置した — ${counts(record(e.counts), lc)}。${upText}`,
  );
}

/** `step3-units-placed`: each unit placed in Step 3, with its area and facing. */
function step3UnitsPlaced(e: GameEvent, { lc, ja, s }: Say): string {
  const p = Object.entries(record(e.placement)).map(
    ([u, v]) => [u, str(record(v).area), record(v).face === 'up'] as const,
  );
  const list = p
    .map(([u, a, up]) =>
      ja ? `${u}を${area(a, lc)}に${up ? '表向き' : '裏向き'}` : `${u} face ${up ? 'up' : 'down'} in ${area(a, lc)}`,
    )
    .join(ja ? '、' : ', ');
  return s(`Step 3 placement: ${list || 'none'}`, `手順3の配置: ${list || 'なし'}`);
}

/** `overflow-named` (public) and `overflow-named-units` (the seats'): the units named for re-placement. */
function overflowNamed(e: GameEvent, { lc, ja, s }: Say): string {
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
      return `${n} face-down Step-2 ${plural(n, 'unit')} from ${area(a, lc)}`;
    }),
  ];
  const list = parts.length ? `: ${parts.join(ja ? '、' : ', ')}` : '';
  const what = ja ? `${count}個` : `${count} ${plural(count, 'unit')}`;
  return s(
    `An area is over its placement capacity: ${sideName(e.side, lc)} name ${what} for their opponent to place again` +
      list,
    `配置数を超えたエリアがあるため、${sideName(e.side, lc)}は相手が再配置するユニット${what}を指名した${list}`,
  );
}

/** `replaced`: the named units placed again; with face-down units among them, counts per area only. */
function replaced(e: GameEvent, { lc, ja, s }: Say): string {
  const p = record(e.placement ?? {});
  const byAreaCount: Record<string, number> = {};
  for (const [a, n] of Object.entries(record(e.counts ?? {}))) byAreaCount[a] = num(n);
  for (const a of Object.values(p)) byAreaCount[str(a)] = (byAreaCount[str(a)] ?? 0) + 1;
  const n = Object.values(byAreaCount).reduce((t: number, x) => t + num(x), 0);
  const other = e.side === 'allied' ? 'german' : e.side === 'german' ? 'allied' : null;
  const who = other ? sideName(other, lc) : ja ? '相手' : 'the opponent';
  const adj = sideAdj(e.side, lc);
  return s(
    `${cap(who)} place the ${n} named ${adj} ${plural(n, 'unit')} again — ${counts(byAreaCount, lc)}`,
    `${who}は指名された${adj}ユニット${n}個を再配置した — ${counts(byAreaCount, lc)}`,
  );
}

/** Describers of placement events, by event type. */
export const placementEvents: Record<string, Describer> = {
  placed,
  'step2-roll': (e, { s }) => {
    const [d1, d2] = strs(e.dice);
    const sum = num(e.sum);
    const draw = num(e.draw);
    return s(
      `Allied placement Step 2: the dice show ${d1} and ${d2} (sum ${sum}); ` +
        `${draw} unit${draw === 1 ? ' is' : 's are'} drawn blind`,
      `連合軍の配置（手順2）: サイコロは${d1}と${d2}（合計${sum}）、${draw}ユニットを無作為に引いて裏向きのまま配置する`,
    );
  },
  'step2-placed': (e, { lc, s }) =>
    s(
      `Step 2: the Allies place the blindly drawn units face down — ${counts(record(e.counts), lc)}`,
      `手順2: 連合軍は無作為に引いたユニットを裏向きに配置した — ${counts(record(e.counts), lc)}`,
    ),
  'step2-units': (e, { lc, s }) => {
    const groups = Object.entries(record(e.units)).map(([a, l]) => [a, strs(l)] as [string, string[]]);
    return s(
      `The units drawn blind in Step 2, seen by nobody: ${grouped(groups, lc)}`,
      `手順2で無作為に引かれたユニット（誰も見ていない）: ${grouped(groups, lc)}`,
    );
  },
  'step3-units': (e, { lc, s }) => {
    const list = strs(e.units);
    return s(
      `Step 3: the Allied player looks at the remaining units: ${units(list, lc)}`,
      `手順3: 連合軍プレイヤーは残りのユニットを見る: ${units(list, lc)}`,
    );
  },
  'step3-placed': step3Placed,
  'step3-units-placed': step3UnitsPlaced,
  'overflow-named': overflowNamed,
  'overflow-named-units': overflowNamed,
  'replaced-units': (e, { lc, ja, s }) => {
    // Each seat's own terms: the re-placing seat's keys, or the owner's units it may see and counts of the others.
    const blind = e.blind !== undefined ? counts(record(e.blind), lc) : null;
    const rest = blind ? (ja ? `、手順2の裏向きユニット: ${blind}` : `; face-down Step-2 units: ${blind}`) : '';
    const where = grouped(groupByArea(record(e.placement)), lc);
    const adj = sideAdj(e.side, lc);
    return s(`The named ${adj} units placed again: ${where}${rest}`, `再配置された${adj}ユニット: ${where}${rest}`);
  },
  replaced,
  'moderator-flag': (e, { lc, s }) => {
    const list = strs(e.units);
    const adj = sideAdj(e.side, lc);
    return s(
      `For the moderator: ${list.length} ${adj} ${plural(list.length, 'unit')} found no room in any area ` +
        `and stay off the map this turn: ${units(list, lc)}`,
      `モデレーターへ: ${adj}ユニット${list.length}個はどのエリアにも置けず、このターンはマップ外に留まる: ${units(list, lc)}`,
    );
  },
};
