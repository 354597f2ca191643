/**
 * The words of the deadline notices (a missed deadline, a deadline moved: src/services/deadlines), in English and
 * Japanese: part of the mail catalogue (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const deadlinesEn = {
  'notice.missed.you': 'You ({seats})',
  'notice.missed.youAnd': '{you} and {others}',
  'notice.missed.waiting': 'The game waits for the moderator.',
  'notice.missed.extended': 'The deadline is extended once, to {until}.',
  'notice.missed.defaultsYou': "The engine's default orders were applied (see the result).",
  'notice.missed.defaults': "The engine's default orders were applied (see the result).",
  'notice.missed.subject': 'Missed deadline: {who}',
  'notice.missed.body': '{who} sent no orders by the deadline of step {step}. {next}',
  'notice.deadline.none': 'none',
  'notice.deadline.subject': 'Deadline moved: {to}',
  'notice.deadline.body': 'The deadline of step {n} moved from {from} to {to} ({because}).',
  'notice.deadline.extended': 'extended by the moderator',
  'notice.deadline.shortened': 'shortened by the moderator',
  'notice.deadline.set': 'set by the moderator',
  'notice.deadline.paused': 'the game was paused',
} as const;

export const deadlinesJa: Record<keyof typeof deadlinesEn, string> = {
  'notice.missed.you': 'あなた（{seats}）',
  'notice.missed.youAnd': '{you}と{others}',
  'notice.missed.waiting': 'モデレーターの判断を待ちます。',
  'notice.missed.extended': '締切を一度だけ {until} まで延長します。',
  'notice.missed.defaultsYou': 'あなたの席にはエンジンの既定命令を適用しました（結果に記載）。',
  'notice.missed.defaults': 'エンジンの既定命令を適用しました（結果に記載）。',
  'notice.missed.subject': '締切超過: {who}',
  'notice.missed.body': '{who}はステップ {step} の締切までに命令を送りませんでした。{next}',
  'notice.deadline.none': 'なし',
  'notice.deadline.subject': '締切変更: {to}',
  'notice.deadline.body': 'ステップ {n} の締切が {from} から {to} に変わりました（{because}）。',
  'notice.deadline.extended': '進行役による延長',
  'notice.deadline.shortened': '進行役による短縮',
  'notice.deadline.set': '進行役が設定',
  'notice.deadline.paused': 'ゲームの一時停止のため',
};
