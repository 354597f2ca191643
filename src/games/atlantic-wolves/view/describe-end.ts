/** Events of the end of a turn and of the game: the VP check (AW 9.0), the clean-up, the winner. */
import type { GameEvent } from '../../../engine/types.ts';
import { type Describer, num, type Say, signed, str, strs } from './describe-words.ts';

/** `vp-check`: both sides' VP, their difference, and how the German VP Table moves. */
function vpCheck(e: GameEvent, { ja, s }: Say): string {
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
    `VP check, turn ${turn}: German VP ${g}${sunkText} against Allied VP ${al}, difference ${signed(diff)}; ` +
      `the German VP Table goes from ${before} to ${after}${clamped ? ' (held at the end of the table)' : ''}`,
    `VP確認（第${turn}ターン）: ドイツ軍${g}VP${sunkText}対連合軍${al}VP、差${signed(diff)}。` +
      `ドイツ軍VP表は${before}から${after}へ${clamped ? '（表の端で止まる）' : ''}`,
  );
}

/** Why the game ended, from the German VP Table's final value (AW 9.0[8]). */
const ENDING = {
  minus: { en: 'minus, which ends the game at once', ja: 'マイナスのため即座に終了' },
  plus: { en: 'plus at the end of turn 5', ja: '第5ターン終了時にプラス' },
  zero: { en: '0 at the end of turn 5', ja: '第5ターン終了時に0' },
};

/** The winner in words. */
function victory(winner: string, ja: boolean): string {
  if (winner === 'german') return ja ? 'ドイツ軍の勝利' : 'German victory';
  if (winner === 'allied') return ja ? '連合軍の勝利' : 'Allied victory';
  return ja ? `${winner}の勝利` : `${winner} wins`;
}

/** Describers of the events of a turn's end and the game's, by event type. */
export const endEvents: Record<string, Describer> = {
  'vp-check': vpCheck,
  'clean-up': (e, { s }) => {
    const turn = num(e.turn);
    const n = e.unitsInUse !== undefined ? num(e.unitsInUse) : null;
    return s(
      `End of turn ${turn}: UBs leave the map and their damage is cleared; ` +
        `sunk convoys and the Allied units on the map return to the used group` +
        (n !== null ? ` (${n} Allied units in use)` : ''),
      `第${turn}ターン終了: UBはマップから使用ユニットに戻り、損害は取り除かれる。` +
        `撃沈された船団とマップ上の連合軍ユニットは使用ユニットに戻る${n !== null ? `（連合軍の使用ユニット${n}個）` : ''}`,
    );
  },
  'game-end': (e, { lc, ja, s }) => {
    const turn = num(e.turn);
    const table = num(e.table);
    const winner = str(e.winner);
    const why = ENDING[table < 0 ? 'minus' : table > 0 ? 'plus' : 'zero'][lc];
    const who = victory(winner, ja);
    return s(
      `Game over after turn ${turn}: ${who} — the German VP Table stands at ${signed(table)}, ${why}`,
      `第${turn}ターンでゲーム終了: ${who} — ドイツ軍VP表は${signed(table)}で、${why}`,
    );
  },
};
