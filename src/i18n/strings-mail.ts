/**
 * The words of every mail and notice, in English and Japanese: part of the one message catalogue the pages use
 * (merged into src/web/strings.ts), kept here so that the mail composers and the services, which import nothing of
 * the web layer, read them from the same place. This file holds the words of order-mail replies and gathers the
 * other parts (strings-mail-*.ts for the mails, strings-notice-*.ts for the notices the services write).
 * `mailText(locale, key, params)` fills `{name}` placeholders.
 */
import type { Locale } from './index.ts';
import { actionEn, actionJa } from './strings-mail-action.ts';
import { commandsEn, commandsJa } from './strings-mail-commands.ts';
import { noticesEn, noticesJa } from './strings-mail-notices.ts';
import { rejectionEn, rejectionJa } from './strings-notice-rejection.ts';
import { deadlinesEn, deadlinesJa } from './strings-notice-deadlines.ts';
import { rulesEn, rulesJa } from './strings-notice-rules.ts';
import { vacationsEn, vacationsJa } from './strings-notice-vacations.ts';
import { practiceMailEn, practiceMailJa } from './strings-mail-practice.ts';
import { botEn, botJa } from './strings-notice-bot.ts';
import { partsEn, partsJa } from './strings-mail-parts.ts';
import { renderEn, renderJa } from './strings-mail-render.ts';
import { resultEn, resultJa } from './strings-mail-result.ts';
import { welcomeEn, welcomeJa } from './strings-mail-welcome.ts';

const replyEn = {
  'mail.ack.one': 'Orders in: these replace any you sent earlier for this step.',
  'mail.ack.several': 'Orders in: for each seat named above, these replace any you sent earlier for this step.',
  'mail.next.heading': 'What happens next',
  'mail.next.waiting': 'Your orders are in; waiting for {who}.',
  'mail.next.review':
    "Every owed order is in and the step has been resolved; it is waiting for the moderator's review. Its result is mailed once the moderator approves it.",
  'mail.next.resolved':
    'Resolved: every owed order was in. The result comes in its own mail of this thread, with the orders it asks for.',
  'mail.template.open':
    'Lines starting with # are choices left open (as they are, they change nothing): remove the # from those you want and edit the value.',
  'mail.help.copyOpen': 'Copy these lines into your reply.',
  'mail.help.defaults': 'The defaults are filled in: edit them and send them back.',
  'mail.help.now': 'Your orders now, in this syntax',
  'mail.help.syntax': 'Order syntax',
  'mail.help.choices': 'Your choices now (keys as JSON orders use them)',
  'mail.reject.one': 'REJECTED: nothing was stored; correct the errors and send the whole set again.',
  'mail.reject.several': 'REJECTED: nothing was stored, for any seat; correct the errors and send the whole set again.',
  'mail.reply.understood': 'Your orders as understood',
  'mail.reply.noneRead': '(no orders read)',
  'mail.reply.seat': 'seat {seat}',
  'mail.reply.line': 'line {n}',
  'mail.reply.more': '… and {n} more, not listed',
  'mail.reply.errors': 'Errors ({n})',
  'mail.reply.notRead': 'Lines not read as orders',
  'mail.reply.subject': 'Your orders',
  'mail.reply.seatHeading': 'Seat {seat}',
  'mail.status.heading': 'Status at step {n} ({status})',
  'mail.status.orders': 'Your current orders',
} as const;

const replyJa: Record<keyof typeof replyEn, string> = {
  'mail.ack.one': '命令を受け付けました: このステップで以前に送った命令はこれで置き換えられます。',
  'mail.ack.several':
    '命令を受け付けました: 上の各席について、このステップで以前に送った命令はこれで置き換えられます。',
  'mail.next.heading': 'この後',
  'mail.next.waiting': 'あなたの命令は受け付け済みです。{who}の命令を待っています。',
  'mail.next.review':
    '必要な命令がすべて揃い、ステップを処理しました。現在モデレーターの確認待ちです。承認されると結果をメールで送ります。',
  'mail.next.resolved':
    '処理済み: 必要な命令がすべて揃いました。結果とその後の命令の依頼は、このスレッドの別のメールで届きます。',
  'mail.template.open':
    '# で始まる行は未決定の選択肢です (このままでは何も変わりません)。使う行の # を消し、値を書き換えてください。',
  'mail.help.copyOpen': 'この行を返信にコピーしてください。',
  'mail.help.defaults': '既定の命令が入っています。書き換えて送り返してください。',
  'mail.help.now': '今の命令 (この書き方で)',
  'mail.help.syntax': '命令の書き方',
  'mail.help.choices': '現在の選択肢 (キーは JSON の命令用)',
  'mail.reject.one': '却下: 何も保存されていません。誤りを直して全体を送り直してください。',
  'mail.reject.several': '却下: どの席についても何も保存されていません。誤りを直して全体を送り直してください。',
  'mail.reply.understood': '受け付けた命令の解釈',
  'mail.reply.noneRead': '(命令は読み取れませんでした)',
  'mail.reply.seat': '席 {seat}',
  'mail.reply.line': '{n} 行目',
  'mail.reply.more': '… ほか {n} 件（省略）',
  'mail.reply.errors': '誤り ({n} 件)',
  'mail.reply.notRead': '命令として読まなかった行',
  'mail.reply.subject': '命令の受付',
  'mail.reply.seatHeading': '席 {seat}',
  'mail.status.heading': 'ステップ {n} の状況 ({status})',
  'mail.status.orders': '現在の命令',
};

/** Every word of the mail part of the catalogue, in English. */
export const mailStringsEn = {
  ...replyEn,
  ...welcomeEn,
  ...resultEn,
  ...partsEn,
  ...actionEn,
  ...renderEn,
  ...commandsEn,
  ...noticesEn,
  ...rejectionEn,
  ...deadlinesEn,
  ...rulesEn,
  ...vacationsEn,
  ...practiceMailEn,
  ...botEn,
} as const;

/** Every word of the mail part of the catalogue, in Japanese. */
export const mailStringsJa: Record<keyof typeof mailStringsEn, string> = {
  ...replyJa,
  ...welcomeJa,
  ...resultJa,
  ...partsJa,
  ...actionJa,
  ...renderJa,
  ...commandsJa,
  ...noticesJa,
  ...rejectionJa,
  ...deadlinesJa,
  ...rulesJa,
  ...vacationsJa,
  ...practiceMailJa,
  ...botJa,
};

/** A key of the mail part of the catalogue. */
export type MailStringKey = keyof typeof mailStringsEn;

const tables: Record<Locale, Record<MailStringKey, string>> = { en: mailStringsEn, ja: mailStringsJa };

/** The mail string `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function mailText(locale: Locale, key: MailStringKey, params: Record<string, string | number> = {}): string {
  return tables[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** The mail string `key` in English, then in Japanese (for a reader whose language is not known). */
export function mailTexts(key: MailStringKey, params: Record<string, string | number> = {}): [string, string] {
  return [mailText('en', key, params), mailText('ja', key, params)];
}

/** The mail string `key` in both languages, as a text stored for readers of either. */
export function mailWords(
  key: MailStringKey,
  params: Record<string, string | number> = {},
): { en: string; ja: string } {
  return { en: mailText('en', key, params), ja: mailText('ja', key, params) };
}
