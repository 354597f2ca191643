/** The keywords of the Grand Fleet order text, English and Japanese (any case, full-width digits accepted). */
import type { Locale } from '../../../i18n/index.ts';

/** Keyword sets: the first entry of each language is the one written back. */
export const WORDS = {
  reinforce: { en: ['reinforce'], ja: ['増強'] },
  commit: { en: ['commit'], ja: ['投入'] },
  stopIf: { en: ['stopif'], ja: ['停止'] },
  redistribute: { en: ['redistribute'], ja: ['再配置'] },
  withdraw: { en: ['withdraw'], ja: ['転出'] },
  box: { en: ['box'], ja: ['転出先'] },
  usw: { en: ['usw'], ja: ['無制限潜水艦戦'] },
  occur: { en: ['occur'], ja: ['発生'] },
  decline: { en: ['decline'], ja: ['拒否', '見送り'] },
  dice: { en: ['dice'], ja: ['ダイス'] },
  battle: { en: ['battle'], ja: ['決戦'] },
  accept: { en: ['accept'], ja: ['受諾'] },
  fleet: { en: ['fleet'], ja: ['艦隊'] },
  faceUp: { en: ['faceup'], ja: ['表向き'] },
  place: { en: ['place'], ja: ['配置'] },
  down: { en: ['down'], ja: ['裏'] },
  intercept: { en: ['intercept'], ja: ['迎撃'] },
  pass: { en: ['pass'], ja: ['パス'] },
  initiative: { en: ['initiative'], ja: ['主導権'] },
  half: { en: ['half'], ja: ['半砲撃'] },
  full: { en: ['full'], ja: ['通常'] },
  excess: { en: ['excess'], ja: ['過剰'] },
  situations: { en: ['situations'], ja: ['戦闘状況'] },
  fire: { en: ['fire'], ja: ['砲撃'] },
  continue: { en: ['continue'], ja: ['継続'] },
  ifOffensive: { en: ['ifoffensive'], ja: ['攻勢なら'] },
  ifIntercepting: { en: ['ifintercepting'], ja: ['迎撃なら'] },
  standing: { en: ['standing'], ja: ['常備'] },
  ifContinue: { en: ['ifcontinue'], ja: ['継続なら'] },
  ifStop: { en: ['ifstop'], ja: ['中止なら'] },
  at: { en: ['at'], ja: ['戦闘ヘクス'] },
  yes: { en: ['yes'], ja: ['はい'] },
  no: { en: ['no', 'none'], ja: ['いいえ', 'なし'] },
} as const satisfies Record<string, Record<Locale, readonly string[]>>;

export type Word = keyof typeof WORDS;

/** The situations S(a)-S(d) by keyword. */
export const SITUATION_WORDS = {
  continue: { en: 'continue', ja: '継続' },
  cancelHalf: { en: 'cancelhalf', ja: '半砲撃取消' },
  enemyHalf: { en: 'enemyhalf', ja: '敵半砲撃' },
  long: { en: 'long', ja: '遠距離' },
  short: { en: 'short', ja: '近距離' },
} as const;

/** The keyword written for a word in a language. */
export const kw = (w: Word, l: Locale): string => {
  const word = WORDS[w][l][0];
  return l === 'en' ? word.toUpperCase() : word;
};

/** Whether a (name-keyed) token is the word, in either language. */
export const isWord = (token: string, w: Word): boolean =>
  (WORDS[w].en as readonly string[]).includes(token) || (WORDS[w].ja as readonly string[]).includes(token);

