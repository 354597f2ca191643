/**
 * The words of the console's rules upgrade (docs/contract.md, "Rules versions"), in English and Japanese. Merged
 * into the one page catalogue of src/web/strings.ts.
 */

export const rulesUpgradeEn = {
  'rules.title': 'Rules upgrade: version {from} → {to}',
  'rules.intro':
    'The installed code resolves under rules version {to}; this game runs under {from}. Applying replays every recorded order and die under {to}: the steps already played stay as they were published, the game continues from the replayed position, and every player is mailed what changes as that player sees it.',
  'rules.unreproducible': 'This code cannot resolve version {from}: the game waits until the upgrade is applied.',
  'rules.nothing': 'Nothing anyone sees changes.',
  'rules.viewer': 'As {side} sees it',
  'rules.moderator': 'Everything (moderator)',
  'rules.step': 'Step {n}',
  'rules.was': 'Was:',
  'rules.now': 'Now:',
  'rules.position': 'The position after this step changes.',
  'rules.apply': 'Apply the rules upgrade',
  'rules.blocked': 'Cannot be applied now: {reason}',
};

export const rulesUpgradeJa: Record<keyof typeof rulesUpgradeEn, string> = {
  'rules.title': 'ルール更新: バージョン {from} → {to}',
  'rules.intro':
    'インストールされているコードはルールのバージョン {to} で解決します。このゲームはバージョン {from} で進行中です。適用すると、記録済みのすべての命令とダイスをバージョン {to} で再生します。公開済みのステップはそのまま残り、ゲームは再生後の局面から続きます。各プレイヤーには、そのプレイヤーから見た変更点がメールで届きます。',
  'rules.unreproducible': 'このコードはバージョン {from} で解決できません。更新を適用するまでゲームは待機します。',
  'rules.nothing': '誰から見ても変わる点はありません。',
  'rules.viewer': '{side} から見た変更',
  'rules.moderator': 'すべて（進行役）',
  'rules.step': 'ステップ {n}',
  'rules.was': 'これまで:',
  'rules.now': '新しいルールでは:',
  'rules.position': 'このステップ後の局面が変わります。',
  'rules.apply': 'ルール更新を適用',
  'rules.blocked': '今は適用できません: {reason}',
};
