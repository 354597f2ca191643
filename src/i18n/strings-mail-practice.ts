/**
 * The words of the mail confirming a request for a practice game (src/mail/practice-mail.ts), in English and
 * Japanese: part of the mail catalogue (src/i18n/strings-mail.ts).
 */
export const practiceMailEn = {
  'practice.mail.subject': 'Confirm your practice game: {game}',
  'practice.mail.body':
    'Someone (we hope you) asked for a practice game of {game} against the computer for this address. Open this link within {hours} hours and confirm: the game is then created and its welcome mail sent.',
  'practice.mail.ignore': 'Did not ask for it? Do nothing: no game is created and no other mail follows.',
} as const;

export const practiceMailJa: Record<keyof typeof practiceMailEn, string> = {
  'practice.mail.subject': '練習ゲームの確認: {game}',
  'practice.mail.body':
    'このアドレスで、コンピューターを相手にした {game} の練習ゲームの申し込みがありました。{hours} 時間以内にこのリンクを開いて確認してください。確認するとゲームが作られ、案内のメールが届きます。',
  'practice.mail.ignore': '心当たりがない場合は何もしないでください。ゲームは作られず、これ以上メールは届きません。',
};
