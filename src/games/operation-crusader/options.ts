/**
 * The options of Operation Crusader: one per ambiguity with more than one reading (spec 5.3), the adaptation
 * OC-AD1, and the game's length. Parsing `{}` gives the spec's engine default for each.
 */
import { z } from 'zod';
import { optionDocOf } from '../../engine/option-docs.ts';
import type { OptionDoc } from '../../engine/types.ts';

export const ocOptionsSchema = z
  .object({
    /** OC-A06: hits summed per target over a fire step (R1) or converted per firing unit (R2). */
    hitCounting: z.enum(['summed', 'per-firer']).default('summed'),
    /** OC-A07: fortress defence 3 without (F2) or with (F1) "the first hit counts". */
    fortressFirstHit: z.boolean().default(false),
    /** OC-A08: a fortress works for the side named on the map (R1) or for whichever side defends it (R2). */
    fortressOwner: z.enum(['map', 'defender']).default('map'),
    /** OC-A09: the attacker names its targets after the counterattack (R2) or before any roll (R1). */
    attackerTargets: z.enum(['after-counterattack', 'before']).default('after-counterattack'),
    /** OC-A11: at a point every activated unit attacks (R1) or only those given a target, at least one (R2). */
    pointAttack: z.enum(['all', 'some']).default('all'),
    /** OC-A12: moving from a point into an area costs 2 (R1) or nothing (R2). */
    pointToAreaCost: z.union([z.literal(2), z.literal(0)]).default(2),
    /** OC-A13: a group entering a point held by the enemy stops there (R1) or may pass through (R2). */
    enemyPoint: z.enum(['stop', 'pass']).default('stop'),
    /** OC-A15: the road from an off-map point costs its normal cost (R1) or nothing (R2). */
    offMapCost: z.enum(['road', 'free']).default('road'),
    /** OC-A20: British VP for German tank steps actually lost (R1) or for every step loss inflicted (R2). */
    germanTankVp: z.enum(['lost', 'inflicted']).default('lost'),
    /** OC-A23: a point changes control when a unit ends there (R1) or on any entry (R2). */
    control: z.enum(['stay', 'entry']).default('stay'),
    /** OC-A35: removal from the game for the one-step garrisons and brigades only (R1) or any unit at 1 step (R2). */
    permanentRemoval: z.enum(['kinds', 'any-one-step']).default('kinds'),
    /** OC-AD1 (house rule): what a missed deadline at D4 does: pass, or activate the first group in place. */
    deadlineDefault: z.enum(['pass', 'hold']).default('pass'),
    /** The last turn played (OC 3.0[1]: 6); fewer turns make a short game. */
    lastTurn: z.number().int().min(1).max(6).default(6),
  })
  .strict();

export type OcOptions = z.infer<typeof ocOptionsSchema>;

const doc = optionDocOf(ocOptionsSchema.parse({}));

/** The documented options (docs/operation-crusader.md). */
export const ocOptionDocs: readonly OptionDoc[] = [
  doc(
    'hitCounting',
    'OC-A06',
    'hits summed per target, or converted per firing unit',
    'ヒットを目標ごとに合計するか、射撃ユニットごとに換算するか',
    ['summed', 'per-firer'],
  ),
  doc(
    'fortressFirstHit',
    'OC-A07',
    'fortress defence 3 counts the first hit (F1)',
    '要塞の防御力3でも最初の1ヒットを数える(F1)',
    [false, true],
  ),
  doc(
    'fortressOwner',
    'OC-A08',
    'a fortress works for its map side, or for any defender',
    '要塞は地図上の陣営のものか、防御側のものか',
    ['map', 'defender'],
  ),
  doc(
    'attackerTargets',
    'OC-A09',
    'attacker targets fixed after the counterattack, or before any roll',
    '攻撃側の目標を反撃の後に決めるか、最初に決めるか',
    ['after-counterattack', 'before'],
  ),
  doc(
    'pointAttack',
    'OC-A11',
    'at a point every activated unit attacks, or at least one',
    'ポイントでは活性化ユニット全部が攻撃するか、1つ以上か',
    ['all', 'some'],
  ),
  doc(
    'pointToAreaCost',
    'OC-A12',
    'movement cost from a point into an area',
    'ポイントからエリアへの移動コスト',
    [2, 0],
  ),
  doc(
    'enemyPoint',
    'OC-A13',
    'a group stops at an enemy-held point, or may pass through',
    '敵のいるポイントで停止するか、通過できるか',
    ['stop', 'pass'],
  ),
  doc(
    'offMapCost',
    'OC-A15',
    'the road from an off-map point costs its normal cost, or nothing',
    'マップ外ポイントからの道路は通常のコストか、無料か',
    ['road', 'free'],
  ),
  doc(
    'germanTankVp',
    'OC-A20',
    'British VP for German tank steps actually lost, or all inflicted',
    'ドイツ戦車のステップVPは実際に失った分か、与えた分全部か',
    ['lost', 'inflicted'],
  ),
  doc(
    'control',
    'OC-A23',
    'a point changes control when a unit ends there, or on any entry',
    'ポイントの支配は留まった時か、進入しただけでも変わるか',
    ['stay', 'entry'],
  ),
  doc(
    'permanentRemoval',
    'OC-A35',
    'removal from the game: garrisons and brigades only, or any unit at 1 step',
    'ゲームから除去: 守備隊と旅団だけか、1ステップのユニット全部か',
    ['kinds', 'any-one-step'],
  ),
  doc(
    'deadlineDefault',
    'OC-AD1',
    'a missed deadline at D4 passes, or activates the first group in place (house rule)',
    '期限切れのD4はパスか、最初のグループをその場で活性化するか(ハウスルール)',
    ['pass', 'hold'],
  ),
  doc('lastTurn', 'OC 3.0[1]', 'the last turn played (6 in the rules)', '最終ターン(ルールでは6)', [1, 2, 3, 4, 5, 6]),
];
