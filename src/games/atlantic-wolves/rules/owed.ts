/**
 * Who owes orders now (spec 5.1 decision points D1-D10), with the rule and a prompt in English and Japanese.
 * Empty at a cursor and when the game is over.
 */
import type { Owed, Text } from '../../../engine/types.ts';
import type { AwSide, AwUnit } from '../data/schema.ts';
import { indexOf, type DataIndex } from '../data/data-index.ts';
import { at, type AwPhase, opponent, type AwState } from '../state.ts';
import { responseDestinationPos } from './response-movement.ts';

/** One owed decision point. */
function owe(seat: AwSide, point: string, rule: string, prompt: Text): Owed {
  return { seat, point, rule, prompt };
}

/** The phase of D7. */
type ResponsePhase = Extract<AwPhase, { kind: 'response' }>;

/** The decision point of one kind of phase: seat, point id, rule and prompt. */
type PointOf<K extends AwPhase['kind']> = (s: AwState, p: Extract<AwPhase, { kind: K }>) => Owed;

/** The overflow points: D4 for the Allied units (AW 6.0-C2), D6 for the UBs (AW 7.0[6]). */
const overflowPoint = (side: AwSide) => (side === 'allied' ? 'AW-D4' : 'AW-D6');
const overflowRule = (side: AwSide) => (side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]');

/**
 * D7 (AW 12.0-3): the owner of the rolled unit may move it. The prompt lists the areas it may move to (adjacent,
 * with room: AW 12.0-3d), each by its id and name, so a mail tells the whole choice.
 */
const responsePoint: PointOf<'response'> = (s, p) => {
  const idx = indexOf(s.data);
  const i = idx.order.get(p.unit);
  const u = i === undefined ? undefined : s.data.units[i];
  const prompt = responsePrompt(idx, p, u, at(s, p.unit), responseDestinationPos(s, p.unit));
  return owe(u?.side ?? 'allied', 'AW-D7', 'AW 12.0-3', prompt);
};

/** The D7 prompt of a roll, unit, area and destinations (area positions). */
function responsePrompt(idx: DataIndex, p: ResponsePhase, u: AwUnit | undefined, area: string, dest: number[]): Text {
  let en = 'must STAY (every adjacent area is full)';
  let ja = '隣接エリアがすべて満杯のため待機です';
  if (dest.length) {
    const names = (lc: 'en' | 'ja') => dest.map((a) => areaName(idx, idx.areaIds[a], lc));
    en = `may move to ${names('en').join(', ')} (MOVE ${u?.number} -> area) or STAY`;
    ja = `${names('ja').join('、')} のいずれかへ移動 (移動 ${u?.number} エリア) するか待機できます`;
  }
  return {
    en: `Response roll ${p.roll}: unit ${u?.number} (${p.unit}) in ${areaName(idx, area, 'en')} ${en}.`,
    ja: `対応移動${p.roll}回目: ユニット${u?.number}（${p.unit}、${areaName(idx, area, 'ja')}）は${ja}。`,
  };
}

/** A prompt that depends on the turn only, made once per turn number (frozen: every owed result shares it). */
function perTurn(make: (turn: number) => Text): (s: AwState) => Text {
  const made: Text[] = [];
  return (s) => {
    made[s.turn] ??= Object.freeze(make(s.turn));
    return made[s.turn];
  };
}

const placementPrompt = perTurn((turn) => ({
  en: `Turn ${turn}: place every Allied unit in use, face up.`,
  ja: `第${turn}ターン: 使用中の連合軍ユニットをすべて表向きに配置してください。`,
}));
const step3Prompt = perTurn((turn) => ({
  en: `Turn ${turn}: place the remaining units (area and facing).`,
  ja: `第${turn}ターン: 残りのユニットを配置してください（エリアと表裏）。`,
}));
const ubPlacementPrompt = perTurn((turn) => ({
  en: `Turn ${turn}: place every UB in use.`,
  ja: `第${turn}ターン: 使用中のUBをすべて配置してください。`,
}));
const escortsPrompt = perTurn((turn) => ({
  en: `Turn ${turn}: allocate the escort-ship attacks.`,
  ja: `第${turn}ターン: 護衛艦の攻撃を割り当ててください。`,
}));
const ubsPrompt = perTurn((turn) => ({
  en: `Turn ${turn}: allocate the UB attacks.`,
  ja: `第${turn}ターン: UBの攻撃を割り当ててください。`,
}));
const OVERFLOW_NAME: Text = Object.freeze({
  en: 'An area is over capacity: name the excess units to be re-placed by your opponent.',
  ja: '配置数を超えたエリアがあります: 相手が再配置する超過ユニットを指名してください。',
});
const OVERFLOW_REPLACE: Text = Object.freeze({
  en: "Re-place your opponent's named units so that every area is within capacity.",
  ja: '指名された相手ユニットを配置数内に再配置してください。',
});
const AIR: Text = Object.freeze({
  en: 'Choose the UBs each air unit attacks.',
  ja: '各空軍ユニットが攻撃するUBを選んでください。',
});

