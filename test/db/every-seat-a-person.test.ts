/**
 * The migration that gives every seat a person (prisma/migrations/20261231000000_every_seat_a_person), applied to a
 * database as the version before it left it: games with seats held alone and a person holding several seats,
 * written as that version wrote them, with a sign-in link, browser sessions and absences. Nothing is lost, and every
 * token, reply-to address, SIGNON password, sign-in link, session and calendar URL given out before still works.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.ts';
import { applyMigrationSql } from '../../src/db/migrate.ts';
import { principalFromAddresses, principalFromSignon } from '../../src/mail/auth.ts';
import { authenticate } from '../../src/services/auth.ts';
import { calendarFeedFor } from '../../src/services/deadlines/calendar.ts';
import { redeemSignInLink } from '../../src/services/sign-in-links.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { findWebSession } from '../../src/web/sessions.ts';
import { admin } from '../support/db.ts';

const MIGRATION = '20261231000000_every_seat_a_person';
const name = `pbem_migrate_${randomBytes(6).toString('hex')}`;
const url = (() => {
  const u = new URL(inject('dbServerUrl'));
  u.pathname = `/${name}`;
  return u.toString();
})();
let db: Db;

/** The secrets of a seat or person as the previous version made them (the tokens themselves, kept by the test). */
const secrets = (label: string) => ({
  token: `${label}-token-0123456789abcdef`,
  mailToken: `${label}-mail-0123456789abcdef`,
  calendarToken: `${label}-calendar-0123456789abcdef`,
});
const lone = { a: secrets('lone-a'), b: secrets('lone-b') };
const shared = { person: secrets('person'), a: secrets('shared-a'), b: secrets('shared-b') };
const now = new Date('2026-12-20T10:00:00Z');
const clock = () => now;

async function insertOldRows(c: pg.Client): Promise<void> {
  for (const id of ['g-lone', 'g-shared'])
    await c.query(
      `INSERT INTO "Game" (id, name, game, mode, options, "seedSecret", "seedCommitment", "moderatorTokenHash",
         "updatedAt") VALUES ($1, $1, 'toy', 'mail', '{}', 's', 'c', $2, now())`,
      [id, hashToken(`${id}-moderator`)],
    );
  await c.query(
    `INSERT INTO "Person" (id, "gameId", email, "playerName", locale, "timeZone", "tokenHash", "mailTokenHash",
       "mailToken", "calendarToken", "updatedAt")
     VALUES ('p-shared', 'g-shared', 'Both@Example.org', 'Both', 'ja', 'Asia/Tokyo', $1, $2, $3, $4, now())`,
    [
      hashToken(shared.person.token),
      hashToken(shared.person.mailToken),
      shared.person.mailToken,
      shared.person.calendarToken,
    ],
  );
  const seat = (id: string, gameId: string, side: string, email: string, s: typeof lone.a, personId: string | null) =>
    c.query(
      `INSERT INTO "Seat" (id, "gameId", side, "playerName", email, locale, "timeZone", "tokenHash", "mailTokenHash",
         "mailToken", "calendarToken", "personId", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')`,
      [
        id,
        gameId,
        side,
        `Player ${side}`,
        email,
        side === 'a' ? 'ja' : 'en',
        side === 'a' ? 'Asia/Tokyo' : 'UTC',
        hashToken(s.token),
        hashToken(s.mailToken),
        s.mailToken,
        s.calendarToken,
        personId,
      ],
    );
  await seat('s-lone-a', 'g-lone', 'a', 'alice@example.org', lone.a, null);
  await seat('s-lone-b', 'g-lone', 'b', 'bob@example.org', lone.b, null);
  await seat('s-shared-a', 'g-shared', 'a', 'both@example.org', shared.a, 'p-shared');
  await seat('s-shared-b', 'g-shared', 'b', 'BOTH@example.org', shared.b, 'p-shared');
  await c.query(
    `INSERT INTO "SignInLink" (id, "gameId", "seatId", "personId", "tokenHash", "createdAt", "expiresAt") VALUES
       ($1, 'g-lone', 's-lone-a', NULL, $2, $4, $5), ($3, 'g-shared', NULL, 'p-shared', $6, $4, $5)`,
    [
      hashToken('link-lone'),
      hashToken(lone.a.token),
      hashToken('link-person'),
      now,
      new Date('2026-12-30T00:00:00Z'),
      hashToken(shared.person.token),
    ],
  );
  await c.query(
    `INSERT INTO "WebSession" (id, role, "gameId", "seatId", "seatTokenHash", "personId", "personTokenHash",
       "csrfSecret", "expiresAt") VALUES
       ($1, 'seat', 'g-lone', 's-lone-b', $2, NULL, NULL, 'x', '2027-01-30T00:00:00Z'),
       ($3, 'person', 'g-shared', NULL, NULL, 'p-shared', $4, 'x', '2027-01-30T00:00:00Z')`,
    [hashToken('session-lone'), hashToken(lone.b.token), hashToken('session-person'), hashToken(shared.person.token)],
  );
  await c.query(
    `INSERT INTO "Absence" (id, "seatId", "startsAt", "endsAt") VALUES
       ('abs-lone', 's-lone-a', '2026-12-21T00:00:00Z', '2026-12-22T00:00:00Z'),
       ('abs-shared', 's-shared-b', '2026-12-23T00:00:00Z', '2026-12-24T00:00:00Z')`,
  );
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  await applyMigrationSql(url, { before: MIGRATION });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await insertOldRows(c);
  } finally {
    await c.end();
  }
  await applyMigrationSql(url, { from: MIGRATION });
  db = createDb(url, { max: 4 });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

