/** Events of the start of a turn: the turn itself, withdrawn ☆ convoys and reinforcement (AW 10.0, 11.0). */
import type { GameEvent } from '../../../engine/types.ts';
import {
  cap,
  type Describer,
  isText,
  num,
  plural,
  type Say,
  sideAdj,
  sideName,
  str,
  strs,
  unit,
  units,
} from './describe-words.ts';

/** `reinforced`: the units a side draws or takes back as reinforcement, or none. */
function reinforced(e: GameEvent, { lc, rule, s }: Say): string {
  const count = num(e.count);
  const side = e.side;
  const none = () =>
    s(`${cap(sideName(side, lc))} have no reinforcement this turn`, `${sideName(side, lc)}の増強はなし`);
  if (e.units === undefined) {
    if (!count) return none();
    const drawn = `${count} ${plural(count, 'unit')} drawn at random from their unused group, face down`;
    return s(
      `${cap(sideName(side, lc))} reinforce with ${drawn}`,
      `${sideName(side, lc)}は未使用ユニットから無作為に${count}ユニットを裏向きのまま増強した`,
    );
  }
  const list = strs(e.units);
  if (!list.length) return none();
  if (rule === 'AW 11.0[4]') {
    return s(
      `The Germans take back ${count} sunk ${plural(count, 'UB')} as reinforcement: ${units(list, lc)}`,
      `ドイツ軍は撃沈されたUB${count}個を増強として復帰させた: ${units(list, lc)}`,
    );
  }
  if (rule === 'AW 10.0-A') {
    return s(
      `The Germans reinforce with the ${count} ☆ UBs: ${units(list, lc)}`,
      `ドイツ軍は☆UB${count}個で増強した: ${units(list, lc)}`,
    );
  }
  return s(
    `${cap(sideName(side, lc))} reinforce with ${count} ${plural(count, 'unit')}: ${units(list, lc)}`,
    `${sideName(side, lc)}は${count}ユニットを増強した: ${units(list, lc)}`,
  );
}

/** Describers of the events of a turn's start, by event type. */
export const turnEvents: Record<string, Describer> = {
  'turn-start': (e, { lc, s }) => {
    const turn = num(e.turn);
    const label = isText(e.label) ? e.label[lc] : '';
    return s(`Turn ${turn}${label ? ` (${label})` : ''} begins`, `第${turn}ターン${label ? `（${label}）` : ''}開始`);
  },
  withdrawn: (e, { lc, s }) => {
    const list = strs(e.units);
    return s(
      `From turn 3 the ☆ convoys leave play: ${units(list, lc)}`,
      `第3ターンから☆船団はゲームから除かれる: ${units(list, lc)}`,
    );
  },
  reinforced,
  'reinforced-units': (e, { lc, s }) => {
    const list = strs(e.units);
    return s(
      `The ${sideAdj(e.side, lc)} units drawn as reinforcement: ${units(list, lc)}`,
      `${sideAdj(e.side, lc)}の増強で引いたユニット: ${units(list, lc)}`,
    );
  },
  'star-cve-released': (e, { lc, s }) => {
    const u = unit(str(e.unit), lc);
    const after = e.timing === 'afterDraw';
    return s(
      `The ☆ US CVE ${u} joins the Allied unused group ${after ? 'after' : 'before'} the turn-3 reinforcement draw`,
      `☆米護衛空母${u}が第3ターンの増強の抽選${after ? '後' : '前'}に連合軍の未使用ユニットに加わった`,
    );
  },
};
