/**
 * The words of the rules notices (a rules upgrade and what it changes for the reader, a step left unresolved for a
 * rules version this code cannot reproduce), in English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const rulesEn = {
  'notice.rules.step': 'Step {step}:',
  'notice.rules.was': 'was:',
  'notice.rules.now': 'now:',
  'notice.rules.position': 'The position after this step, as you see it, changes.',
  'notice.rules.seat': 'Seat {seat}:',
  'notice.rules.nothing': 'Nothing you can see changes.',
  'notice.rules.subject': 'Rules updated to version {to}: what changes for you',
  'notice.rules.intro':
    'The moderator re-adjudicated this game under version {to} of the rules (it ran under version {from}).\nThe {n} steps played were replayed with their recorded orders and dice. The results already published stay\nin the record as they were; the game continues from the replayed position.',
  'notice.rulesRefusal.subject': 'Step {n} not resolved: rules version {version} unavailable',
  'notice.rulesRefusal.body':
    'The game runs under rules version {version} of {title}, which this code cannot reproduce (it has {have}).\nStep {n} was not resolved; every order is kept and the game is paused. Preview and apply the rules upgrade\nto version {latest} (GET/POST /api/games/:id/rules-upgrade), then resume the game.',
} as const;

export const rulesJa: Record<keyof typeof rulesEn, string> = {
  'notice.rules.step': 'ステップ {step}:',
  'notice.rules.was': 'これまで:',
  'notice.rules.now': '新しいルールでは:',
  'notice.rules.position': 'このステップ後の局面（あなたから見えるもの）が変わります。',
  'notice.rules.seat': '席 {seat}:',
  'notice.rules.nothing': '見える範囲では何も変わりません。',
  'notice.rules.subject': 'ルールがバージョン {to} に更新されました: あなたにとっての変更点',
  'notice.rules.intro':
    '進行役がこのゲームを新しいルール（バージョン {to}、これまではバージョン {from}）で再判定しました。\n記録済みの命令とダイスで {n} ステップを再生しました。すでに公開された結果は記録としてそのまま残り、\nゲームは再生後の局面から続きます。',
  'notice.rulesRefusal.subject': 'ステップ {n} 未解決: ルール版 {version} がありません',
  'notice.rulesRefusal.body':
    'このゲームは {title} のルール版 {version} で進行していますが、このコードでは再現できません（使える版: {have}）。\nステップ {n} は解決されていません。命令はすべて保存され、ゲームは一時停止しています。版 {latest} への\nルール更新を確認・適用してから（GET/POST /api/games/:id/rules-upgrade）、ゲームを再開してください。',
};
