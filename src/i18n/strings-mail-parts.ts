/**
 * The words every mail to a player shares (its footer, the map link, how several seats send orders in one mail), in
 * English and Japanese: part of the mail catalogue (src/i18n/strings-mail.ts), and so of the one catalogue of the
 * pages.
 */
export const partsEn = {
  'mail.map': 'The map',
  'mail.footer.page': 'Your page (this link signs you in; keep it private)',
  'mail.footer.reply':
    'Reply to this mail to send orders or commands (HELP, STATUS). Your reply address is personal: do not share it.',
  'mail.footer.open': 'Open your page',
  'mail.map.whole': 'The whole board is on your page',
  'mail.since': 'Since your last turn',
  'mail.seatSyntax':
    'Several seats in one mail: a line "SEAT <seat>" starts the orders of that seat ({sides}); orders before any SEAT line are for your one seat that owes orders, when only one does. As JSON: one object by seat, e.g. {example}.',
} as const;

export const partsJa: Record<keyof typeof partsEn, string> = {
  'mail.map': 'マップ',
  'mail.footer.page': 'あなたのページ (このリンクでログインします。他人に教えないでください)',
  'mail.footer.reply':
    'このメールに返信すると命令やコマンド (HELP または ヘルプ、STATUS または 状況) を送れます。返信先アドレスはあなた専用です。他人に教えないでください。',
  'mail.footer.open': 'あなたのページを開く',
  'mail.map.whole': '盤面全体はあなたのページで',
  'mail.since': '前の手番からの変化',
  'mail.seatSyntax':
    '1通で複数の席: 「席 <席>」(または SEAT <席>) の行から下がその席の命令です ({sides})。SEAT 行より前の命令は、命令を送るべき席が1つだけのときその席のものになります。JSON なら席ごとのオブジェクト 1つ: {example}。',
};
