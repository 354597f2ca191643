/**
 * The words of a vacation (declared once for every game of an address: src/services/deadlines/vacations.ts): why a
 * game took less of it than asked, the notice of its withdrawal, and the answer to the mail command VACATION, in
 * English and Japanese. Part of the mail catalogue (src/i18n/strings-mail.ts), and so of the pages' catalogue.
 */
export const vacationsEn = {
  'vacation.refused.limit':
    'not applied in this game: it allows {max} absence(s) per player and you have declared them all',
  'vacation.refused.tooLong':
    'applied only up to {until}: this game allows an absence of at most {days} days; from {until} to {to} is refused',
  'vacation.refused.over': 'not applied: this game is over',
  'vacation.applied': '{game}: away from {from} to {to}.',
  'vacation.refusedLine': '{game}: {reason}.',
  'vacation.none': 'No game of yours that is still running has a seat for this address: nothing was declared.',
  'vacation.declared': 'Vacation declared for every game of your address:',
  'vacation.cancelled': 'Vacation from {from} to {to} withdrawn in every game.',
  'vacation.noneToCancel': 'You have no vacation that is not over.',
  'vacation.replyTokenOnly':
    "VACATION is taken only from a reply to one of this service's mails (its reply address is your key), not after SIGNON.",
  'vacation.error.order': 'The vacation must end on or after the day it starts.',
  'vacation.error.past': 'The vacation is already over.',
  'vacation.error.tooLong': 'A vacation lasts at most {days} days.',
  'vacation.error.date': 'Give two days of the calendar, as 2026-12-20.',
  'mail.help.vacation':
    'Away for a while? VACATION <first day> <last day> (e.g. VACATION 2026-12-20 2027-01-03) declares it once for every game of your address; VACATION CANCEL withdraws it.',
  'notice.vacationCancelled.subject': 'Back: {name}',
  'notice.vacationCancelled.body': '{name} withdrew an absence from {from} to {to}.',
} as const;

export const vacationsJa: Record<keyof typeof vacationsEn, string> = {
  'vacation.refused.limit': 'このゲームでは適用していません: 不在は1人 {max} 回までで、すでにすべて申告済みです',
  'vacation.refused.tooLong':
    '{until} までだけ適用しました: このゲームの不在は最長 {days} 日です。{until} から {to} までは受け付けません',
  'vacation.refused.over': '適用していません: このゲームは終了しています',
  'vacation.applied': '{game}: {from} から {to} まで不在。',
  'vacation.refusedLine': '{game}について: {reason}。',
  'vacation.none': 'このアドレスの席がある進行中のゲームはありません。何も申告していません。',
  'vacation.declared': 'このアドレスのすべてのゲームに休暇を申告しました:',
  'vacation.cancelled': '{from} から {to} までの休暇をすべてのゲームで取り消しました。',
  'vacation.noneToCancel': '終わっていない休暇はありません。',
  'vacation.replyTokenOnly':
    '休暇 (VACATION) は、このサービスからのメールへの返信（返信先アドレスがあなたの鍵です）でのみ受け付けます。SIGNON の後では受け付けません。',
  'vacation.error.order': '休暇の最終日は初日以降にしてください。',
  'vacation.error.past': 'その休暇はすでに終わっています。',
  'vacation.error.tooLong': '休暇は最長 {days} 日です。',
  'vacation.error.date': '暦にある日付を2つ、2026-12-20 の形で書いてください。',
  'mail.help.vacation':
    'しばらく不在にしますか? 休暇 <初日> <最終日>（例: 休暇 2026-12-20 2027-01-03）で、このアドレスのすべてのゲームに一度で申告できます。休暇 取消 で取り消します。',
  'notice.vacationCancelled.subject': '不在の取消: {name}',
  'notice.vacationCancelled.body': '{name}は {from} から {to} までの不在を取り消しました。',
};
