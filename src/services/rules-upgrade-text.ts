/**
 * The mail that announces a rules upgrade (src/services/rules-upgrade.ts): to each seat (or person, for its seats)
 * the steps where what it sees changes, in its language; to the moderator, every change.
 */
import type { StepChange } from '../engine/rules-diff.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { NoticeText } from './notifier.ts';

/** What the text needs of the plan. */
interface PlanFacts {
  from: string;
  to: string;
  stepsReplayed: number;
}

/** One step's change in a language. */
function stepLines(change: StepChange, locale: Locale): string[] {
  const lines = [mailText(locale, 'notice.rules.step', { step: change.step })];
  if (change.eventsChanged) {
    lines.push(`  ${mailText(locale, 'notice.rules.was')}`, ...change.before[locale].map((l) => `    ${l}`));
    lines.push(`  ${mailText(locale, 'notice.rules.now')}`, ...change.after[locale].map((l) => `    ${l}`));
  }
  if (change.positionChanged) lines.push(`  ${mailText(locale, 'notice.rules.position')}`);
  return lines;
}

/** The list of a reader's changes (its seats', or the moderator's), or the sentence that nothing it sees changes. */
function listOf(changes: { label: string | null; steps: StepChange[] }[], locale: Locale): string[] {
  const lines: string[] = [];
  for (const { label, steps } of changes) {
    if (label) lines.push('', mailText(locale, 'notice.rules.seat', { seat: label }));
    if (!steps.length) lines.push(mailText(locale, 'notice.rules.nothing'));
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
    const inLocale = (lc: Locale) => ({
      subject: mailText(lc, 'notice.rules.subject', { to }),
      body: [mailText(lc, 'notice.rules.intro', { to, from, n }), '', ...listOf(lists, lc)].join('\n'),
    });
    const ja = inLocale('ja');
    const en = inLocale('en');
    if (sides.length) return locale === 'ja' ? ja : en;
    // The moderator (no language of record): both.
    return { subject: `${en.subject} / ${ja.subject}`, body: `${en.body}\n\n${ja.body}` };
  };
}
