/**
 * The words of result and digest mails, in English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const resultEn = {
  'mail.result.digestSteps': 'Digest of steps {steps}',
  'mail.result.digestStep': 'Digest of step {steps}',
  'mail.result.steps': 'Results of steps {span}',
  'mail.result.step': 'Result of step {n}',
  'mail.result.over': 'Game over',
  'mail.result.idle': '{heading}: nothing to do now',
  'mail.result.next': 'Next',
  'mail.result.defaults': 'Default orders were applied for: {seats}',
} as const;

export const resultJa: Record<keyof typeof resultEn, string> = {
  'mail.result.digestSteps': 'ステップ {steps} のまとめ',
  'mail.result.digestStep': 'ステップ {steps} のまとめ',
  'mail.result.steps': 'ステップ {span} の結果',
  'mail.result.step': 'ステップ {n} の結果',
  'mail.result.over': 'ゲーム終了',
  'mail.result.idle': '{heading}: 今は命令不要',
  'mail.result.next': '次の命令',
  'mail.result.defaults': '締切までに命令がなく既定の命令を適用: {seats}',
};
