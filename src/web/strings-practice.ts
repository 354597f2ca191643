/**
 * The words of the public page /practice (a practice game against the computer: src/server/routes/web/practice.ts)
 * and of the console's practice form, in English and Japanese. Merged into the one page catalogue of
 * src/web/strings.ts.
 */

export const practiceEn = {
  'practice.title': 'Practice against the computer',
  'practice.intro':
    'Play a game by mail and on the web against the computer player. Choose a game and your side, and give your address: we mail you a link, and the game starts when you confirm it.',
  'practice.game': 'Game and side',
  'practice.anySide': 'first side',
  'practice.address': 'Your address',
  'practice.language': 'Language of the mails',
  'practice.send': 'Mail me the link',
  'practice.sent':
    'Check your mail: the link to confirm your practice game is on its way. It works once, for {hours} hours.',
  'practice.invalid': 'Choose a game and side from the list and give a valid address.',
  'practice.tooMany': 'Too many requests for now. Try again in an hour.',
  'practice.confirmTitle': 'Start your practice game',
  'practice.confirmText': 'Confirm to create your game of {game}. Its welcome mail comes to {email}.',
  'practice.confirm': 'Start the game',
  'practice.done': 'This link has been used: your game was created. Its welcome mail has your link to the game.',
  'practice.expired': 'This link has expired. Ask for a new one on the practice page.',
  'practice.unknown': 'This link is not known.',
  'practice.console': 'Practice game',
  'practice.consoleIntro': 'A game for one player: the computer plays every other seat.',
  'practice.playerName': 'Player name (optional)',
  'practice.create': 'Create practice game',
};

export const practiceJa: Record<keyof typeof practiceEn, string> = {
  'practice.title': 'コンピューターと練習',
  'practice.intro':
    'メールとウェブで、コンピューターを相手にゲームを遊べます。ゲームと陣営を選び、メールアドレスを入力してください。確認用のリンクをお送りし、確認するとゲームが始まります。',
  'practice.game': 'ゲームと陣営',
  'practice.anySide': '最初の陣営',
  'practice.address': 'メールアドレス',
  'practice.language': 'メールの言語',
  'practice.send': 'リンクを送る',
  'practice.sent':
    'メールを確認してください。練習ゲームの確認リンクを送りました。{hours} 時間のあいだ一度だけ使えます。',
  'practice.invalid': '一覧からゲームと陣営を選び、正しいメールアドレスを入力してください。',
  'practice.tooMany': '申し込みが多すぎます。1時間後にもう一度お試しください。',
  'practice.confirmTitle': '練習ゲームを始める',
  'practice.confirmText': '確認すると {game} のゲームが作られます。案内のメールは {email} に届きます。',
  'practice.confirm': 'ゲームを始める',
  'practice.done': 'このリンクは使用済みです。ゲームは作成済みで、案内のメールにゲームへのリンクがあります。',
  'practice.expired': 'このリンクは期限切れです。練習ページで新しいリンクを申し込んでください。',
  'practice.unknown': 'このリンクは無効です。',
  'practice.console': '練習ゲーム',
  'practice.consoleIntro': '1人用のゲーム: ほかの席はすべてコンピューターが担当します。',
  'practice.playerName': 'プレイヤー名 (任意)',
  'practice.create': '練習ゲームを作成',
};
