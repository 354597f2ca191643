/**
 * The words of what a mail asks of its reader (its "your move" subject, the reply template) and of the mails that
 * belong to no seat (refusals, the moderator's delivery notices), in English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const actionEn = {
  'mail.move.by': 'Your move by {by}{what}',
  'mail.move': 'Your move{what}',
  'mail.template.how':
    'Copy these lines into your reply, change what you want, and send it (they are the default orders: sent as they are, they are your orders):',
  'mail.template.tap': 'Reply with these orders',
  'mail.template.heading': 'Your reply',
  'mail.refusal.unauthenticated':
    'This mail could not be matched to a seat. Reply to a mail you received from the game, or start your mail with a line "SIGNON <your seat password>".',
  'mail.refusal.tooLarge':
    'This mail is too large (the limit is {kb} KB) and was not read. Send the orders as plain text, without attachments.',
  'mail.refusal.unreadable': 'This mail could not be read. Send the orders as plain text.',
  'mail.refusal.gaveUp':
    "We are sorry: this mail could not be read. Processing it failed several times, so it was set aside and nothing in it was carried out. Please send it again as plain text, without attachments. The game's moderator has been told.",
  'mail.refusal.subject': 'Your mail',
  'mail.deliveryFailed.text':
    'A mail of game "{game}" could not be delivered and will not be retried.\nTo: {to}\nSubject: {subject}\nError: {error}\n',
  'mail.deliveryFailed.subject': 'Undeliverable mail',
  'mail.givenUp.text':
    'A mail to game "{game}" could not be processed ({attempts} attempts) and was set aside: nothing in it was carried out. Its sender was told to send it again.\nFrom: {from}\nSubject: {subject}\nReceived: {when}\n',
  'mail.givenUp.subject': 'Mail set aside unread',
  'mail.moderator.noCommand':
    'No command was found in your mail. Moderator commands: APPROVE, REJECT <reason>, STATUS.',
  'mail.moderator.console': 'Moderator console',
} as const;

export const actionJa: Record<keyof typeof actionEn, string> = {
  'mail.move.by': 'あなたの番 ({by}まで){what}',
  'mail.move': 'あなたの番{what}',
  'mail.template.how':
    '次の行を返信にコピーし、必要なところを書き換えて送ってください (既定の命令が入っています。このまま送ればこれがあなたの命令になります):',
  'mail.template.tap': 'この命令で返信する',
  'mail.template.heading': 'あなたの返信',
  'mail.refusal.unauthenticated':
    'このメールはどの席のものか確認できませんでした。ゲームから届いたメールに返信するか、1行目に「SIGNON <席のパスワード>」と書いてください。',
  'mail.refusal.tooLarge':
    'このメールは大きすぎるため読んでいません (上限 {kb} KB)。添付ファイルなしのテキストで送ってください。',
  'mail.refusal.unreadable': 'このメールを読み取れませんでした。テキストで送ってください。',
  'mail.refusal.gaveUp':
    '申し訳ありません。このメールを読み取れませんでした。処理が何度も失敗したため保留とし、内容は何も実行していません。添付ファイルなしのテキストでもう一度送ってください。ゲームの進行役にも知らせました。',
  'mail.refusal.subject': 'お送りいただいたメール',
  'mail.deliveryFailed.text':
    'ゲーム「{game}」のメールを配送できませんでした (再送しません)。\n宛先: {to}\n件名: {subject}\nエラー: {error}\n',
  'mail.deliveryFailed.subject': '配送失敗',
  'mail.givenUp.text':
    'ゲーム「{game}」宛てのメールを処理できず ({attempts} 回)、保留にしました。内容は何も実行していません。送信者には再送を依頼しました。\n差出人: {from}\n件名: {subject}\n受信: {when}\n',
  'mail.givenUp.subject': '未処理のメール',
  'mail.moderator.noCommand':
    'メールにコマンドが見つかりませんでした。モデレーターのコマンド: APPROVE、REJECT <理由>、STATUS。',
  'mail.moderator.console': 'モデレーターコンソール',
};
