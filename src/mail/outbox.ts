/**
 * The outbox: the one writer of outbound mail rows (in the caller's transaction when given one), each with a stable
 * Message-ID, and the per-address reply budget that keeps the service from feeding a mail loop or a flood.
 */
import { randomUUID } from 'node:crypto';
import { insertRows } from '../db/insert-rows.ts';
import type { Person, Seat } from '../generated/prisma/client.ts';
import { inTransaction, type ServiceDeps, type SqlTx } from '../services/deps.ts';
import { rememberLockedPeople } from '../services/locked-people.ts';
import { readOne, type Statement, statement } from '../services/prepared-statements.ts';
import { outboxMessageId } from './addresses.ts';
import type { ComposedMail } from './compose-parts.ts';
import { addPlayerLinks } from './player-links.ts';
import type { SignInSite } from './sign-in-slot.ts';

/** Settings the outbox writer needs. */
export interface OutboxSite extends SignInSite {
  MAIL_FROM: string;
  MAIL_DOMAIN: string;
}

/**
 * A mail for the outbox: a composed mail, with the row id and the Message-ID it must have when the caller fixes them
 * (an answer's id derived from the inbound mail; a notice's Message-ID derived from what it reports).
 */
export interface OutboxMail extends ComposedMail {
  id?: string;
  messageId?: string;
  /** When it may go (default: now); an acknowledgement is held a minute to fold a burst (src/mail/ack-fold.ts). */
  nextAttemptAt?: Date;
}

/** What can write outbox rows: a transaction (Prisma's or the pool's) or the Prisma client. */
export type OutboxClient = Pick<SqlTx, '$executeRawUnsafe' | '$queryRawUnsafe'>;

/** The outbox row of a mail, with its id (fresh by default) and its Message-ID (derived from the id by default). */
function outboxRow(site: OutboxSite, mail: OutboxMail, now: Date) {
  const id = mail.id ?? randomUUID();
  return {
    id,
    gameId: mail.gameId ?? null,
    seatId: mail.seatId ?? null,
    kind: mail.kind,
    toAddress: mail.to,
    fromAddress: site.MAIL_FROM,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    messageId: mail.messageId ?? outboxMessageId(id, site.MAIL_DOMAIN),
    inReplyTo: mail.inReplyTo ?? null,
    references: mail.references,
    headers: mail.headers,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    nextAttemptAt: mail.nextAttemptAt ?? now,
    createdAt: now,
  };
}

/**
 * The one writer of outbound mail: every outbox row is inserted here, the rows of `mails` in one statement, in the
 * client's transaction. `skipDuplicates`: a row whose id or Message-ID is stored already is left out (the same
 * answer or notice queued again). A mail's sign-in slot gets a fresh link for its seat or person
 * (src/mail/sign-in-slot.ts), made in the same transaction; a mail to a player gets its person's one-click
 * unsubscribe headers (src/mail/unsubscribe.ts): both in one statement (src/mail/player-links.ts). Returns each mail's id and Message-ID, in order.
 */
export async function writeOutbox(
  client: OutboxClient,
  site: OutboxSite,
  mails: OutboxMail[],
  now: Date,
  opts: { skipDuplicates?: boolean } = {},
): Promise<{ id: string; messageId: string }[]> {
  const signed = await addPlayerLinks(client, site, mails, now);
  const rows = signed.map((mail) => outboxRow(site, mail, now));
  const casts = { references: 'text[]', headers: 'jsonb', attachments: 'jsonb' } as const;
  await insertRows(client, 'Outbox', rows, casts, opts);
  return rows.map((r) => ({ id: r.id, messageId: r.messageId }));
}

/** The seats and persons of a game as the caller read them (the mails' links and unsubscribe keys are made from them). */
export interface KnownPeople {
  seats: readonly Seat[];
  persons: readonly Person[];
}

/**
 * Writes mails outside any transaction of the caller's (see `writeOutbox`): on the pool in a transaction of its own,
 * in one round trip when `people` names every seat and person the mails are for (their links and keys need no
 * read); through Prisma without a pool.
 */
export async function writeOutboxNow(
  deps: Pick<ServiceDeps, 'db' | 'pool' | 'config'>,
  mails: OutboxMail[],
  now: Date,
  opts: { skipDuplicates?: boolean; people?: KnownPeople } = {},
): Promise<{ id: string; messageId: string }[]> {
  const { people, ...write } = opts;
  return inTransaction(
    deps,
    (tx) => {
      if (people) rememberLockedPeople(tx, people.seats, people.persons);
      return writeOutbox(tx, deps.config, mails, now, write);
    },
    { deferWrites: true },
  );
}

/** Queues one mail (see `writeOutbox`); returns its id and Message-ID. */
export async function queueMail(
  client: OutboxClient,
  site: OutboxSite,
  mail: OutboxMail,
  now: Date,
): Promise<{ id: string; messageId: string }> {
  const [queued] = await writeOutbox(client, site, [mail], now);
  return queued;
}

/** The header that marks a reply acknowledging accepted orders (its value `accepted`). */
export const ACK_HEADER = 'X-PBEM-Reply';

/** Kinds that answer an inbound mail (counted by the reply budgets). */
export const REPLY_KINDS = ['reply', 'refusal'];

