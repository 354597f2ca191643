/**
 * The words of the pieces of a mail body (the events of a step, the summary line, the map table, what a seat owes,
 * its choices), in English and Japanese: part of the mail catalogue (src/i18n/strings-mail.ts), and so of the one
 * catalogue of the pages.
 */
export const renderEn = {
  'mail.events.none': '(nothing visible to you happened in this step)',
  'mail.summary.turn': 'Turn {turn}',
  'mail.summary.turnOf': 'Turn {turn} of {last}',
  'mail.table.place': 'Place',
  'mail.table.facts': 'Facts',
  'mail.owed.none': 'You owe no orders now.',
  'mail.owed.deadline': 'Deadline: {when}',
  'mail.owed.noDeadline': 'Deadline: none set',
  'mail.owed.heading': 'Orders you owe',
  'mail.choice.onlyIf': 'only if {key} = {cases}',
  'mail.choice.count': 'a whole number',
  'mail.choice.shareExact': 'share exactly {total} points among {values}',
  'mail.choice.shareAtMost': 'share at most {total} points among {values}',
  'mail.choice.budget': ', budget {budget}',
  'mail.choice.path': 'a path from {from}{budget}',
  'mail.choices.none': 'No choices are open to you now.',
} as const;

export const renderJa: Record<keyof typeof renderEn, string> = {
  'mail.events.none': '(このステップで見える出来事はありません)',
  'mail.summary.turn': '第{turn}ターン',
  'mail.summary.turnOf': '第{turn}ターン/{last}',
  'mail.table.place': '場所',
  'mail.table.facts': '情報',
  'mail.owed.none': '今は命令を送る必要はありません。',
  'mail.owed.deadline': '締切: {when}',
  'mail.owed.noDeadline': '締切: なし',
  'mail.owed.heading': '提出が必要な命令',
  'mail.choice.onlyIf': '次の場合のみ {key} = {cases}',
  'mail.choice.count': '整数',
  'mail.choice.shareExact': '{total}点ちょうどを割り当てる {values}',
  'mail.choice.shareAtMost': '{total}点以内を割り当てる {values}',
  'mail.choice.budget': '、移動力{budget}',
  'mail.choice.path': '{from}からの経路{budget}',
  'mail.choices.none': '今は選択肢はありません。',
};
