/** HELP for Fin-Napoleon's order text: one example per decision point, English and Japanese. */
import type { Locale } from '../../../i18n/index.ts';

export const SYNTAX: Record<Locale, string> = {
  en: `One order per line, keywords in any case; areas and nations in English or Japanese.
  FN-D0  ROLL                                  (roll for the first activation order, FN 5.0[6])
  FN-D1  NONE | DECLARE | REINFORCE 2 | MOVE   (the active nation's one activity, FN 6.0[3])
  FN-D2  DECLARE Austria                       (France: war on one Allied nation at peace, FN 7.0[1])
  FN-D4  MOVE 2 France-Rhine-Prussia            (units from an area along adjacent areas, FN 9.1; Allies 1 area)
         HALT AFTER SEA                        (stop after a sea attrition roll to move the rest again, FN-A12)
  FN-D5  COMBAT ORDER Rhine, Italy             (order of the combats, FN 9.2[5])
  FN-D6  ALLOCATE Prussia 2, Austria 1         (France's dice in the area fought, FN 9.21[1])
         ALLOCATE Rhine: Prussia 2, Austria 1  (France, ahead, in its own move/combat)
  FN-D7  NOJOIN Rhine: Russia                  (an at-war ally that does not join the attack, FN-A16)
  FN-D3  PLACE 3                               (units placed after a French surrender, FN 9.33[1])
  later  Austria: REINFORCE 2                  (your later nation this turn, used unless it no longer fits)
         Austria: IF FRENCH IN Rhine           (its condition: IF AT WAR / AT PEACE / FRENCH IN a / NO FRENCH IN a)
  any    PRIORITY Prussia, Austria, Russia     (France's standing dice allocation, every combat)
         STANDING ALLOCATE Rhine: Prussia 2    (France's standing dice in one area, before the priority)
         SURRENDER PLACE 3                     (France's standing answer to FN 9.33[1])
         ASK BETWEEN NATIONS YES               (stop before each of your nations even with later orders)
         HOLD BACK Prussia                     (D7: your nation does not join other nations' attacks, FN-A16)
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。キーワードは大文字・小文字を問いません。エリア名・国名は日本語でも英語でも可。
  FN-D0  振る                                   (最初の活動順のダイス、FN 5.0[6])
  FN-D1  なし | 宣戦 | 増強 2 | 移動            (活動中の国の活動を1つ、FN 6.0[3])
  FN-D2  宣戦 オーストリア                      (フランス: 和平中の連合国1国に宣戦、FN 7.0[1])
  FN-D4  移動 2 フランス-ライン連邦-プロイセン  (隣接エリアをたどる移動、FN 9.1。連合軍は1エリア)
         海上消耗後に停止                        (海上消耗のダイスの後で止め、残りを改めて移動、FN-A12)
  FN-D5  戦闘順 ライン連邦、イタリア            (戦闘の順番、FN 9.2[5])
  FN-D6  配分 プロイセン 2、オーストリア 1      (戦闘中エリアのフランス軍ダイス、FN 9.21[1])
         配分 ライン連邦: プロイセン 2、オーストリア 1 (フランス自身の移動/戦闘で事前に)
  FN-D7  不参加 ライン連邦: ロシア              (攻撃に加わらない交戦中の連合国、FN-A16)
  FN-D3  配置 3                                 (フランス降伏後の増強、FN 9.33[1])
  先の国 オーストリア: 増強 2                   (今ターンこの後に活動する自国。使えなければ改めて尋ねる)
         オーストリア: 条件 フランス軍 ライン連邦 (その条件: 交戦中 / 和平中 / フランス軍 エリア / フランス軍なし エリア)
  常備   優先 プロイセン、オーストリア、ロシア  (フランスのダイス配分の優先順、全戦闘で使用)
         常備配分 ライン連邦: プロイセン 2      (フランスの常備のエリア別配分、優先順より先)
         降伏後増強 3                           (FN 9.33[1] への常備の答え)
         国ごとに確認 はい                      (事前命令があっても各国の前で止める)
         攻撃不参加 プロイセン                  (D7: 他国の攻撃に自国を加えない、FN-A16)
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了 (以降を読まない)。モデレーター: APPROVE または 承認、REJECT または 却下 <理由>。`,
};
