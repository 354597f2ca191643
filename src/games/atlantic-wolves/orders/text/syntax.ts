/** The HELP text of the order grammar: one example per decision point, with its rule (docs/orders.md). */
import type { Locale } from '../../../../i18n/index.ts';

/** Syntax summary by locale. */
export const SYNTAX: Record<Locale, string> = {
  en: `One order per line; keywords in any case, full-width or half-width. Units by id (U01), number (51),
type and number (UB51) or name; areas by id (WA), name (Western Approaches / ウエスタン・アプローチ) or initials.
  D1  REINFORCE U01 U05 U07            (turn 5: which sunk UBs return, AW 11.0[4])
  D2  STEP2 WA 3, CG 2                 (standard game: blind-drawn units per area, AW 6.0-Step2)
      STEP2 PLAN WA WA CG AF ...       (standing: area slots, the first N are used)
  D3  PLACE C01 C02 -> WA              (mail game: every Allied unit face up, AW 12.0-2)
      STEP3 C01 -> WA DOWN             (standard game: remaining units with facing, AW 6.0-Step3)
  D4/D6  OVERFLOW C03 CG?1             (own units named for re-placement, AW 6.0-C2 / 7.0[6]; CG?1: a unit
                                       placed blind in Step 2 in CG, named by its area, AW-A06)
         REPLACE U05 -> CG             (opponent's named units re-placed)
  D5  PLACE U01 U02 -> CG              (every used UB, AW 7.0)
  D7  MOVE 21 -> CG   or   STAY        (response movement of the rolled unit, AW 12.0-3)
      RESPONSE TABLE 21: CG, STAY      (standing: preferences when its number is rolled)
  D8  AIR AIR1 -> U01 U02              (only with optional air attacks, AW-A10)
  D9  ESCORT GB-DD1 -> U01             (DD one target, CVE two: ESCORT GB-CVE1 -> U01 U01, AW 8.2)
  D10 UB U01 -> C01 C01 C03            (one convoy per attack, 2 or 3 attacks, AW 8.3)
Lines without a keyword work too: "C01 -> WA", "GB-DD1 -> U01". Japanese keywords: 配置 移動 待機 護衛 攻撃 増強.
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。キーワードは大文字・小文字、全角・半角を問いません。ユニットはID (U01)、番号 (51)、
種別+番号 (UB51) または名前、エリアはID (WA)、名前 (ウエスタン・アプローチ / Western Approaches) で書きます。
  D1  REINFORCE U01 U05 U07            (第5ターン: 復帰させる撃沈UB、AW 11.0[4])
  D2  STEP2 WA 3, CG 2                 (通常ゲーム: 裏向きユニットのエリア別の数、AW 6.0-手順2)
  D3  配置 C01 C02 ウエスタン・アプローチ  (メールプレイ: 連合軍全ユニットを表向きで、AW 12.0-2)
      STEP3 C01 -> WA DOWN             (通常ゲーム: 残りのユニットと向き、AW 6.0-手順3)
  D4/D6  OVERFLOW C03 / REPLACE U05 -> CG (超過時の再配置、AW 6.0-C2 / 7.0[6])
         OVERFLOW CG?1                 (手順2で伏せて置いたユニットはエリアで指定、AW-A06)
  D5  配置 U01 U02 -> CG               (使用UBすべて、AW 7.0)
  D7  移動 21 中央ギャップ  または  待機  (対応移動、AW 12.0-3)
      RESPONSE TABLE 21: CG, STAY      (予約: 番号が出たときの希望)
  D8  AIR AIR1 -> U01 U02              (選択ルールの空軍攻撃のみ、AW-A10)
  D9  護衛 GB-DD1 -> U01                (DDは1目標、CVEは2目標、AW 8.2)
  D10 攻撃 U01 -> C01 C01 C03           (攻撃1回につき船団1つ、AW 8.3)
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了 (以降を読まない)。モデレーター: APPROVE または 承認、REJECT または 却下 <理由>。`,
};
