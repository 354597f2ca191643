/**
 * Options of an Atlantic Wolves game: one per ambiguity of spec 5.3 that has more than one reading (default = the
 * spec's engine default), plus the two adaptations AW-AD1 and AW-AD2. Parsing `{}` gives every default.
 */
import { z } from 'zod';
import { optionDocOf } from '../../engine/option-docs.ts';
import type { OptionDoc } from '../../engine/types.ts';

/** zod schema of the options. */
export const awOptionsSchema = z
  .object({
    strictAreaSequence: z.boolean().default(false),
    overflow: z.enum(['reject', 'literal']).default('reject'),
    vpTable: z.enum(['unbounded', 'clamp']).default('unbounded'),
    step2Draw: z.enum(['exact', 'upTo']).default('exact'),
    overflowNaming: z.enum(['excess', 'any']).default('excess'),
    ubExcess: z.enum(['offMap', 'ignoreCapacity']).default('offMap'),
    airAttack: z.enum(['automatic', 'optional']).default('automatic'),
    convoyBonus: z.enum(['all', 'escortsOnly']).default('all'),
    starConvoyVp: z.enum(['never', 'fromTurn3']).default('never'),
    cveTiming: z.enum(['beforeDraw', 'afterDraw']).default('beforeDraw'),
    responseDice: z.enum(['firstTens', 'either']).default('firstTens'),
    unitNumbers: z.enum(['unique', 'perSide']).default('unique'),
    repeatMove: z.enum(['again', 'once']).default('again'),
    responseCapacity: z.enum(['prohibit', 'allowThenReplace']).default('prohibit'),
    escortDecline: z.enum(['optional', 'mandatory']).default('optional'),
    ubDecline: z.enum(['optional', 'mandatory']).default('optional'),
  })
  .strict();

/** Parsed options (every field filled in). */
export type AwOptions = z.infer<typeof awOptionsSchema>;

const doc = optionDocOf(awOptionsSchema.parse({}));

