/**
 * The words of the notices about who plays a seat (src/services/bot-seats.ts): a seat handed to the computer player
 * (by the moderator, or after missed deadlines in a row), given back to its player, the moderator asked for a
 * replacement, and the answers to a player taking a seat back. English and Japanese: part of the mail catalogue
 * (src/i18n/strings-mail.ts).
 */
export const botEn = {
  'notice.bot.subject': '{seat}: the computer player takes over',
  'notice.bot.byModerator': 'The moderator handed {seat} to the computer player. From step {n} on it plays that seat.',
  'notice.bot.byMisses':
    '{seat} missed {misses} deadlines in a row. From step {n} on the computer player plays that seat, so the game goes on.',
  'notice.bot.yours':
    'This is your seat. To take it back, press "Take my seat back" on your page, or reply to this mail with the line\nRECLAIM\nYou can do so until the moderator gives the seat to a replacement player.',
  'notice.back.subject': '{seat}: back with its player',
  'notice.back.byPlayer': 'The player of {seat} took the seat back from the computer player at step {n}.',
  'notice.back.byModerator': 'The moderator gave {seat} back to its player at step {n}.',
  'notice.back.yours': 'Your orders are asked for again from now on.',
  'notice.replacement.subject': '{seat} is played by the computer: a replacement player is wanted',
  'notice.replacement.body':
    '{seat} missed {misses} deadlines in a row and the computer player plays it from step {n}.\nIts player can take it back until you give it to a replacement player\n(POST /api/games/{game}/seats/{side}/holder with the new address, or the console).',
  'reclaim.done':
    'You play {seat} again: the computer player has handed it back. Your orders are asked for from now on.',
  'reclaim.notBot': '{seat} is not played by the computer player: there is nothing to take back.',
  'reclaim.replaced': 'You can no longer take {seat} back: the moderator gave it to a replacement player.',
  'reclaim.noSeat': 'You hold no seat the computer player plays.',
} as const;

export const botJa: Record<keyof typeof botEn, string> = {
  'notice.bot.subject': '{seat}: コンピュータが引き継ぎます',
  'notice.bot.byModerator':
    '進行役が {seat} をコンピュータに任せました。ステップ {n} からコンピュータがこの席を担当します。',
  'notice.bot.byMisses':
    '{seat} が {misses} 回続けて締切を逃しました。ゲームを続けるため、ステップ {n} からコンピュータがこの席を担当します。',
  'notice.bot.yours':
    'これはあなたの席です。取り戻すには、あなたのページの「席を取り戻す」を押すか、このメールに次の行を書いて返信してください。\n取り戻す\n進行役が代わりのプレイヤーに席を渡すまで取り戻せます。',
  'notice.back.subject': '{seat}: プレイヤーが復帰しました',
  'notice.back.byPlayer': '{seat} のプレイヤーがステップ {n} でコンピュータから席を取り戻しました。',
  'notice.back.byModerator': '進行役がステップ {n} で {seat} をプレイヤーに戻しました。',
  'notice.back.yours': 'これから再びあなたの命令を求めます。',
  'notice.replacement.subject': '{seat} はコンピュータが担当中: 代わりのプレイヤーを探してください',
  'notice.replacement.body':
    '{seat} が {misses} 回続けて締切を逃したため、ステップ {n} からコンピュータが担当しています。\n代わりのプレイヤーに渡すまでは元のプレイヤーが取り戻せます\n（POST /api/games/{game}/seats/{side}/holder に新しいアドレスを送るか、コンソールから）。',
  'reclaim.done': '{seat} を取り戻しました。コンピュータから席が戻り、これから再びあなたの命令を求めます。',
  'reclaim.notBot': '{seat} はコンピュータが担当していません。取り戻すものはありません。',
  'reclaim.replaced': '{seat} はもう取り戻せません。進行役が代わりのプレイヤーに渡しました。',
  'reclaim.noSeat': 'コンピュータが担当しているあなたの席はありません。',
};
