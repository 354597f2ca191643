/**
 * Options of a Fin-Napoleon game: the optional rules of FN 12.0, the adaptation FN-AD1, and one option per
 * ambiguity of spec 5.3 with more than one reading (default = the spec's engine default). Parsing `{}` gives every
 * default. Mirrored in docs/fin-napoleon.md.
 */
import { z } from 'zod';
import { optionDocOf } from '../../engine/option-docs.ts';
import type { OptionDoc } from '../../engine/types.ts';

/** zod schema of the options. */
export const fnOptionsSchema = z
  .object({
    /** FN 12.0[P] Road to Paris. */
    roadToParis: z.boolean().default(false),
    /** FN-AD1: combats in area order without asking (true) or ask for the order when it can matter (false). */
    areaOrderCombat: z.boolean().default(false),
    /** FN-A18: who keeps an Allied home from surrendering: any at-war Allied unit (R2) or the owner's (R1). */
    surrender: z.enum(['anyAlly', 'ownerOnly']).default('anyAlly'),
    /** FN-A15: hits beyond a nation's units are void (R1) or spill to the other nations of the area (R2). */
    excessHits: z.enum(['void', 'spill']).default('void'),
    /** FN-A21: after a French surrender go straight to a new turn (R1) or run the adjustment phase first (R2). */
    afterFrenchSurrender: z.enum(['newTurn', 'adjustFirst']).default('newTurn'),
    /** FN-A26: exclusive VP categories (R1) or cumulative (R2) in FN 12.0[M][7]. */
    endVp: z.enum(['exclusive', 'cumulative']).default('exclusive'),
    /** FN-A05: the last turn (0: play until a victory condition); a game still undecided after it is drawn. */
    turnLimit: z.number().int().min(0).max(200).default(0),
    /**
     * FN 12.0[M][2]: how the Allied nations are divided among the Allied players, e.g.
     * `prussia+austria/russia/spain+britain` (one group per player, in seat order); `standard`: the default split.
     */
    division: z
      .string()
      .regex(/^(standard|[a-z]+(\+[a-z]+)*(\/[a-z]+(\+[a-z]+)*)*)$/)
      .default('standard'),
  })
  .strict();

/** Parsed options (every field filled in). */
export type FnOptions = z.infer<typeof fnOptionsSchema>;

const doc = optionDocOf(fnOptionsSchema.parse({}));

/** One entry per option. */
export const optionDocs: readonly OptionDoc[] = [
  doc(
    'roadToParis',
    'FN 12.0[P]',
    'Road to Paris: the game goes on at morale 0; the Allies win when France surrenders with morale already 0.',
    'パリへの道: 士気0でもゲームは続き、士気0以下の後にフランスを降伏させた時点で連合軍の勝利。',
    [false, true],
  ),
  doc(
    'areaOrderCombat',
    'FN-AD1 / FN 9.2[5]',
    'true: ADAPTATION FN-AD1, combats always in area order without asking. false: the active player is asked ' +
      'for the order when two or more areas need a French dice allocation.',
    'true: 適応FN-AD1（常にエリア順で戦闘）。false: フランスのダイス配分が必要なエリアが2つ以上あれば順番を尋ねる。',
    [false, true],
  ),
  doc(
    'surrender',
    'FN-A18 / FN 9.31',
    'anyAlly (R2): an Allied home surrenders only if no at-war Allied unit is there. ownerOnly (R1): only the ' +
      "owner's units protect it.",
    'anyAlly (R2): 交戦中の連合軍ユニットが1つでもあれば降伏しない。ownerOnly (R1): その国のユニットだけが守る。',
    ['anyAlly', 'ownerOnly'],
  ),
  doc(
    'excessHits',
    'FN-A15 / FN 9.21[4]',
    'void (R1): hits beyond the units of the nation they were allocated to are lost. spill (R2): they go to the ' +
      'other nations of the area.',
    'void (R1): 配分先の国のユニット数を超えた命中は無効。spill (R2): 同じエリアの他国に回る。',
    ['void', 'spill'],
  ),
  doc(
    'afterFrenchSurrender',
    'FN-A21 / FN 9.33',
    'newTurn (R1): a French surrender skips the rest of the turn and the adjustment phase. adjustFirst (R2): the ' +
      'adjustment phase is run first.',
    'newTurn (R1): フランス降伏で残りの活動と調整フェイズを飛ばす。adjustFirst (R2): 先に調整フェイズを行う。',
    ['newTurn', 'adjustFirst'],
  ),
  doc(
    'endVp',
    'FN-A26 / FN 12.0[M][7]',
    'exclusive (R1): a unit in France scores 2, in South France 1, next to either 1. cumulative (R2): the ' +
      'categories add up.',
    'exclusive (R1): フランス2、南フランス1、隣接1のいずれか。cumulative (R2): 重複して加算。',
    ['exclusive', 'cumulative'],
  ),
  doc(
    'turnLimit',
    'FN-A05 / FN 4.0',
    'The last turn; 0 plays until a victory condition. A game undecided after the last turn is drawn.',
    '最終ターン。0は勝利条件まで続ける。最終ターン後も決着しなければ引き分け。',
    [0, 8, 20],
  ),
  doc(
    'division',
    'FN 12.0[M][2]',
    'Multiplayer: the Allied nations of each Allied player, e.g. prussia+austria/russia/spain+britain; standard: ' +
      'the default split for the number of players.',
    'マルチプレイ: 各連合軍プレイヤーの担当国（例 prussia+austria/russia/spain+britain）。standard: 人数ごとの標準分担。',
    ['standard'],
  ),
];