it('gives each seat held alone a person made from it, and leaves the several-seat person as it was', async () => {
  const seats = await db.seat.findMany({ orderBy: { id: 'asc' }, include: { person: true } });
  expect(seats.map((s) => [s.id, s.personId])).toEqual([
    ['s-lone-a', 's-lone-a'],
    ['s-lone-b', 's-lone-b'],
    ['s-shared-a', 'p-shared'],
    ['s-shared-b', 'p-shared'],
  ]);
  for (const s of seats.filter((x) => x.gameId === 'g-lone')) {
    const { person } = s;
    expect(person).toMatchObject({
      gameId: 'g-lone',
      email: s.email,
      playerName: s.playerName,
      locale: s.locale,
      timeZone: s.timeZone,
      tokenHash: s.tokenHash,
      mailTokenHash: s.mailTokenHash,
      mailToken: s.mailToken,
      calendarToken: s.calendarToken,
    });
  }
  // The seats keep their own secrets; the shared person keeps its own.
  expect(seats.find((s) => s.id === 's-shared-a')?.tokenHash).toBe(hashToken(shared.a.token));
  const person = await db.person.findUniqueOrThrow({ where: { id: 'p-shared' } });
  expect(person).toMatchObject({ email: 'Both@Example.org', tokenHash: hashToken(shared.person.token) });
  expect(await db.person.count()).toBe(3);
});

it('makes every absence its seat person’s', async () => {
  const absences = await db.absence.findMany({ orderBy: { id: 'asc' } });
  expect(absences.map((a) => [a.id, a.seatId, a.personId])).toEqual([
    ['abs-lone', 's-lone-a', 's-lone-a'],
    ['abs-shared', 's-shared-b', 'p-shared'],
  ]);
});

it('still accepts every bearer token given out before, for the same seats', async () => {
  const deps = { db };
  expect(await authenticate(deps, 'g-lone', lone.a.token)).toEqual({
    kind: 'seat',
    gameId: 'g-lone',
    seatId: 's-lone-a',
    side: 'a',
  });
  expect(await authenticate(deps, 'g-lone', lone.b.token)).toMatchObject({ kind: 'seat', seatId: 's-lone-b' });
  expect(await authenticate(deps, 'g-shared', shared.a.token)).toMatchObject({ kind: 'seat', seatId: 's-shared-a' });
  expect(await authenticate(deps, 'g-shared', shared.person.token)).toMatchObject({
    kind: 'person',
    personId: 'p-shared',
    seats: [
      { seatId: 's-shared-a', side: 'a' },
      { seatId: 's-shared-b', side: 'b' },
    ],
  });
  expect(await authenticate(deps, 'g-lone', 'g-lone-moderator')).toEqual({ kind: 'moderator', gameId: 'g-lone' });
  expect(await authenticate(deps, 'g-lone', shared.person.token)).toBeNull();
});

it('still accepts every reply-to address and SIGNON password', async () => {
  const deps = { db, config: { MAIL_DOMAIN: 'pbem.example.org' } } as Parameters<typeof principalFromAddresses>[0];
  const to = (t: string) => [`orders+${t}@pbem.example.org`];
  expect(await principalFromAddresses(deps, to(lone.a.mailToken))).toMatchObject({ kind: 'seat', seatId: 's-lone-a' });
  expect(await principalFromAddresses(deps, to(shared.b.mailToken))).toMatchObject({
    kind: 'seat',
    seatId: 's-shared-b',
  });
  expect(await principalFromAddresses(deps, to(shared.person.mailToken))).toMatchObject({
    kind: 'person',
    personId: 'p-shared',
  });
  expect(await principalFromSignon({ db }, { secret: lone.b.token, game: 'g-lone', side: 'b' })).toMatchObject({
    kind: 'seat',
    seatId: 's-lone-b',
  });
  expect(await principalFromSignon({ db }, { secret: shared.person.token })).toMatchObject({ kind: 'person' });
});

it('still honours the sign-in links, browser sessions and calendar URLs given out before', async () => {
  expect(await redeemSignInLink({ db, clock }, 'link-lone')).toMatchObject({ kind: 'seat', seatId: 's-lone-a' });
  expect(await redeemSignInLink({ db, clock }, 'link-person')).toMatchObject({
    kind: 'person',
    personId: 'p-shared',
  });
  expect(await findWebSession({ db, clock }, 'session-lone')).toMatchObject({ role: 'seat', seatId: 's-lone-b' });
  expect(await findWebSession({ db, clock }, 'session-person')).toMatchObject({
    role: 'person',
    personId: 'p-shared',
  });
  const deps = {
    db,
    config: { PUBLIC_URL: 'https://pbem.example.org' },
  } as unknown as Parameters<typeof calendarFeedFor>[0];
  for (const token of [lone.a.calendarToken, shared.a.calendarToken, shared.person.calendarToken])
    expect(await calendarFeedFor(deps, token)).not.toBeNull();
  expect(await calendarFeedFor(deps, 'unknown-calendar')).toBeNull();
});
