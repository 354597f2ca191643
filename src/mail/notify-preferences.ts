/**
 * The last word on a step's result mails: each reader's mail preference (src/services/mail-preferences.ts). A mail
 * asking its reader for orders, or telling the game's end, always goes; one asking for nothing goes for "every
 * step", is dropped for "only when I must move", and waits in `DigestItem` for "daily digest" (src/mail/digest.ts
 * gathers them into one mail at the person's local morning). Written in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { write } from '../db/sql-tx.ts';
import type { SqlTx } from '../services/deps.ts';
import { lockedPerson } from '../services/locked-people.ts';
import { resultMailFate } from '../services/mail-preferences.ts';
import type { ComposedMail } from './compose-parts.ts';

/** A composed result mail, its reader and whether the reader owes orders next. */
export interface ResultMail {
  mail: ComposedMail;
  personId: string;
  owes: boolean;
}

/** The step the mails are about, and whether it ended the game. */
export interface ResultStep {
  gameId: string;
  stepNumber: number;
  final: boolean;
}

/** The body of a mail as a digest entry: its text without the footer (the digest has its own). */
export function digestEntryText(text: string): string {
  const cut = text.indexOf('\n-- \n');
  return (cut >= 0 ? text.slice(0, cut) : text).trim();
}

/**
 * The mails to send now of a step's result mails; the ones held for a digest are stored (`now`: their time).
 */
export async function followPreferences(
  tx: Pick<SqlTx, '$queryRawUnsafe' | '$executeRawUnsafe'>,
  step: ResultStep,
  results: ResultMail[],
  now: Date,
): Promise<ComposedMail[]> {
  if (!results.length) return [];
  const ids = [...new Set(results.map((r) => r.personId))];
  // The persons as the transaction read them under the game lock (src/services/locked-people.ts), else read now.
  const locked = ids.map((id) => lockedPerson(tx, id));
  const rows = locked.every((p) => p !== undefined)
    ? locked.map((p) => ({ id: p.id, pref: p.mailPreference as string }))
    : await tx.$queryRawUnsafe<{ id: string; pref: string }[]>(
        `SELECT id, "mailPreference"::text AS pref FROM "Person" WHERE id = ANY($1::text[])`,
        ids,
      );
  const prefOf = new Map(rows.map((r) => [r.id, r.pref]));
  const send: ComposedMail[] = [];
  for (const r of results) {
    const fate = resultMailFate(prefOf.get(r.personId) ?? 'every_step', r.owes, step.final);
    if (fate === 'send') send.push(r.mail);
    if (fate !== 'digest') continue;
    await write(
      tx,
      `INSERT INTO "DigestItem" (id, "personId", "gameId", "stepNumber", subject, text, "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamp(3))`,
      randomUUID(),
      r.personId,
      step.gameId,
      step.stepNumber,
      r.mail.subject,
      digestEntryText(r.mail.text),
      now.toISOString(),
    );
  }
  return send;
}
