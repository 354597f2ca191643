/**
 * The words of the welcome mail of a new game, in English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const welcomeEn = {
  'mail.welcome.hi': 'Welcome!',
  'mail.welcome.hiNamed': 'Welcome, {name}!',
  'mail.welcome.playOne': '{hi} You play {side} in "{game}" ({title}, {mode} mode).',
  'mail.welcome.playSeveral':
    '{hi} You play {seats} in "{game}" ({title}, {mode} mode): {n} seats, one address. This mail and every mail of this game come to you once, with a section per seat.',
  'mail.welcome.howSeveral':
    'Reply to this mail, or write to {reply} (your personal order address, for all your seats). From another address, write to {orders} with a first line "SIGNON <your password>".',
  'mail.welcome.howOne':
    'Reply to this mail, or write to {reply} (your personal order address). From another address, write to {orders} with a first line "SIGNON <your seat password>".',
  'mail.welcome.howHeading': 'How to send orders',
  'mail.welcome.calendar': 'Deadline calendar',
  'mail.welcome.keepSeveral': 'Keep this link private: it signs you in for all your seats.',
  'mail.welcome.keepOne': 'Keep this link private: it signs you in.',
  'mail.welcome.page': 'Your page',
  'mail.welcome.firstBySeat': 'First orders, seat by seat',
  'mail.welcome.first': 'First orders',
  'mail.welcome.setup': 'The set-up',
  'mail.welcome.commitment': 'Dice commitment (SHA-256 of the secret seed, revealed at the end): {commitment}',
  'mail.welcome.subjectSeveral': 'Welcome: you play {seats}',
  'mail.welcome.subjectOne': 'Welcome: you play {side}',
} as const;

export const welcomeJa: Record<keyof typeof welcomeEn, string> = {
  'mail.welcome.hi': 'ようこそ。',
  'mail.welcome.hiNamed': '{name} さん、ようこそ。',
  'mail.welcome.playOne': '{hi}「{game}」({title}、{mode} モード) であなたは{side}を担当します。',
  'mail.welcome.playSeveral':
    '{hi}「{game}」({title}、{mode} モード) であなたは {seats} の {n} 席を担当します。このゲームのメールはあなたに1通ずつ、席ごとの欄を付けて届きます。',
  'mail.welcome.howSeveral':
    'このメールに返信するか、あなた専用の命令アドレス {reply} (全席共通) に送ってください。別のアドレスからは {orders} 宛てに、1行目を「SIGNON <パスワード>」として送れます。',
  'mail.welcome.howOne':
    'このメールに返信するか、あなた専用の命令アドレス {reply} に送ってください。別のアドレスからは {orders} 宛てに、1行目を「SIGNON <席のパスワード>」として送れます。',
  'mail.welcome.howHeading': '命令の送り方',
  'mail.welcome.calendar': '締切カレンダー',
  'mail.welcome.keepSeveral': 'このリンクは全席のログイン用です。他人に教えないでください。',
  'mail.welcome.keepOne': 'このリンクはログイン用です。他人に教えないでください。',
  'mail.welcome.page': 'あなたのページ',
  'mail.welcome.firstBySeat': '最初の命令 (席ごと)',
  'mail.welcome.first': '最初の命令',
  'mail.welcome.setup': 'ゲームの準備',
  'mail.welcome.commitment': 'ダイス・コミットメント (秘密シードの SHA-256、終了時に公開): {commitment}',
  'mail.welcome.subjectSeveral': 'ゲーム開始: {seats}',
  'mail.welcome.subjectOne': 'ゲーム開始: {side}',
};
