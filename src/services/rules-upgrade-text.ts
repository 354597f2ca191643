/**
 * The mail that announces a rules upgrade (src/services/rules-upgrade.ts): to each seat (or person, for its seats)
 * the steps where what it sees changes, in its language; to the moderator, every change.
 */
import type { StepChange } from '../engine/rules-diff.ts';
import type { Locale } from '../i18n/index.ts';
import type { NoticeText } from './notifier.ts';

/** What the text needs of the plan. */
interface PlanFacts {
  from: string;
  to: string;
  stepsReplayed: number;
}

/** One step's change in a language. */
function stepLines(change: StepChange, locale: Locale): string[] {
  const ja = locale === 'ja';
  const lines = [ja ? `ステップ ${change.step}:` : `Step ${change.step}:`];
  if (change.eventsChanged) {
    lines.push(ja ? '  これまで:' : '  was:', ...change.before[locale].map((l) => `    ${l}`));
    lines.push(ja ? '  新しいルールでは:' : '  now:', ...change.after[locale].map((l) => `    ${l}`));
  }
  if (change.positionChanged)
    lines.push(
      ja
        ? '  このステップ後の局面（あなたから見えるもの）が変わります。'
        : '  The position after this step, as you see it, changes.',
    );
  return lines;
}

/** The list of a reader's changes (its seats', or the moderator's), or the sentence that nothing it sees changes. */
function listOf(changes: { label: string | null; steps: StepChange[] }[], locale: Locale): string[] {
  const ja = locale === 'ja';
  const lines: string[] = [];
  for (const { label, steps } of changes) {
    if (label) lines.push('', ja ? `席 ${label}:` : `Seat ${label}:`);
    if (!steps.length) lines.push(ja ? '見える範囲では何も変わりません。' : 'Nothing you can see changes.');
    for (const s of steps) lines.push(...stepLines(s, locale));
  }
  return lines;
}

/** The notice text: per reader, the lists of the seats the mail is for (none: the moderator's list). */
export function upgradeNoticeText(plan: PlanFacts, bySide: Record<string, StepChange[]>): NoticeText {
  return (_when, locale, sides) => {
    const readers = sides.length ? sides : ['moderator'];
    const lists = readers.map((side) => ({ label: readers.length > 1 ? side : null, steps: bySide[side] ?? [] }));
    const { from, to, stepsReplayed: n } = plan;
    const ja = {
      subject: `ルールがバージョン ${to} に更新されました: あなたにとっての変更点`,
      body: [
        `進行役がこのゲームを新しいルール（バージョン ${to}、これまではバージョン ${from}）で再判定しました。`,
        `記録済みの命令とダイスで ${n} ステップを再生しました。すでに公開された結果は記録としてそのまま残り、`,
        'ゲームは再生後の局面から続きます。',
        '',
        ...listOf(lists, 'ja'),
      ].join('\n'),
    };
    const en = {
      subject: `Rules updated to version ${to}: what changes for you`,
      body: [
        `The moderator re-adjudicated this game under version ${to} of the rules (it ran under version ${from}).`,
        `The ${n} steps played were replayed with their recorded orders and dice. The results already published stay`,
        'in the record as they were; the game continues from the replayed position.',
        '',
        ...listOf(lists, 'en'),
      ].join('\n'),
    };
    if (sides.length) return locale === 'ja' ? ja : en;
    // The moderator (no language of record): both.
    return { subject: `${en.subject} / ${ja.subject}`, body: `${en.body}\n\n${ja.body}` };
  };
}
