/**
 * Options of a Grand Fleet game: the optional rules of GF 12 and one option per ambiguity of spec 5.3 with more
 * than one reading that the engine supports (default = the spec's engine default). Parsing `{}` gives every default.
 */
import { z } from 'zod';
import { optionDocOf } from '../../engine/option-docs.ts';
import type { OptionDoc } from '../../engine/types.ts';

/** zod schema of the options. */
export const gfOptionsSchema = z
  .object({
    historical: z.boolean().default(false),
    audacious: z.boolean().default(true),
    commitDice: z.enum(['afterFirst', 'beforeRolling']).default('afterFirst'),
    circled: z.enum(['onArrival', 'atSetup']).default('onArrival'),
    redistribution: z.enum(['whenCommitting', 'whenRedistributing']).default('whenCommitting'),
    homeDoubling: z.enum(['own', 'any']).default('own'),
    initiativeOrder: z.enum(['markers', 'interceptionCount']).default('markers'),
    rangeChoices: z.enum(['sameDirection', 'mixed']).default('sameDirection'),
    fireAllocation: z.enum(['sealed', 'sequential']).default('sealed'),
    forcedBattle: z.enum(['mayRefuse', 'forcedOnBoth']).default('mayRefuse'),
    preDreadnoughtVp: z.enum(['cumulative', 'perBattle']).default('cumulative'),
    combatHexes: z.enum(['strict', 'parallel']).default('strict'),
  })
  .strict();

/** Parsed options (every field filled in). */
export type GfOptions = z.infer<typeof gfOptionsSchema>;

const doc = optionDocOf(gfOptionsSchema.parse({}));

/** One entry per option: key, rule, description (en/ja), values and default. Mirrored in docs/grand-fleet.md. */
export const optionDocs: readonly OptionDoc[] = [
  doc(
    'historical',
    'GF 12[2-3], GF-A36',
    'Optional rule, historical game: Britain starts 2 VP ahead; unrestricted submarine warfare occurs automatically on turn 6 (no Occurrence Table rolls).',
    '選択ルール ヒストリカルゲーム: イギリス2VPリードで開始、第6ターンに無制限潜水艦戦が自動発生（発生表は振らない）。',
    [false, true],
  ),
  doc(
    'audacious',
    'GF 12[4-5], GF-A35',
    'Optional rule: true uses the British battleship Audacious (the star ship); false removes it before set-up.',
    '選択ルール: true で英戦艦オーディシャス（★）を使う。false ではセットアップ前に除く。',
    [true, false],
  ),
  doc(
    'commitDice',
    'GF-A08 / GF 6[10]',
    'afterFirst (R2): the second commitment die may be declined after seeing the first. beforeRolling (R1): one or two dice, fixed before rolling.',
    'afterFirst（R2）: 1個目を見てから2個目を振るか決める。beforeRolling（R1）: 振る前に1個か2個か決める。',
    ['afterFirst', 'beforeRolling'],
  ),
  doc(
    'circled',
    'GF-A04 / GF 3[3]',
    'onArrival (R1): a circled ship enters the DDbox when it becomes available. atSetup (R2): every circled ship starts in the DDbox.',
    'onArrival（R1）: 丸印の戦艦は登場時にDDboxへ。atSetup（R2）: 丸印の戦艦はすべて開始時からDDbox。',
    ['onArrival', 'atSetup'],
  ),
  doc(
    'redistribution',
    'GF-A06 / GF 6[8]',
    'whenCommitting: British ships must leave as few empty numbered boxes as possible whenever Britain commits. whenRedistributing: only when Britain redistributes.',
    'whenCommitting: 英は投入するたびに空き番号ボックスを最少に。whenRedistributing: 再配置するときだけ。',
    ['whenCommitting', 'whenRedistributing'],
  ),
  doc(
    'homeDoubling',
    'GF-A14 / GF 8[3][3b]',
    "own (R1): a side's markers count double in its own home hex. any (R2): in any home hex.",
    'own（R1）: 自軍本拠地ヘクスでのみ2倍。any（R2）: どの本拠地ヘクスでも2倍。',
    ['own', 'any'],
  ),
  doc(
    'initiativeOrder',
    'GF-A17 / GF 8[4.2][2]',
    'markers (R1): the side with more fleet markers in the hex decides first. interceptionCount (R2): counted as for interception.',
    'markers（R1）: ヘクス内の艦隊マーカー数で先決め側を決める。interceptionCount（R2）: 迎撃と同じ数え方。',
    ['markers', 'interceptionCount'],
  ),
  doc(
    'rangeChoices',
    'GF-A18 / GF 8[4.2]S(d)',
    'sameDirection (R1): two range choices go the same way. mixed (R2): long and short may both be chosen and cancel.',
    'sameDirection（R1）: 距離の2回選択は同じ向き。mixed（R2）: 遠近混在可（相殺）。',
    ['sameDirection', 'mixed'],
  ),
  doc(
    'fireAllocation',
    'GF-A19 / GF 8[4.3][2]',
    'sealed (R1): both sides allocate fire at once, sealed. sequential (R2): the side that decided initiative first allocates first, the other sees it.',
    'sealed（R1）: 砲撃割当は両軍同時・封印。sequential（R2）: 主導権を先に決めた側が先に割当、相手はそれを見る。',
    ['sealed', 'sequential'],
  ),
  doc(
    'forcedBattle',
    'GF-A24 / GF 7(b)[4a]',
    'mayRefuse (R1): at a difference of 4 or more the intercepting side may still refuse (3 VP). forcedOnBoth (R2): the battle is forced on both.',
    'mayRefuse（R1）: 差4以上でも迎撃側は拒否できる（3VP）。forcedOnBoth（R2）: 両軍とも決戦を強制。',
    ['mayRefuse', 'forcedOnBoth'],
  ),
  doc(
    'preDreadnoughtVp',
    'GF-A28 / GF 11[2c]',
    'cumulative (R1): 1 VP at every 3rd German (2nd British) pre-dreadnought sunk in the game. perBattle (R2): counted per battle, rounded down.',
    'cumulative（R1）: ゲーム通算で独前ド級3隻（英2隻）ごとに1VP。perBattle（R2）: 決戦ごとに数えて端数切り捨て。',
    ['cumulative', 'perBattle'],
  ),
  doc(
    'combatHexes',
    'GF-AD1 / GF 8[4][2]',
    'strict: combat runs one hex at a time in ascending hex number, every sub-step its own message. parallel (adaptation GF-AD1): every contested hex plays its bombardment rounds in the same messages, each side answering for all its hexes at once; results per hex are unchanged, DDbox boxes filled in ascending hex order (GF-A20).',
    'strict: 戦闘は1ヘクスずつヘクス番号の昇順、各手順ごとに1通。parallel（改変 GF-AD1）: 全戦闘ヘクスの砲撃ラウンドを同じ通信で進め、各軍は全ヘクス分をまとめて答える。各ヘクスの結果は変わらず、DDboxはヘクス番号の昇順に埋める（GF-A20）。',
    ['strict', 'parallel'],
  ),
];