/**
 * The two hourly reply budgets of an address, which never share a count:
 * - `player`: answers to authenticated mail (a seat's reply token or SIGNON, the moderator's), sent to the
 *   registered address and tied to a game (`MAIL_REPLY_LIMIT_PER_HOUR`);
 * - `stranger`: refusals of unauthenticated mail, sent to its From, which anyone can forge, and tied to no game
 *   (`MAIL_REFUSAL_LIMIT_PER_HOUR`). Forged mail "from" a player spends this one, never the player's.
 */
export type ReplyBudget = 'player' | 'stranger';

/** The hourly limits of the two budgets. */
export interface ReplyLimits {
  MAIL_REPLY_LIMIT_PER_HOUR: number;
  MAIL_REFUSAL_LIMIT_PER_HOUR: number;
}

// The replies of a budget to an address ($1, any case) since $2, in one statement: the player's (tied to a game)
// and the strangers' (tied to none). Acknowledgements of accepted orders are outside the budget
// (src/mail/ack-fold.ts), and spend none of it.
const spentSince = (name: string, tied: string, kinds: readonly string[]) =>
  statement(
    name,
    ['text', 'timestamp(3)', 'text'],
    `SELECT count(*)::int AS sent, count(*) FILTER (WHERE headers ->> $3 = 'accepted')::int AS acks
     FROM "Outbox"
     WHERE lower("toAddress") = lower($1) AND "createdAt" >= $2::timestamp(3) AND kind IN (${kinds.map((k) => `'${k}'`).join(', ')})
       AND "gameId" ${tied}`,
  );
const SPENT = {
  player: spentSince('reply_budget_player', 'IS NOT NULL', REPLY_KINDS),
  stranger: spentSince('reply_budget_stranger', 'IS NULL', ['refusal']),
};

/** The read of what a budget has spent on `address` this hour (`budgetLeftFrom` reads its rows). */
export function budgetRead(address: string, budget: ReplyBudget, now: Date): [Statement, unknown[]] {
  const since = new Date(now.getTime() - 3600_000).toISOString();
  return [SPENT[budget], [address, since, ACK_HEADER]];
}

/** Whether one more reply of a budget may go, from the rows of its `budgetRead`. */
export function budgetLeftFrom(rows: unknown[], budget: ReplyBudget, limits: ReplyLimits): boolean {
  const [row] = rows as { sent: number; acks: number }[];
  const player = budget === 'player';
  const spent = row.sent - (player ? row.acks : 0);
  return spent < (player ? limits.MAIL_REPLY_LIMIT_PER_HOUR : limits.MAIL_REFUSAL_LIMIT_PER_HOUR);
}

/** Whether one more reply of a budget may go to `address` this hour (counted in the outbox: across processes). */
export async function replyBudgetLeft(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  address: string,
  budget: ReplyBudget,
  limits: ReplyLimits,
  now: Date,
): Promise<boolean> {
  const [statement, params] = budgetRead(address, budget, now);
  return budgetLeftFrom(await readOne(deps, statement, params), budget, limits);
}

const ANSWER_QUEUED = statement('outbox_answer_queued', ['text'], 'SELECT 1 AS queued FROM "Outbox" WHERE id = $1');

/** The read of whether the answer of id `answerId` is in the outbox (any row: it is). */
export const answerQueuedRead = (answerId: string): [Statement, unknown[]] => [ANSWER_QUEUED, [answerId]];

/** Whether the answer of id `answerId` is in the outbox (queued by this processing of a mail or an earlier one). */
export async function answerQueued(deps: Pick<ServiceDeps, 'db' | 'pool'>, answerId: string): Promise<boolean> {
  const [statement, params] = answerQueuedRead(answerId);
  return (await readOne(deps, statement, params)).length > 0;
}

/**
 * Queues the one answer (reply or refusal) of an inbound mail under the id `answerId` derived from the stored mail:
 * when the mail is processed again (its first processing died), an answer queued the first time is not queued
 * again. A new answer counts against a reply budget of its address: the player's when it is tied to a game (an
 * authenticated mail's), the strangers' otherwise. Returns whether the mail has its answer.
 * `notQueuedYet`: the caller has just looked for the answer and found none (the look is not made twice);
 * `budgetLeft`: the caller has just read the budget of the mail's address (`budgetRead`), with the look; `people`:
 * the game's seats and persons as the caller read them (see `writeOutboxNow`).
 */
export async function queueAnswer(
  deps: Pick<ServiceDeps, 'db' | 'pool' | 'config' | 'clock'>,
  mail: ComposedMail,
  answerId: string,
  opts: { notQueuedYet?: boolean; budgetLeft?: boolean; people?: KnownPeople } = {},
): Promise<boolean> {
  if (!opts.notQueuedYet && (await answerQueued(deps, answerId))) return true;
  const now = deps.clock();
  const budget: ReplyBudget = mail.gameId ? 'player' : 'stranger';
  const left = opts.budgetLeft ?? (await replyBudgetLeft(deps, mail.to, budget, deps.config, now));
  if (!left) return false;
  await writeOutboxNow(deps, [{ ...mail, id: answerId }], now, { skipDuplicates: true, people: opts.people });
  return true;
}