/** One entry per option: key, rule, description (en/ja), values and default. Mirrored in docs/atlantic-wolves.md. */
export const optionDocs: readonly OptionDoc[] = [
  doc(
    'strictAreaSequence',
    'AW-AD1 / AW 8.0[1]',
    'false: ADAPTATION AW-AD1, one escort and one UB allocation message covering every contested area. ' +
      'true: areas in area id order, each with its own allocation messages.',
    'false: 適応AW-AD1（全エリアの割当を1通で）。true: エリアID順に1エリアずつ割当。',
    [false, true],
  ),
  doc(
    'overflow',
    'AW-AD2 / AW 6.0-C2, 7.0[6]',
    'reject: ADAPTATION AW-AD2, a placement over capacity is a validation error. ' +
      'literal: the owner names the excess units and the opponent re-places them (extra decision points D4/D6).',
    'reject: 適応AW-AD2（配置数超過は命令エラー）。literal: 所有者が超過ユニットを指名し相手が再配置。',
    ['reject', 'literal'],
  ),
  doc(
    'vpTable',
    'AW-A03',
    "unbounded: the German VP Table is an unbounded integer (R1). clamp: it stops at the data set's vpTrack ends (R2).",
    'unbounded: VP表は上下限なし（R1）。clamp: データのvpTrack両端で止まる（R2）。',
    ['unbounded', 'clamp'],
  ),
  doc(
    'step2Draw',
    'AW-A05 / AW 6.0-Step2',
    'exact: the engine draws exactly min(2d6, pool) units (R1). ' +
      'upTo: the Allied player may draw any number from 0 up to that (R2).',
    'exact: min(2d6, 残り)個ちょうど引く（R1）。upTo: 0からその数まで連合軍が選ぶ（R2）。',
    ['exact', 'upTo'],
  ),
  doc(
    'overflowNaming',
    'AW-A07(a)',
    'excess: the named units come from the overfull areas, exactly the excess of each. ' +
      'any: at least the excess of each overfull area, and any other own units may be named too.',
    'excess: 超過エリアから超過数ちょうど指名。any: 超過数以上、他のユニットも指名可。',
    ['excess', 'any'],
  ),
  doc(
    'ubExcess',
    'AW-A08 / AW 10.0-E2',
    'More used UBs than total UB capacity (turn 5). offMap: the excess stays off the map this turn (R1). ' +
      'ignoreCapacity: capacity is ignored for the excess (R2). R3 (moderator decides) is this option itself.',
    'UB総数がUB配置数合計を超える場合。offMap: 超過分は今ターン配置しない（R1）。ignoreCapacity: 超過分は配置数を無視（R2）。',
    ['offMap', 'ignoreCapacity'],
  ),
  doc(
    'airAttack',
    'AW-A10 / AW 8.1[1]',
    'automatic: every air unit attacks every UB in its area (R1). ' +
      'optional: the Allied player chooses which UBs each air unit attacks (R2, decision point D8).',
    'automatic: 空軍は全UBを自動攻撃（R1）。optional: 攻撃するUBを連合軍が選ぶ（R2、D8）。',
    ['automatic', 'optional'],
  ),
  doc(
    'convoyBonus',
    'AW-A14 / AW 10.0-E1',
    'all: the turn 3-5 bonus applies to convoys too (R1, literal). escortsOnly: escorts only (R2).',
    'all: 第3ターン以降のボーナスは船団にも（R1）。escortsOnly: 護衛戦力のみ（R2）。',
    ['all', 'escortsOnly'],
  ),
  doc(
    'starConvoyVp',
    'AW-A18 / AW 10.0-E4',
    'never: ☆ convoys never give VP, also on turns 1-2 (R1). fromTurn3: on turns 1-2 they give their printed VP (R2).',
    'never: ☆船団は常に0VP（R1）。fromTurn3: 第1-2ターンは印刷VP（R2）。',
    ['never', 'fromTurn3'],
  ),
  doc(
    'cveTiming',
    'AW-A20 / AW 10.0-B',
    'Standard mode: the ☆ US CVE joins the unused group before the turn-3 draw (beforeDraw) or after it (afterDraw).',
    '標準: ☆米CVEを第3ターンの増強の前（beforeDraw）か後（afterDraw）に未使用へ。',
    ['beforeDraw', 'afterDraw'],
  ),
  doc(
    'responseDice',
    'AW-A25 / AW 12.0-3b',
    'firstTens: the first die rolled is the tens digit (R1). ' +
      'either: each owner may read the pair either way, so units numbered by both readings may move, ' +
      'first-die-tens reading first (R2).',
    'firstTens: 最初のダイスが十の位（R1）。either: どちらの読みでもよく、両方の番号のユニットが移動可（R2）。',
    ['firstTens', 'either'],
  ),
  doc(
    'unitNumbers',
    'AW-A26 / AW 12.0-3b',
    'unique: unit numbers are unique across both sides, checked when the data set is loaded (R1). ' +
      'perSide: each side numbers its own units, ' +
      'so a data set may give an Allied and a German unit the same number; ' +
      'a roll of that number lets both owners move, in data order (R2).',
    'unique: ユニット番号は両軍で重複なし、データ読込時に検査（R1）。perSide: 番号は陣営ごと。同じ番号の連合軍・ドイツ軍ユニットがあれば、その目で両方の所有者が移動可（データ順、R2）。',
    ['unique', 'perSide'],
  ),
  doc(
    'repeatMove',
    'AW-A27',
    'again: a unit rolled again may move again (R1). once: a unit moves at most once per turn (R2).',
    'again: 再度出た目のユニットは再移動可（R1）。once: 1ターン1回まで（R2）。',
    ['again', 'once'],
  ),
  doc(
    'responseCapacity',
    'AW-A28 / AW 12.0-3d',
    'prohibit: a response move that would exceed capacity is not allowed (R1). ' +
      'allowThenReplace: it is allowed and the normal re-placement procedure follows (R2).',
    'prohibit: 配置数を超える対応移動は不可（R1）。allowThenReplace: 許し、通常の再配置手順（R2）。',
    ['prohibit', 'allowThenReplace'],
  ),
  doc(
    'escortDecline',
    'AW-A33 / AW 8.2[2]',
    'optional: an escort ship may decline attacks (fewer targets listed). ' +
      'mandatory: every attack of every able escort must be allocated.',
    'optional: 護衛艦は攻撃しなくてもよい。mandatory: 全攻撃を割り当てる。',
    ['optional', 'mandatory'],
  ),
  doc(
    'ubDecline',
    'AW-A34 / AW 8.3',
    'optional: a UB may decline attacks (fewer targets listed; the default orders allocate all). ' +
      'mandatory: every attack must be allocated.',
    'optional: UBは攻撃しなくてもよい（既定命令は全攻撃）。mandatory: 全攻撃を割り当てる。',
    ['optional', 'mandatory'],
  ),
];
