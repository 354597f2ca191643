/**
 * The words of a player's mail status (docs/email.md, "Bounces"): the moderator console's column, and the banner of
 * the player's page asking to confirm or change an address whose mail bounces, in English and Japanese. Merged into
 * the one page catalogue of src/web/strings.ts.
 */

export const mailStatusEn = {
  'console.mailStatus': 'Mail',
  'mailStatus.ok': 'delivered',
  'mailStatus.bouncing': 'bouncing',
  'mailStatus.suppressed': 'suppressed',
  'mailStatus.since': 'since {when}',
  'play.bounceTitle': 'Mail to {email} is not arriving',
  'play.bounceBouncing': 'Our last mail to this address came back ({reason}). Check that it is right, or give another.',
  'play.bounceSuppressed':
    'Mail to this address came back several times ({reason}), so no more is sent to it until you confirm it or give another.',
  'play.bounceConfirm': 'The address is right: send mail to it again',
  'play.bounceChange': 'Use this address instead',
  'play.bounceNewAddress': 'New address',
  'play.addressConfirmed': 'Thank you: mail goes to {email} again.',
  'play.addressInvalid': 'That is not an email address.',
};

export const mailStatusJa: Record<keyof typeof mailStatusEn, string> = {
  'console.mailStatus': 'メール配信',
  'mailStatus.ok': '正常',
  'mailStatus.bouncing': '不達',
  'mailStatus.suppressed': '送信停止',
  'mailStatus.since': '{when} から',
  'play.bounceTitle': '{email} 宛てのメールが届いていません',
  'play.bounceBouncing':
    '最後に送ったメールがこのアドレスから戻ってきました（{reason}）。アドレスが正しいか確認するか、別のアドレスを入力してください。',
  'play.bounceSuppressed':
    'このアドレス宛てのメールが何度も戻ってきたため（{reason}）、確認または変更されるまで送信を停止しています。',
  'play.bounceConfirm': 'アドレスは正しいので、再び送信する',
  'play.bounceChange': 'このアドレスに変更する',
  'play.bounceNewAddress': '新しいアドレス',
  'play.addressConfirmed': '{email} 宛てにメールを再び送信します。',
  'play.addressInvalid': 'メールアドレスの形式ではありません。',
};
