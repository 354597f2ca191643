/**
 * The words of the notices of a result the moderator sent back (src/services/rejection.ts), in English and Japanese:
 * part of the mail catalogue (src/i18n/strings-mail.ts), and so of the one catalogue of the pages.
 */
export const rejectionEn = {
  'notice.rejected.noOrders': 'No orders of yours are on file: reply with your orders (send HELP for the syntax).',
  'notice.rejected.onFile':
    'Your orders on file (to confirm them, reply with these lines unchanged; or edit them and reply):',
  'notice.rejected.askedSubject': 'Step {n} sent back by the moderator: confirm your orders by {by}',
  'notice.rejected.askedBody':
    'The moderator rejected the result of step {n} before it was published. Reason: "{reason}"\n\nYour orders for this step are kept. By {by}, confirm them by sending them again unchanged (reply with the\nlines below, or send the form on your page, which holds them), or send new ones. The step is resolved\nagain as soon as every seat that owes orders has confirmed or revised them, and at the latest at the\ndeadline with the orders on file.',
  'notice.rejected.othersSubject': 'Step {n} sent back by the moderator',
  'notice.rejected.othersBody':
    'The moderator rejected the result of step {n} before it was published. Reason: "{reason}"\n\nNothing is asked of you: the step is resolved again once the seats that owe orders have confirmed or\nrevised them, and at the latest at {by}.',
} as const;

export const rejectionJa: Record<keyof typeof rejectionEn, string> = {
  'notice.rejected.noOrders':
    'あなたの命令は保存されていません。命令を書いて返信してください (書き方は HELP または ヘルプ で返信)。',
  'notice.rejected.onFile': '保存されている命令 (確認するにはこの行をそのまま返信。変えるなら書き換えて返信):',
  'notice.rejected.askedSubject': 'ステップ {n} の結果は差し戻されました: 命令の確認は {by} まで',
  'notice.rejected.askedBody':
    'モデレーターがステップ {n} の結果を公開前に差し戻しました。理由: 「{reason}」\n\nこのステップのあなたの命令はそのまま保存されています。{by} までに、同じ命令をもう一度送って確認するか\n（下の命令をそのまま返信するか、プレイヤーページのフォームをそのまま送信）、新しい命令を送ってください。\n命令を出すべき全員が確認または修正した時点で、遅くとも締切には保存されている命令で、ステップは再び\n解決されます。',
  'notice.rejected.othersSubject': 'ステップ {n} の結果は差し戻されました',
  'notice.rejected.othersBody':
    'モデレーターがステップ {n} の結果を公開前に差し戻しました。理由: 「{reason}」\n\nあなたに求められていることはありません。命令を出すべき席が確認または修正した時点で、\n遅くとも {by} に、ステップは再び解決されます。',
};