const areaLabels = new WeakMap<ReturnType<typeof indexOf>, Map<string, Text>>();

/** An area by its id and name in one language (the id alone when it is no area), made once per data set (its look-ups). */
function areaName(idx: ReturnType<typeof indexOf>, area: string, lc: 'en' | 'ja'): string {
  let labels = areaLabels.get(idx);
  if (!labels) {
    labels = new Map();
    areaLabels.set(idx, labels);
  }
  let label = labels.get(area);
  if (!label) {
    const name = idx.area.get(area)?.name;
    label = { en: `${area} ${name?.en ?? ''}`.trim(), ja: `${area} ${name?.ja ?? ''}`.trim() };
    labels.set(area, label);
  }
  return label[lc];
}

/** Every decision point (spec 5.1), by the kind of phase that owes it. */
const POINTS: { [K in AwPhase['kind']]?: PointOf<K> } = {
  reinforce: (s) =>
    owe('german', 'AW-D1', 'AW 11.0[4]', {
      en: `Turn ${s.turn}: choose the sunk UBs that return (${s.data.turns[4].reinforcements.german}).`,
      ja: `第${s.turn}ターン: 復帰する撃沈UBを選んでください（${s.data.turns[4].reinforcements.german}個）。`,
    }),
  step2: (s, p) =>
    owe('allied', 'AW-D2', 'AW 6.0-Step2', {
      en: `Turn ${s.turn}: 2d6 = ${s.t.step2Roll}. Say how many of the ${p.draw} blindly drawn units go in each area.`,
      ja: `第${s.turn}ターン: 2d6 = ${s.t.step2Roll}。伏せて引いた${p.draw}個を各エリアに何個置くか指定してください。`,
    }),
  step3: (s) => owe('allied', 'AW-D3', 'AW 6.0-Step3', step3Prompt(s)),
  placement: (s) => owe('allied', 'AW-D3', 'AW 12.0-2', placementPrompt(s)),
  'ub-placement': (s) => owe('german', 'AW-D5', 'AW 7.0', ubPlacementPrompt(s)),
  'overflow-name': (_s, p) => owe(p.side, overflowPoint(p.side), overflowRule(p.side), OVERFLOW_NAME),
  'overflow-replace': (_s, p) => owe(opponent(p.side), overflowPoint(p.side), overflowRule(p.side), OVERFLOW_REPLACE),
  response: responsePoint,
  air: () => owe('allied', 'AW-D8', 'AW 8.1', AIR),
  escorts: (s) => owe('allied', 'AW-D9', 'AW 8.2[5]', escortsPrompt(s)),
  ubs: (s) => owe('german', 'AW-D10', 'AW 8.3[3]', ubsPrompt(s)),
};

/** The decision point of the current phase: seat, point id, rule and prompt; null when nobody owes anything. */
export function currentPoint(s: AwState): Owed | null {
  const point = POINTS[s.phase.kind] as PointOf<AwPhase['kind']> | undefined;
  return point ? point(s, s.phase) : null;
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

/** The seats of `owed` without their prompts (the package's `seatsOwing`, for the computer player's play-outs). */
export function seatsOwing(s: AwState): AwSide[] {
  const seat = owingSeat(s);
  return seat ? [seat] : [];
}

/** The seats owing orders now (at most one: no decision in the rulebook is simultaneous, spec 5.1). */
export function owed(s: AwState): Owed[] {
  const p = currentPoint(s);
  return p ? [p] : [];
}
