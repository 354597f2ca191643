/**
 * The Japanese (and a plain English) text of every error code the service answers with, so that every error body
 * carries `messages: { en, ja }` beside its English `message`. Codes are stable; a message may be more specific
 * than this text (it names the field or the number), and then the English of `messages` is that message.
 */
import type { Text } from '../engine/types.ts';

/** The text of each error code (docs/api.md lists them with their status). */
export const ERROR_TEXT: Readonly<Record<string, Text>> = {
  'request/invalid': { en: 'the request does not match the schema', ja: 'リクエストの内容が仕様に合いません' },
  'request/bad-json': { en: 'the body is not valid JSON', ja: '本文が正しいJSONではありません' },
  'request/empty-body': { en: 'the body is empty', ja: '本文が空です' },
  'request/bad-length': { en: 'the Content-Length header is wrong', ja: 'Content-Length ヘッダーが正しくありません' },
  'request/bad-url': { en: 'the URL is not valid', ja: 'URLが正しくありません' },
  'request/nul-character': {
    en: 'a NUL character (U+0000) is not accepted in any field',
    ja: 'NUL文字（U+0000）はどの項目にも使えません',
  },
  'request/lone-surrogate': {
    en: 'a lone surrogate (half of a UTF-16 pair, not a character) is not accepted in any field',
    ja: '対になっていないサロゲート（文字ではないUTF-16の片割れ）はどの項目にも使えません',
  },
  'request/repeated-parameter': {
    en: 'a query parameter is given more than once',
    ja: 'クエリのパラメータが複数回指定されています',
  },
  'request/too-deep': { en: 'the JSON body is nested too deeply', ja: 'JSON本文の入れ子が深すぎます' },
  'request/too-many-values': { en: 'the JSON body holds too many values', ja: 'JSON本文の値が多すぎます' },
  'request/too-large': { en: 'the body is too large', ja: '本文が大きすぎます' },
  'request/unsupported-media-type': {
    en: 'this Content-Type is not accepted',
    ja: 'この Content-Type は受け付けていません',
  },
  'request/rate-limited': {
    en: 'too many requests: wait a little',
    ja: 'リクエストが多すぎます。しばらく待ってから送ってください',
  },
  'service/database-unavailable': {
    en: 'the database is unavailable for a moment: try again in a few seconds',
    ja: 'データベースに一時的に接続できません。数秒後にもう一度お試しください。',
  },
  'route/not-found': { en: 'no such route', ja: 'そのURLはありません' },
  'auth/unauthorized': { en: 'a valid token is required', ja: '有効なトークンが必要です' },
  'auth/moderator-only': {
    en: 'only the moderator of this game may do this',
    ja: 'このゲームのモデレーターだけが行える操作です',
  },
  'auth/seat-only': {
    en: 'only a seat of this game may do this',
    ja: 'このゲームの席（プレイヤー）だけが行える操作です',
  },
  'auth/not-your-seat': {
    en: 'this token does not act for that seat',
    ja: 'このトークンではその席の操作はできません',
  },
  'game/not-found': { en: 'game not found', ja: 'ゲームが見つかりません' },
  'rules/blocked': {
    en: 'the rules upgrade cannot be applied to this game now',
    ja: 'このゲームには今ルールの更新を適用できません',
  },
  'rules/current': { en: 'the game already runs under these rules', ja: 'このゲームはすでにこのルールで進行中です' },
  'rules/replay-refused': {
    en: 'a recorded step cannot be replayed under the new rules',
    ja: '記録された手番を新しいルールで再現できません',
  },
  'rules/would-end': {
    en: 'under the new rules the game would already be over: not applied',
    ja: '新しいルールではゲームがすでに終わってしまうため、適用しません',
  },
  'rules/orders-invalid': {
    en: 'orders already sent are not legal under the new rules',
    ja: '提出済みの命令が新しいルールでは正しくありません',
  },
  'game/unknown-game': { en: 'no such game', ja: 'そのゲームはありません' },
  'game/unknown-mode': { en: 'the game has no such mode', ja: 'そのゲームにその遊び方（モード）はありません' },
  'game/seats': {
    en: "the seats must be exactly the game's sides",
    ja: '席はゲームの陣営とちょうど同じにしてください',
  },
  'game/setup': { en: 'the options or data set are invalid', ja: 'オプションまたはデータセットが正しくありません' },
  'game/finished': { en: 'the game is over', ja: 'ゲームは終了しています' },
  'game/paused': { en: 'the game is paused by its moderator', ja: 'ゲームはモデレーターにより一時停止中です' },
  'game/not-paused': { en: 'the game is not paused', ja: 'ゲームは一時停止していません' },
  'game/no-step': { en: 'a step of the game is missing', ja: 'ゲームのステップが見つかりません（内部エラー）' },
  'game/no-seat': { en: 'a seat of the game is missing', ja: 'ゲームの席が見つかりません（内部エラー）' },
  'deadlines/invalid': { en: 'the deadline settings are invalid', ja: '締切の設定が正しくありません' },
  'step/not-found': { en: 'step not found', ja: 'ステップが見つかりません' },
  'step/not-open': { en: 'the step does not take orders now', ja: 'このステップは現在命令を受け付けていません' },
  'step/changed': {
    en: 'the step resolved while these orders were on their way',
    ja: '命令の到着前にステップが解決されました。ゲームを読み直してください',
  },
  'step/not-current': { en: 'this is not the current step', ja: '現在のステップではありません' },
  'step/not-awaiting-review': { en: 'the step is not awaiting review', ja: 'このステップは確認待ちではありません' },
  'step/bad-owed': {
    en: "a stored step's owed points are malformed",
    ja: '保存されたステップの命令待ち情報が壊れています',
  },
  'seat/not-found': { en: 'seat not found', ja: '席が見つかりません' },
  'seat/same-holder': { en: 'the seat is held by that player already', ja: 'その席はすでにそのプレイヤーのものです' },
  'seat/bot': {
    en: 'the computer player plays this seat: take it back first (RECLAIM)',
    ja: 'この席はコンピューターが担当しています。先に席を取り戻してください（メールでは「取り戻す」）',
  },
  'seat/bot-already': {
    en: 'the computer player plays this seat already',
    ja: 'この席はすでにコンピューターが担当しています',
  },
  'seat/not-bot': {
    en: 'the computer player does not play this seat',
    ja: 'この席はコンピューターの担当ではありません',
  },
  'seat/no-player': {
    en: 'this seat has no player to give it back to: give it to a new holder',
    ja: 'この席には戻す相手のプレイヤーがいません。新しい担当者に渡してください',
  },
  'seat/replaced': {
    en: 'a replacement holds the seat now: it can no longer be taken back',
    ja: '代わりのプレイヤーがすでに席に就いたため、取り戻せません',
  },
  'seat/none': { en: 'no seat to take back', ja: '取り戻せる席はありません' },
  'orders/invalid': { en: 'the orders have problems', ja: '命令に問題があります' },
  'deadline/none': { en: 'the step has no deadline', ja: 'このステップには締切がありません' },
  'deadline/in-past': { en: 'the new deadline is in the past', ja: '新しい締切が過去の時刻です' },
  'deadline/amount': { en: 'give a non-zero whole number of seconds', ja: '0以外の整数の秒数を指定してください' },
  'absence/order': { en: 'the absence must end after it starts', ja: '不在の終わりは始まりより後にしてください' },
  'absence/past': { en: 'the absence is already over', ja: 'その不在はすでに終わっています' },
  'absence/too-long': { en: 'the absence is too long', ja: '不在の期間が長すぎます' },
  'absence/limit': { en: 'no more absences are allowed for this seat', ja: 'この席はこれ以上不在を申告できません' },
  'absence/not-found': { en: 'absence not found', ja: '不在の申告が見つかりません' },
  'absence/over': { en: 'the absence is over: it stays on record', ja: 'その不在は終わっているため記録に残ります' },
  'vacation/date': {
    en: 'give two days of the calendar, as 2026-12-20',
    ja: '暦にある日付を2つ、2026-12-20 の形で書いてください',
  },
  'vacation/order': {
    en: 'the vacation must end on or after the day it starts',
    ja: '休暇の最終日は初日以降にしてください',
  },
  'vacation/past': { en: 'the vacation is already over', ja: 'その休暇はすでに終わっています' },
  'vacation/too-long': { en: 'the vacation is too long', ja: '休暇の期間が長すぎます' },
  'vacation/not-found': { en: 'vacation not found', ja: '休暇の申告が見つかりません' },
  'vacation/over': {
    en: 'the vacation is over or withdrawn: it stays on record',
    ja: 'その休暇は終わったか取り消し済みのため記録に残ります',
  },
  'person/not-found': { en: 'player not found', ja: 'プレイヤーが見つかりません' },
  'practice/game': { en: 'no such game', ja: 'そのゲームはありません' },
  'practice/mode': { en: 'the game has no such mode', ja: 'そのゲームにその遊び方はありません' },
  'practice/side': { en: 'the game has no such side in this mode', ja: 'この遊び方にその陣営はありません' },
  'practice/too-many': {
    en: 'too many practice requests for this address: try again in an hour',
    ja: 'このアドレスからの練習ゲームの申し込みが多すぎます。1時間後にもう一度お試しください',
  },
  'webhook/url': { en: 'the webhook URL is refused', ja: 'そのWebhookのURLは使えません' },
  'webhook/events': { en: 'unknown webhook events', ja: 'Webhookのイベント名が正しくありません' },
  'webhook/limit': { en: 'too many webhooks for this game', ja: 'このゲームのWebhookが多すぎます' },
  'webhook/not-found': { en: 'webhook not found', ja: 'Webhookが見つかりません' },
  'mail/inbound-off': { en: 'the inbound mail endpoint is not enabled', ja: 'メール受信の窓口は有効になっていません' },
  'mail/unauthorized': { en: 'a valid inbound webhook token is required', ja: '有効な受信用トークンが必要です' },
  'mail/no-message': { en: 'no message in the request', ja: 'リクエストにメールがありません' },
  'mail/too-large': { en: 'the message is too large', ja: 'メールが大きすぎます' },
  'mail/not-found': { en: 'no such message', ja: 'そのメールはありません' },
  'engine/refused': {
    en: 'the engine refused the stored orders',
    ja: '保存済みの命令をエンジンが受け付けませんでした（内部エラー）',
  },
  internal: {
    en: 'internal error: quote the request id when reporting it',
    ja: '内部エラーです。報告の際はリクエストIDを添えてください',
  },
};

/** The text of a code; an unlisted code (none should be) gets a generic text that still names it. */
export function errorText(code: string): Text {
  return ERROR_TEXT[code] ?? { en: `error ${code}`, ja: `エラー（${code}）` };
}
