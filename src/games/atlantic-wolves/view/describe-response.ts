/** Events of response movement (AW 12.0-3): the roll, and each rolled unit's move or stay. */
import { area, type Describer, num, strs, str, unit, units } from './describe-words.ts';

/** Describers of response-movement events, by event type. */
export const responseEvents: Record<string, Describer> = {
  'response-roll': (e, { lc, ja, s }) => {
    const r = num(e.roll);
    const [d1, d2] = strs(e.dice);
    const numbers = strs(e.numbers);
    const list = strs(e.units);
    const nums = numbers.join(ja ? 'または' : ' or ');
    let result = ja ? 'マップ上に該当するユニットはない' : 'no unit on the map has that number';
    if (list.length)
      result = ja ? `${units(list, lc)}は隣接エリアへ移動できる` : `${units(list, lc)} may move to an adjacent area`;
    return s(
      `Response roll ${r}: the dice show ${d1} and ${d2}, unit number ${nums} — ${result}`,
      `対応移動${r}回目: サイコロは${d1}と${d2}、ユニット番号${nums} — ${result}`,
    );
  },
  'response-move': (e, { lc, s }) => {
    const r = num(e.roll);
    const standing = e.by === 'standing';
    const who = unit(str(e.unit), lc);
    const from = area(str(e.from), lc);
    const to = area(str(e.to), lc);
    return s(
      `Response roll ${r}: ${who} moves from ${from} to ${to}${standing ? ' by standing order' : ''}`,
      `対応移動${r}回目: ${who}は${standing ? '事前命令により' : ''}${from}から${to}へ移動した`,
    );
  },
  'response-stay': (e, { lc, s }) => {
    const r = num(e.roll);
    const standing = e.by === 'standing';
    const who = unit(str(e.unit), lc);
    const where = area(str(e.area), lc);
    return s(
      `Response roll ${r}: ${who} stays in ${where}${standing ? ' by standing order' : ''}`,
      `対応移動${r}回目: ${who}は${standing ? '事前命令により' : ''}${where}に留まる`,
    );
  },
};
