/**
 * The words of a player's mail setting (its page's form, the one-click unsubscribe's confirmation page), in
 * English and Japanese. Merged into the one page catalogue of src/web/strings.ts.
 */

export const mailPrefsEn = {
  'mail.title': 'Mail',
  'mail.intro':
    'How much mail do you want from this game? Mails asking for your orders, deadline notices and the final result always come.',
  'mail.every_step': 'Every step',
  'mail.must_move': 'Only when I must move',
  'mail.digest': 'Only when I must move, and a daily digest of the rest (7:00 your time)',
  'mail.save': 'Save mail setting',
  'mail.saved': 'Your mail setting is saved.',
  'mail.invalid': 'Choose one of the mail settings.',
  'unsubscribe.title': 'Fewer mails from {game}',
  'unsubscribe.ask':
    'Get mail from this game only when you must move? Mails asking for your orders, deadline notices and the final result still come, so you never miss your turn. You can change this on your page.',
  'unsubscribe.confirm': 'Only when I must move',
  'unsubscribe.done':
    'Done: you now get mail from {game} only when you must move (and its deadline notices and final result). You can change this on your page.',
  'unsubscribe.unknown':
    'This unsubscribe link is not known. The mail you followed it from may belong to another address.',
};

export const mailPrefsJa: Record<keyof typeof mailPrefsEn, string> = {
  'mail.title': 'メール',
  'mail.intro':
    'このゲームからのメールをどのくらい受け取りますか。命令を求めるメール、締切の通知、最終結果は常に届きます。',
  'mail.every_step': '毎ステップ',
  'mail.must_move': '自分の番のときだけ',
  'mail.digest': '自分の番のときだけ、その他は1日1回のまとめ (あなたの時刻で 7:00)',
  'mail.save': 'メール設定を保存',
  'mail.saved': 'メール設定を保存しました。',
  'mail.invalid': 'メール設定を1つ選んでください。',
  'unsubscribe.title': '{game} からのメールを減らす',
  'unsubscribe.ask':
    'このゲームからのメールを、自分の番のときだけにしますか。命令を求めるメール、締切の通知、最終結果は引き続き届くので、手番を逃すことはありません。あなたのページでいつでも変更できます。',
  'unsubscribe.confirm': '自分の番のときだけにする',
  'unsubscribe.done':
    '設定しました: {game} からのメールは自分の番のとき (と締切の通知、最終結果) だけ届きます。あなたのページで変更できます。',
  'unsubscribe.unknown': 'この配信停止リンクは無効です。別のアドレス宛てのメールのリンクかもしれません。',
};
