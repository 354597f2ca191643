/**
 * The words of order-mail replies and reply templates, in English and Japanese: part of the one message catalogue
 * the pages use (merged into src/web/strings.ts), kept here so that the mail composers, which import nothing of the
 * web layer, read them from the same place. `mailText(locale, key, params)` fills `{name}` placeholders.
 */
import type { Locale } from './index.ts';

export const mailStringsEn = {
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
} as const;

export const mailStringsJa: Record<keyof typeof mailStringsEn, string> = {
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
};

/** A key of the mail part of the catalogue. */
export type MailStringKey = keyof typeof mailStringsEn;

const tables: Record<Locale, Record<MailStringKey, string>> = { en: mailStringsEn, ja: mailStringsJa };

/** The mail string `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function mailText(locale: Locale, key: MailStringKey, params: Record<string, string | number> = {}): string {
  return tables[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
