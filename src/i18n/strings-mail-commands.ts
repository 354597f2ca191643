/**
 * The words of the answers to the commands of an order mail (HELP and STATUS seat by seat, the moderator's APPROVE
 * and REJECT), to a mail with nothing in it, and to a repeated mail, in English and Japanese: part of the mail
 * catalogue (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const commandsEn = {
  'mail.seat.choices': 'Seat {seat}: choices now',
  'mail.seat.status': 'Seat {seat}: status',
  'mail.command.moderatorOnly': '{what} is for the moderator only.',
  'mail.command.failed':
    '{what} could not be carried out: an error on the server, which is logged. Send it again later, or write to the moderator.',
  'mail.command.approvedAlready':
    'APPROVE: step {step} published (this mail approved it already; nothing was done twice).',
  'mail.command.rejectedAlready':
    'REJECT: step {step} sent back ({reason}) by this mail already; nothing was done twice. It resolves again once {who} confirmed or revised, or at {by}.',
  'mail.moderator.byConsole': 'Moderators amend orders on the moderator console, not by mail.',
  'mail.nothingRead': 'No orders or commands were found in your mail. Send HELP for the syntax.',
  'mail.attachmentsNotRead': 'Attachments are not read: write the orders in the mail text.',
  'mail.repeat.refused': 'refused (see the answer it got)',
  'mail.repeat.accepted': 'processed: its orders were accepted',
  'mail.repeat.rejected': 'processed: its orders were refused',
  'mail.repeat.answered': 'processed and answered',
  'mail.repeat.text':
    'This mail is a duplicate: it repeats, byte for byte, the mail received at {when}, which was {fate}. It was not processed again: nothing was stored or done twice. To send the same orders again on purpose (for example to confirm them), change anything in the mail, such as its subject.',
  'mail.repeat.textAbout':
    'This mail is a duplicate: it repeats, byte for byte, the mail received at {when} ("{subject}"), which was {fate}. It was not processed again: nothing was stored or done twice. To send the same orders again on purpose (for example to confirm them), change anything in the mail, such as its subject.',
  'mail.repeat.subject': 'Duplicate mail',
} as const;

export const commandsJa: Record<keyof typeof commandsEn, string> = {
  'mail.seat.choices': '席 {seat}: 現在の選択肢',
  'mail.seat.status': '席 {seat}: 状況',
  'mail.command.moderatorOnly': '{what} はモデレーター専用です。',
  'mail.command.failed':
    '{what} はサーバー側のエラーで実行できませんでした (エラーは記録されています)。しばらくしてからもう一度送るか、モデレーターに連絡してください。',
  'mail.command.approvedAlready':
    'APPROVE: ステップ {step} は公開済みです（このメールで承認済み。二重には処理していません）。',
  'mail.command.rejectedAlready':
    'REJECT: ステップ {step} はこのメールで差し戻し済みです（{reason}）。二重には処理していません。{who} の確認または修正後、遅くとも {by} に再び解決されます。',
  'mail.moderator.byConsole': 'モデレーターの命令修正はメールではなくモデレーター画面で行ってください。',
  'mail.nothingRead': 'メールに命令もコマンドも見つかりませんでした。書き方は HELP で確認できます。',
  'mail.attachmentsNotRead': '添付ファイルは読みません。命令は本文に書いてください。',
  'mail.repeat.refused': '受け付けられませんでした (その返信を参照)',
  'mail.repeat.accepted': '処理済み: 命令は受け付けられました',
  'mail.repeat.rejected': '処理済み: 命令は却下されました',
  'mail.repeat.answered': '処理して返信しました',
  'mail.repeat.text':
    'このメールは重複です。{when} に受信したメールと同一の内容で、そのメールは{fate}。もう一度は処理していません (何も二重に保存・実行していません)。同じ命令を意図して再送する場合 (確認のためなど) は、件名などメールのどこかを変えて送ってください。',
  'mail.repeat.textAbout':
    'このメールは重複です。{when} に受信したメール「{subject}」と同一の内容で、そのメールは{fate}。もう一度は処理していません (何も二重に保存・実行していません)。同じ命令を意図して再送する場合 (確認のためなど) は、件名などメールのどこかを変えて送ってください。',
  'mail.repeat.subject': '重複したメール',
};
