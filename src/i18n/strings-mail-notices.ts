/**
 * The words of the sign-in link mail, the daily digest, the report of refusals left unanswered, and the moderator's
 * notices (a step awaiting review, a bouncing address), in English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const noticesEn = {
  'mail.signIn.subject': 'Your sign-in link',
  'mail.signIn.body':
    'You (or someone who knows your address) asked for a way back to your page of "{game}". The link at the end of this mail signs you in; it works for {days} days. If you did not ask for it, ignore this mail: nobody else received it.',
  'mail.digest.subjectOne': 'Daily digest: {n} result (step {range})',
  'mail.digest.subjectMany': 'Daily digest: {n} results (steps {range})',
  'mail.digest.intro':
    'The results of the steps that asked nothing of you since your last digest. Mails asking for your orders come at once, as always. To change how much mail you get, open your page.',
  'mail.unanswered.line': 'line {line}: {message} [{code}]',
  'mail.unanswered.head':
    '{n} earlier mail(s) of yours were REJECTED but not answered (hourly reply limit). Nothing was stored from them:',
  'mail.review.subject': 'Step {n} awaits review',
  'mail.review.text': 'The result of step {n} is ready for review: {link}',
  'mail.bounce.suppressed':
    'Mail to {who} bounced again and is no longer sent until the player confirms or changes the address on the game page.\nReason: {reason}\n{link}\n',
  'mail.bounce.bouncing':
    'Mail to {who} bounced. The player is asked on the game page to confirm or change the address.\nReason: {reason}\n{link}\n',
  'mail.bounce.suppressedLabel': 'Mail suppressed',
  'mail.bounce.bouncingLabel': 'Mail bouncing',
} as const;

export const noticesJa: Record<keyof typeof noticesEn, string> = {
  'mail.signIn.subject': 'ログイン用リンク',
  'mail.signIn.body':
    '「{game}」のあなたのページへ戻るリンクの送付を受け付けました。このメールの最後のリンクでログインできます ({days}日間有効)。心当たりがなければこのメールは無視してください。リンクはあなた以外には送られていません。',
  'mail.digest.subjectOne': '日次まとめ: 結果 {n} 件 (ステップ {range})',
  'mail.digest.subjectMany': '日次まとめ: 結果 {n} 件 (ステップ {range})',
  'mail.digest.intro':
    '前回のまとめ以降、あなたに命令を求めなかったステップの結果です。命令が必要なメールは従来どおりすぐ届きます。受け取るメールの量はあなたのページで変更できます。',
  'mail.unanswered.line': '{line} 行: {message} [{code}]',
  'mail.unanswered.head':
    '以前のメール {n} 通は却下されましたが、1 時間あたりの返信上限のため返信していませんでした。何も保存されていません:',
  'mail.review.subject': 'ステップ {n} 承認待ち',
  'mail.review.text': 'ステップ {n} の結果が承認待ちです: {link}',
  'mail.bounce.suppressed':
    '{who} 宛てのメールが再び不達となったため、プレイヤーがゲームページでアドレスを確認または変更するまで送信を停止しました。\n理由: {reason}\n{link}\n',
  'mail.bounce.bouncing':
    '{who} 宛てのメールが不達になりました。プレイヤーにはゲームページでアドレスの確認または変更を求めています。\n理由: {reason}\n{link}\n',
  'mail.bounce.suppressedLabel': '送信停止',
  'mail.bounce.bouncingLabel': 'メール不達',
};