/** HELP: one example per decision point. */
export const SYNTAX: Record<Locale, string> = {
  en: `One order per line, keywords in any case; ships by id (GB01) or name (Iron Duke), hexes by number (707) or name.
  GF-D2   REINFORCE GB42 -> 3              (DDbox box 0-6 for an arriving British ship; left out: the engine's box)
  GF-D3/4 COMMIT 2                         (0, 1 or 2 commitment dice; COMMIT 2 STOPIF 1, 2: no second die after a 1 or 2)
          REDISTRIBUTE GB23 -> 4           (before the roll; Britain must leave as few numbered boxes empty as it can)
  GF-D5/6 WITHDRAW NO  |  WITHDRAW GB34, GB35, ...  (exactly min(6, fleet box) ships, in order)  and  BOX GB34 -> 2
  GF-D7   USW OCCUR  |  USW DECLINE
  GF-D8   DICE 2                           (sealed; add IFOFFENSIVE BATTLE YES, IFINTERCEPTING ACCEPT NO as standing orders)
  GF-D9   BATTLE YES       GF-D10  ACCEPT NO
  GF-D11  FLEET 1: GB01, GB02, GB03        (one line per fleet; FLEET 0: ... sends British surplus to the DDbox)
  GF-D12  FACEUP 5                         (fast fleets shuffled face up)
  GF-D13  PLACE DOWN -> 101  |  PLACE 5 -> 707   (a face-down marker drawn by the server, or face-up fast fleet 5)
  GF-D14  INTERCEPT 305 -> 304  |  PASS
  GF-D15  INITIATIVE HALF EXCESS 1  |  INITIATIVE FULL EXCESS 0
  GF-D16  SITUATIONS CONTINUE, SHORT       (also CANCELHALF, ENEMYHALF, LONG)
  GF-D17  FIRE DE01 4, DE05 3  |  FIRE NONE
  GF-D18  CONTINUE YES
  GF-AD1  AT 404: INITIATIVE HALF EXCESS 1   (option combatHexes parallel: any GF-D15..D18 line, per hex)
  any     STANDING USW DECLINE             (answers a later "Choice" result)
  battle  STANDING PLACE DOWN -> 404       (a placement sequence for GF-D13, one line per marker, used in turn)
          STANDING INTERCEPT 404 -> 405    (GF-D14 candidates, the first legal one made; STANDING INTERCEPT PASS: else pass)
          IFCONTINUE CONTINUE YES, IFSTOP CONTINUE NO   (intercepting side's GF-D18 by the offensive side's answer)
Commands: HELP, STATUS, SIGNON <password>, END; JSON orders are accepted too.`,
  ja: `1行に1命令。艦はID（GB01）か艦名（アイアン・デューク）、ヘクスは番号（707）か名前。
  GF-D2   増強 GB42 -> 3                   （到着したイギリス艦のDDbox番号0〜6。省略: エンジンが決める）
  GF-D3/4 投入 2                           （投入ダイス0〜2個。投入 2 停止 1, 2: 1か2なら2個目を振らない）
          再配置 GB23 -> 4                  （振る前に。イギリスは空き番号ボックスを最少に）
  GF-D5/6 転出 なし  |  転出 GB34, GB35, ...  (ちょうど min(6, 艦隊ボックス) 隻を優先順に)  と  転出先 GB34 -> 2
  GF-D7   無制限潜水艦戦 発生  |  無制限潜水艦戦 拒否
  GF-D8   ダイス 2                         （封印。常備命令: 攻勢なら 決戦 はい、迎撃なら 受諾 いいえ）
  GF-D9   決戦 はい        GF-D10  受諾 いいえ
  GF-D11  艦隊 1: GB01, GB02, GB03         （1行に1艦隊。艦隊 0: ... はイギリスの超過艦をDDboxへ）
  GF-D12  表向き 5                         （表向きで混ぜる高速艦隊）
  GF-D13  配置 裏 -> 101  |  配置 5 -> 707   （サーバーが引く裏向きマーカー、または表向きの高速第5艦隊）
  GF-D14  迎撃 305 -> 304  |  パス
  GF-D15  主導権 半砲撃 過剰 1  |  主導権 通常 過剰 0
  GF-D16  戦闘状況 継続, 近距離                （ほかに 半砲撃取消、敵半砲撃、遠距離）
  GF-D17  砲撃 DE01 4, DE05 3  |  砲撃 なし
  GF-D18  継続 はい
  GF-AD1  戦闘ヘクス 404: 主導権 半砲撃 過剰 1   （オプション combatHexes parallel: GF-D15〜D18 の各行をヘクスごとに）
  いつでも 常備 無制限潜水艦戦 拒否          （後の「選択」結果に答える）
  決戦中  常備 配置 裏 -> 404               （GF-D13 の配置予定。1行に1個、順に使う）
          常備 迎撃 404 -> 405              （GF-D14 の候補。最初の可能なものを実行。常備 迎撃 パス: なければパス）
          継続なら 継続 はい、中止なら 継続 いいえ    （攻勢側の回答に応じた迎撃側の GF-D18）
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了。JSON の命令も使えます。`,
};

/** The keyword of each answer field and standing order, to name it in a message as players write it. */
const FIELD_WORDS: Record<string, readonly Word[]> = {
  reinforce: ['reinforce'],
  commit: ['commit'],
  withdraw: ['withdraw'],
  usw: ['usw'],
  dice: ['dice'],
  battle: ['battle'],
  accept: ['accept'],
  organise: ['fleet'],
  faceUp: ['faceUp'],
  place: ['place'],
  intercept: ['intercept'],
  initiative: ['initiative'],
  situations: ['situations'],
  fire: ['fire'],
  continue: ['continue'],
  hexes: ['at'],
  ifOffensive: ['ifOffensive', 'battle'],
  ifIntercepting: ['ifIntercepting', 'accept'],
  ifContinue: ['ifContinue', 'continue'],
  ifStop: ['ifStop', 'continue'],
  placements: ['standing', 'place'],
  intercepts: ['standing', 'intercept'],
};

/** An orders field as the order text writes it (`FLEET`, `艦隊`; `STANDING PLACE`), the field itself if unknown. */
export const fieldWord = (field: string, l: Locale): string =>
  FIELD_WORDS[field]?.map((w) => kw(w, l)).join(' ') ?? field;
