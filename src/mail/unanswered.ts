/**
 * A player always learns that their orders were refused. An authenticated order mail is answered within the
 * player's hourly reply budget (src/mail/outbox.ts); when that is spent, the refusal is kept with the inbound mail
 * (`result.unanswered`) and shown on the player's page and at the top of the next reply the player gets, until that
 * reply has gone out. The same for a one-seat player and a person holding several seats: a seat's mails are found by
 * their seat, a person's by the person its result names (`result.personId`).
 */
import type { Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { ReplyReport } from './compose-reply.ts';
import { esc, type Part } from './render.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { readOne, type Statement, statement } from '../services/prepared-statements.ts';

/** What is kept of a refused mail whose reply was not sent. */
export interface UnansweredNote {
  subject: string | null;
  /** Every error of the refusal, in both languages (at most MAX_PROBLEMS). */
  problems: Text[];
}

/** An unanswered refusal as the player is shown it. */
export interface UnansweredRefusal extends UnansweredNote {
  receivedAt: Date;
}

const MAX_PROBLEMS = 30;
const LOOK_BACK_MS = 7 * 86_400_000;

/** The note kept for a refused mail (text errors with their line, rule errors with their rule id, a conflict). */
export function unansweredNote(
  report: Pick<ReplyReport, 'problem' | 'textErrors' | 'ruleErrors'>,
  subject: string | undefined,
): UnansweredNote {
  const problems: Text[] = [
    ...(report.problem ? [report.problem] : []),
    ...report.textErrors.map((e) => ({
      en: mailText('en', 'mail.unanswered.line', { line: e.line, message: e.message.en, code: e.code }),
      ja: mailText('ja', 'mail.unanswered.line', { line: e.line, message: e.message.ja, code: e.code }),
    })),
    ...report.ruleErrors.map((e) => ({
      en: `${e.rule}: ${e.message.en} [${e.code}]`,
      ja: `${e.rule}: ${e.message.ja} [${e.code}]`,
    })),
  ];
  return { subject: subject?.slice(0, 200) ?? null, problems: problems.slice(0, MAX_PROBLEMS) };
}

/** Whose refusals: a one-seat player's (by its seat), or a person's holding several seats (by the person). */
export type RefusedReader = { id: string; email: string } | { personId: string; gameId: string; email: string };

// The refused mails of a seat, or of a person (the person its result names) in a game, received after the later of
// the look-back start ($3) and the last reply that went to the player, oldest first: one statement, the last reply's
// time read in it. Times as UTC instants (pg would read a `timestamp` in the process's zone).
const sinceLastReply = (mails: string, replies: string) => `
  SELECT i."receivedAt" AT TIME ZONE 'UTC' AS "receivedAt", i.result FROM "InboundMail" i
  WHERE ${mails} AND i.status = 'processed'
    AND i."receivedAt" > GREATEST($3::timestamp(3),
      (SELECT max(o."createdAt") FROM "Outbox" o
       WHERE lower(o."toAddress") = lower($1) AND o.kind = 'reply' AND ${replies}))
  ORDER BY i."receivedAt" LIMIT 50`;
const OF_SEAT = statement(
  'unanswered_of_seat',
  ['text', 'text', 'timestamp(3)'],
  sinceLastReply('i."seatId" = $2', 'o."seatId" = $2'),
);
const OF_PERSON = statement(
  'unanswered_of_person',
  ['text', 'text', 'timestamp(3)', 'text'],
  sinceLastReply(
    `i."gameId" = $2 AND i."seatId" IS NULL AND i.result -> 'personId' = to_jsonb($4::text)`,
    'o."gameId" = $2 AND o."seatId" IS NULL',
  ),
);

/**
 * The player's refused mails of the last week that no reply has answered yet: received after the last reply that
 * went to the player (oldest first).
 */
export async function unansweredRefusals(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  reader: RefusedReader,
  now: Date,
): Promise<UnansweredRefusal[]> {
  const [statement, params] = unansweredRead(reader, now);
  return refusalsFrom(await readOne(deps, statement, params));
}

/** The read behind `unansweredRefusals` (to send with others: readTogether); `refusalsFrom` reads its rows. */
export function unansweredRead(reader: RefusedReader, now: Date): [Statement, unknown[]] {
  const lookBack = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
  return 'id' in reader
    ? [OF_SEAT, [reader.email, reader.id, lookBack]]
    : [OF_PERSON, [reader.email, reader.gameId, lookBack, reader.personId]];
}

/** The unanswered refusals in the rows of an `unansweredRead`. */
export function refusalsFrom(rows: unknown[]): UnansweredRefusal[] {
  return (rows as ReceivedRow[]).flatMap((r) => {
    const note = (r.result as { unanswered?: UnansweredNote } | null)?.unanswered;
    return note ? [{ receivedAt: r.receivedAt, subject: note.subject, problems: note.problems }] : [];
  });
}

interface ReceivedRow {
  receivedAt: Date;
  result: unknown;
}

/** The paragraph of a reply that reports earlier refusals left unanswered. */
export function unansweredPart(list: UnansweredRefusal[], locale: Locale, when: (d: Date) => string): Part | null {
  if (!list.length) return null;
  const head = mailText(locale, 'mail.unanswered.head', { n: list.length });
  const lines = list.flatMap((r) => [
    `- ${when(r.receivedAt)}${r.subject ? ` "${r.subject}"` : ''}`,
    ...r.problems.map((p) => `    ${p[locale]}`),
  ]);
  const text = `${head}\n${lines.join('\n')}`;
  return {
    text,
    html: `<p><strong>${esc(head)}</strong></p><pre style="white-space:pre-wrap;word-break:break-word">${esc(lines.join('\n'))}</pre>`,
  };
}
