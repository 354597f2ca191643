/**
 * The fault tests' players and bookkeeping: Atlantic Wolves mail-play games whose owed seats send the engine's
 * default orders, each by the API (HTTP to the service process) or by mail (nodemailer to its SMTP listener),
 * chosen by a seeded generator; what the service acknowledged (HTTP 2xx with an order id, SMTP 250); mails not
 * acknowledged are sent again, byte for byte, as a sending server retries. `figures` counts, from the database,
 * what a crash may have broken.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../../../src/db/client.ts';
import type { AnyGame, Owed } from '../../../src/engine/types.ts';
import { mailOrderId } from '../../../src/mail/order-mail.ts';
import { formatOrderText } from '../../../src/orders-text/game-text.ts';
import { asEnvelope } from '../../../src/services/json.ts';

/** A game the players drive: its seats' bearer tokens and reply addresses. */
export interface DrivenGame {
  id: string;
  token: Record<string, string>;
  address: Record<string, string>;
}

/** Where the service listens (changes with every restart only if the test wants it to). */
export interface Target {
  http: string;
  smtpPort: number;
}

interface MailAttempt {
  messageId: string;
  to: string;
  raw: string;
}

/** Everything the players sent, and what was acknowledged. */
export class Ledger {
  /** Requests and mails sent so far (retries included): what a trial's kill is timed by. */
  sent = 0;
  apiAttempts = 0;
  /** Order ids the API acknowledged. */
  apiAcked: string[] = [];
  /** Message-IDs the SMTP listener acknowledged (250). */
  mailAcked: string[] = [];
  /** Mails not acknowledged yet, by game, step and seat (sent again until they are). */
  pendingMail = new Map<string, MailAttempt>();
  /** Game, step and seat of every submission made: each is made once (a mail is retried, never made anew). */
  made = new Set<string>();
}

async function sendMail(target: Target, mail: MailAttempt, ledger: Ledger): Promise<boolean> {
  ledger.sent++;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: target.smtpPort,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({ envelope: { from: 'player@example.org', to: [mail.to] }, raw: mail.raw });
    return true;
  } catch {
    return false;
  } finally {
    transport.close();
  }
}

/** Sends the mails not acknowledged yet again; returns how many were acknowledged now. */
export async function retryPendingMail(target: Target, ledger: Ledger): Promise<number> {
  let acked = 0;
  for (const [key, mail] of [...ledger.pendingMail]) {
    if (!(await sendMail(target, mail, ledger))) continue;
    ledger.pendingMail.delete(key);
    ledger.mailAcked.push(mail.messageId);
    acked++;
  }
  return acked;
}

