/**
 * Who owes orders now (spec 5.1 decision points D1-D10), with the rule and a prompt in English and Japanese.
 * Empty at a cursor and when the game is over.
 */
import type { Owed } from '../../engine/types.ts';
import type { AwSide } from './data/schema.ts';
import { indexOf } from './data/data-index.ts';
import { at, opponent, type AwState } from './state.ts';

/** One owed decision point. */
function owe(seat: AwSide, point: string, rule: string, en: string, ja: string): Owed {
  return { seat, point, rule, prompt: { en, ja } };
}

/** The decision point of the current phase: seat, point id, rule and prompt; null when nobody owes anything. */
export function currentPoint(s: AwState): Owed | null {
  const p = s.phase;
  const t = s.turn;
  switch (p.kind) {
    case 'reinforce':
      return owe(
        'german',
        'AW-D1',
        'AW 11.0[4]',
        `Turn ${t}: choose the sunk UBs that return (${s.data.turns[4].reinforcements.german}).`,
        `第${t}ターン: 復帰する撃沈UBを選んでください（${s.data.turns[4].reinforcements.german}個）。`,
      );
    case 'step2':
      return owe(
        'allied',
        'AW-D2',
        'AW 6.0-Step2',
        `Turn ${t}: 2d6 = ${s.t.step2Roll}. Say how many of the ${p.draw} blindly drawn units go in each area.`,
        `第${t}ターン: 2d6 = ${s.t.step2Roll}。伏せて引いた${p.draw}個を各エリアに何個置くか指定してください。`,
      );
    case 'step3':
      return owe(
        'allied',
        'AW-D3',
        'AW 6.0-Step3',
        `Turn ${t}: place the remaining units (area and facing).`,
        `第${t}ターン: 残りのユニットを配置してください（エリアと表裏）。`,
      );
    case 'placement':
      return owe(
        'allied',
        'AW-D3',
        'AW 12.0-2',
        `Turn ${t}: place every Allied unit in use, face up.`,
        `第${t}ターン: 使用中の連合軍ユニットをすべて表向きに配置してください。`,
      );
    case 'ub-placement':
      return owe(
        'german',
        'AW-D5',
        'AW 7.0',
        `Turn ${t}: place every UB in use.`,
        `第${t}ターン: 使用中のUBをすべて配置してください。`,
      );
    case 'overflow-name':
      return owe(
        p.side,
        p.side === 'allied' ? 'AW-D4' : 'AW-D6',
        p.side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]',
        'An area is over capacity: name the excess units to be re-placed by your opponent.',
        '配置数を超えたエリアがあります: 相手が再配置する超過ユニットを指名してください。',
      );
    case 'overflow-replace':
      return owe(
        opponent(p.side),
        p.side === 'allied' ? 'AW-D4' : 'AW-D6',
        p.side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]',
        "Re-place your opponent's named units so that every area is within capacity.",
        '指名された相手ユニットを配置数内に再配置してください。',
      );
    case 'response': {
      const u = indexOf(s.data).unit.get(p.unit);
      const side = u?.side ?? 'allied';
      const area = at(s, p.unit);
      return owe(
        side,
        'AW-D7',
        'AW 12.0-3',
        `Response roll ${p.roll}: unit ${u?.number} (${p.unit}) in ${area} may move to an adjacent area or stay.`,
        `対応移動${p.roll}回目: ユニット${u?.number}（${p.unit}、${area}）は隣接エリアへ移動するか留まれます。`,
      );
    }
    case 'air':
      return owe(
        'allied',
        'AW-D8',
        'AW 8.1',
        'Choose the UBs each air unit attacks.',
        '各空軍ユニットが攻撃するUBを選んでください。',
      );
    case 'escorts':
      return owe(
        'allied',
        'AW-D9',
        'AW 8.2[5]',
        `Turn ${t}: allocate the escort-ship attacks.`,
        `第${t}ターン: 護衛艦の攻撃を割り当ててください。`,
      );
    case 'ubs':
      return owe(
        'german',
        'AW-D10',
        'AW 8.3[3]',
        `Turn ${t}: allocate the UB attacks.`,
        `第${t}ターン: UBの攻撃を割り当ててください。`,
      );
    default:
      return null;
  }
}

/** The seat owing orders now, without building the prompt (hot path of random play), or null. */
export function owingSeat(s: AwState): AwSide | null {
  const p = s.phase;
  switch (p.kind) {
    case 'go':
    case 'over':
      return null;
    case 'reinforce':
    case 'ub-placement':
    case 'ubs':
      return 'german';
    case 'overflow-name':
      return p.side;
    case 'overflow-replace':
      return opponent(p.side);
    case 'response':
      return indexOf(s.data).unit.get(p.unit)?.side ?? 'allied';
    default:
      return 'allied';
  }
}

/** The seats owing orders now (at most one: no decision in the rulebook is simultaneous, spec 5.1). */
export function owed(s: AwState): Owed[] {
  const p = currentPoint(s);
  return p ? [p] : [];
}
