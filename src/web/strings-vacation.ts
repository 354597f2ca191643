/**
 * The words of the vacation card of a player's page (src/web/views/_vacation.eta): one declaration for every game
 * of the player's address, in English and Japanese. Merged into the one page catalogue of src/web/strings.ts; the
 * per-game lines and refusals are the mail catalogue's (src/i18n/strings-notice-vacations.ts).
 */

export const vacationEn = {
  'vacation.title': 'Vacation',
  'vacation.intro':
    'Away for a while? Declare it once here: it applies to every game of your address that is still running. Time away does not count towards your deadlines, within each game’s limits; your opponents are told.',
  'vacation.from': 'First day away',
  'vacation.to': 'Last day away',
  'vacation.declare': 'Declare vacation',
  'vacation.yours': 'Your vacations',
  'vacation.span': '{from} to {to}',
  'vacation.withdrawn': 'withdrawn',
  'vacation.noGames': 'no game of yours was running',
  'vacation.cancel': 'Withdraw',
  'vacation.saved': 'Your vacation is declared. What each game did is listed below.',
  'vacation.cancelledNotice': 'Your vacation is withdrawn in every game.',
  'vacation.zone': 'Days in your time zone ({zone}).',
};

export const vacationJa: Record<keyof typeof vacationEn, string> = {
  'vacation.title': '休暇',
  'vacation.intro':
    'しばらく不在にしますか? ここで一度申告すれば、このアドレスの進行中のすべてのゲームに適用されます。各ゲームの上限の範囲で、不在の時間は締切に数えられません。対戦相手にも通知されます。',
  'vacation.from': '不在の初日',
  'vacation.to': '不在の最終日',
  'vacation.declare': '休暇を申告',
  'vacation.yours': 'あなたの休暇',
  'vacation.span': '{from} から {to} まで',
  'vacation.withdrawn': '取り消し済み',
  'vacation.noGames': '進行中のゲームはありませんでした',
  'vacation.cancel': '取り消す',
  'vacation.saved': '休暇を申告しました。各ゲームでの結果は下のとおりです。',
  'vacation.cancelledNotice': 'すべてのゲームで休暇を取り消しました。',
  'vacation.zone': '日付はあなたのタイムゾーン ({zone}) です。',
};