async function submitByApi(target: Target, game: DrivenGame, seat: string, orders: unknown, ledger: Ledger) {
  ledger.apiAttempts++;
  ledger.sent++;
  try {
    const res = await fetch(`${target.http}/api/games/${game.id}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${game.token[seat]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orders }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { orderId?: string };
    if (res.ok && body.orderId) ledger.apiAcked.push(body.orderId);
  } catch {
    // The process died with the request in flight: unknown whether it was stored (the game shows it).
  }
}

function orderMail(game: DrivenGame, seat: string, text: string, messageId: string): MailAttempt {
  const head = [`From: Player <player@example.org>`, `To: ${game.address[seat]}`, `Subject: orders`];
  head.push(`Message-ID: ${messageId}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8');
  const raw = [...head, '', text, ''].join('\r\n');
  return { messageId, to: game.address[seat], raw };
}

/**
 * One pass over a game: every owed seat that has no orders for the current step (and none on their way) sends the
 * engine's default orders, by API or mail at random. Returns false when the game is over.
 */
export async function playOnce(
  db: Db,
  def: AnyGame,
  target: Target,
  game: DrivenGame,
  ledger: Ledger,
  random: () => number,
  tag: string,
): Promise<boolean> {
  const row = await db.game.findUniqueOrThrow({ where: { id: game.id }, select: { status: true, currentStep: true } });
  if (row.status === 'finished') return false;
  const step = await db.step.findFirst({
    where: { gameId: game.id, number: row.currentStep },
    select: { id: true, status: true, owed: true, envelope: true },
  });
  if (step?.status !== 'open') return true;
  const orders = await db.order.findMany({ where: { stepId: step.id }, select: { seat: { select: { side: true } } } });
  const sent = new Set(orders.map((o) => o.seat.side));
  const state = asEnvelope(step.envelope).state;
  const work: Promise<void>[] = [];
  for (const { seat } of step.owed as unknown as Owed[]) {
    const key = `${game.id}:${row.currentStep}:${seat}`;
    if (sent.has(seat) || ledger.pendingMail.has(key)) continue;
    const chosen = def.defaultOrders(state, seat);
    // A mail is made once and retried as it is; an API call whose fate is unknown is made again only if no order
    // arrived (the process died before storing it).
    const byMail = ledger.made.has(key) ? false : random() < 0.5;
    ledger.made.add(key);
    if (!byMail) {
      work.push(submitByApi(target, game, seat, chosen, ledger));
      continue;
    }
    const text = formatOrderText(def, { data: def.defaultData }, chosen, 'en').join('\n');
    const mail = orderMail(game, seat, text, `<${tag}.${key.replace(/:/g, '.')}@players.example.org>`);
    ledger.pendingMail.set(key, mail);
    work.push(
      sendMail(target, mail, ledger).then((ok) => {
        if (!ok) return;
        ledger.pendingMail.delete(key);
        ledger.mailAcked.push(mail.messageId);
      }),
    );
  }
  await Promise.all(work);
  return true;
}

/** What a crash may have broken, counted from the database. */
export interface Figures {
  /** Open current steps of active games with every owed order in: stuck. */
  stuck: number;
  /** Orders acknowledged but missing (API), and acknowledged mails unfinished or accepted without their order. */
  lost: number;
  /** Orders stored twice for one submission: more than one order of a source for one step and seat. */
  doubled: number;
  /** Result mails written twice for one step and seat (a result mail's first heading names its steps). */
  resultsDoubled: number;
  /** Result mails missing (published steps times seats, less result mails). */
  resultsMissing: number;
  /** Acknowledged mails with no answer, and answers beyond the first. */
  unanswered: number;
  answersDoubled: number;
  /** Steps published, all games together. */
  published: number;
}

const STUCK = `
  SELECT count(*)::int AS n FROM "Game" g JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"
  WHERE g.id = ANY($1::text[]) AND g.status = 'active' AND st.status = 'open'
    AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(st.owed) AS w(seat text) WHERE NOT EXISTS (
      SELECT 1 FROM "Order" o JOIN "Seat" se ON se.id = o."seatId" WHERE o."stepId" = st.id AND se.side = w.seat))`;
const DOUBLED_ORDERS = `
  SELECT COALESCE(sum(n - 1), 0)::int AS n FROM (
    SELECT count(*) AS n FROM "Order" WHERE "gameId" = ANY($1::text[]) GROUP BY "stepId", "seatId", source) x
  WHERE n > 1`;
const RESULT_MAILS = `
  SELECT COALESCE(sum(n - 1) FILTER (WHERE n > 1), 0)::int AS doubled, COALESCE(sum(n), 0)::int AS rows FROM (
    SELECT count(*) AS n FROM "Outbox" WHERE "gameId" = ANY($1::text[]) AND kind = 'result'
    GROUP BY "gameId", "seatId", substring(text from '== ([^=]*) ==')) x`;

/** Counts, from the database, what the kills may have broken among `gameIds` and the ledger's submissions. */
export async function figures(db: Db, gameIds: string[], ledger: Ledger): Promise<Figures> {
  const [{ n: stuck }] = await db.$queryRawUnsafe<{ n: number }[]>(STUCK, gameIds);
  const [{ n: doubled }] = await db.$queryRawUnsafe<{ n: number }[]>(DOUBLED_ORDERS, gameIds);
  const [results] = await db.$queryRawUnsafe<{ doubled: number; rows: number }[]>(RESULT_MAILS, gameIds);
  const apiFound = await db.order.count({ where: { id: { in: ledger.apiAcked } } });
  const rows = await db.inboundMail.findMany({
    where: { messageId: { in: ledger.mailAcked } },
    select: { id: true, messageId: true, status: true, result: true },
  });
  const done = (m: string) => rows.some((r) => r.messageId === m && r.status === 'processed');
  const unfinished = ledger.mailAcked.filter((m) => !done(m)).length;
  const accepted = rows.filter((r) => (r.result as { outcome?: string } | null)?.outcome === 'accepted');
  const acceptedFound = await db.order.count({ where: { id: { in: accepted.map((r) => mailOrderId(r.id)) } } });
  const published = await db.step.count({ where: { gameId: { in: gameIds }, status: 'published' } });
  // A reply answers the mail it is threaded under; an acknowledgement, every mail folded into it (its header).
  const replies = await db.outbox.findMany({
    where: { gameId: { in: gameIds }, kind: 'reply' },
    select: { inReplyTo: true, headers: true },
  });
  const acked = new Set(ledger.mailAcked);
  const perMail = new Map<string, number>();
  for (const { inReplyTo, headers } of replies) {
    const folded = (headers as Record<string, string>)['X-PBEM-Acknowledges'];
    for (const m of folded ? folded.split(' ') : [inReplyTo as string])
      if (acked.has(m)) perMail.set(m, (perMail.get(m) ?? 0) + 1);
  }
  return {
    stuck,
    lost: ledger.apiAcked.length - apiFound + unfinished + (accepted.length - acceptedFound),
    doubled,
    resultsDoubled: results.doubled,
    resultsMissing: published * 2 - (results.rows - results.doubled),
    unanswered: ledger.mailAcked.filter((m) => !perMail.has(m)).length,
    answersDoubled: [...perMail.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
    published,
  };
}
