/**
 * Intake benchmark: order mails per second through the built-in SMTP listener, end to end (SMTP session, raw
 * message stored, parsed, authenticated by reply token, order text read, checked by the engine, reply written to
 * the outbox). Postgres: BENCH_DATABASE_URL or DATABASE_URL, else an embedded server under data/bench-intake-pg
 * (a fresh database is created on it and dropped afterwards).
 * Usage: npm run bench:intake [-- --mails 2000 --connections 8 --outbox-rows 0]
 * `--outbox-rows N`: the outbox holds N mails sent before (a service some months in), as the reads of an answer see it.
 * Aim: 200 mails a second. Last line: { mails, connections, seconds, mailsPerSecond, processed, replies, ... }
 */
import { printFigures } from './report.ts';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { testConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createScratchDatabase } from './scratch-database.ts';
import './prisma-compile-cost.ts';
import { backendCpuSeconds, ownCpuSeconds, statementCounts, statementsPer } from './statement-count.ts';
import { startSmtpListener } from '../src/mail/smtp-listener.ts';
import { createGame } from '../src/services/games.ts';
import { createSqlPool, type ServiceDeps } from '../src/services/deps.ts';
import { withNotifier } from '../src/server/notifier.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MAILS = arg('mails', 2000);
const CONNECTIONS = arg('connections', 8);
// Mails sent before, as a service some months in has them: the outbox keeps every mail (reads that scan it slow down).
const OUTBOX_ROWS = arg('outbox-rows', 0);
const embedded =
  (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)
    ? null
    : await startEmbeddedPostgres({
        dir: 'data/bench-intake-pg',
        port: Number(process.env.BENCH_PG_PORT ?? 54341),
        database: 'postgres',
      });
const server = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? (embedded as { url: string }).url;

/**
 * `rows` sent mails of 10,000 other players over the last week, a third of them results and the rest replies (a tenth
 * of the replies tied to no game: refusals), as the outbox of a busy service has them.
 */
async function fillOutbox(db: ReturnType<typeof createDb>, gameId: string, rows: number): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO "Outbox" (id, "gameId", kind, "toAddress", subject, "messageId", text, status, "createdAt", "sentAt")
     SELECT 'filler-' || g, CASE WHEN g % 10 = 1 THEN NULL ELSE $1 END,
       CASE WHEN g % 3 = 0 THEN 'result' WHEN g % 10 = 1 THEN 'refusal' ELSE 'reply' END,
       'player' || (g % 10000) || '@example.org', 'Step', '<filler-' || g || '@judge.test>', 'text', 'sent',
       now() - (g % 10080) * interval '1 minute', now() - (g % 10080) * interval '1 minute'
     FROM generate_series(1, $2::int) g`,
    gameId,
    rows,
  );
  await db.$executeRawUnsafe('ANALYZE "Outbox"');
}

const name = `pbem_bench_${randomBytes(4).toString('hex')}`;
const scratch = await createScratchDatabase(server, name);
const url = new URL(scratch.url);
try {
  const db = createDb(url.toString(), { max: 20 });
  const pool = createSqlPool(url.toString(), { max: 20 });
  const deps: ServiceDeps = withNotifier({
    db,
    pool, // as the service has: its hot paths in SQL run on it
    log: pino({ level: 'silent' }),
    config: testConfig({ MAIL_DOMAIN: 'judge.test', MAIL_REPLY_LIMIT_PER_HOUR: 1_000_000 }),
    clock: () => new Date(),
  });
  const game = await createGame(deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    seats: [
      { side: 'allied', email: 'ally@example.org' },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja' },
    ],
  });
  const seat = await db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'allied' } });
  if (OUTBOX_ROWS) await fillOutbox(db, game.id, OUTBOX_ROWS);
  const listener = await startSmtpListener(deps, { port: 0, host: '127.0.0.1' });
  const to = `orders+${seat.mailToken}@judge.test`;
  const body =
    'PLACE C01 C02 -> WA\nPLACE C03 -> Central Gap\n\nOn Sun, 22 Nov 2026 at 10:00, ' +
    'Judge <judge@judge.test> wrote:\n> Result of step 0\n> PLACE C09 -> CB\n';
  const send = async (from: number, count: number) => {
    const t = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
    });
    for (let i = 0; i < count; i++) {
      await t.sendMail({
        from: 'ally@example.org',
        to,
        subject: 'Re: [Game] Step 0',
        text: body,
        messageId: `<bench-${from + i}-${name}@example.org>`,
      });
    }
    t.close();
  };
  await send(-50, 50); // warm-up
  const per = Math.ceil(MAILS / CONNECTIONS);
  const dbCpuBefore = await backendCpuSeconds(server, name);
  const cpuBefore = ownCpuSeconds();
  const countsBefore = statementCounts();
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => send(c * per, per)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const total = per * CONNECTIONS;
  // CPU of this process (the SMTP client side included) and of its Postgres backends, per mail.
  const cpuMsPerMail = +(((ownCpuSeconds() - cpuBefore) * 1000) / total).toFixed(2);
  const statements = statementsPer(countsBefore, statementCounts(), total);
  const dbCpuMsPerMail = +((((await backendCpuSeconds(server, name)) - dbCpuBefore) * 1000) / total).toFixed(2);
  const processed = await db.inboundMail.count({
    where: { status: 'processed', messageId: { startsWith: '<bench-' } },
  });
  const replies = await db.outbox.count({ where: { kind: 'reply', NOT: { id: { startsWith: 'filler-' } } } });
  const figures = {
    mails: total,
    connections: CONNECTIONS,
    outboxRows: OUTBOX_ROWS,
    seconds: +seconds.toFixed(2),
    mailsPerSecond: +(total / seconds).toFixed(1),
    processed,
    replies,
    cpuMsPerMail,
    dbCpuMsPerMail,
    statementsPerMail: statements.total,
    statementKindsPerMail: statements.byKind,
    loadAverage: (await import('node:os')).loadavg()[0],
  };
  // One line, the last: the figures for a script (aim: 200 mails a second on this machine).
  printFigures({ ...figures, targetMailsPerSecond: 200 });
  await listener.close();
  await db.$disconnect();
  await pool.end();
} finally {
  await scratch.drop();
  await embedded?.stop();
}
