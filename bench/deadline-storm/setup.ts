/**
 * Set-up of the deadline storm: N minimal games (the two-seat toy game, one round: both seats owe orders at
 * step 0) inserted in bulk, every step 0 with the same deadline, and its deadline job queued for that instant, as
 * the service would have queued it when the step opened. Policy: default orders right at the deadline.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { startGame } from '../../src/engine/step-runner.ts';
import { QUEUES, jobIdFor } from '../../src/queue/queues.ts';
import { toyGame } from '../../src/games/toy/index.ts';

/** Makers of random hex tokens and uuids; `deterministic`: derived from a counter (two runs make the same). */
function idMakers(deterministic: boolean): { hex: () => string; uuid: () => string } {
  let counter = 0;
  const derived = () => createHash('sha256').update(`storm:${counter++}`).digest('hex');
  const hex = deterministic ? () => derived().slice(0, 32) : () => randomBytes(16).toString('hex');
  const uuid = deterministic
    ? () => {
        const h = derived();
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
      }
    : randomUUID;
  return { hex, uuid };
}

/** One block of games in one transaction: the games, their two seats and their step 0 (envelope and owed as JSON). */
async function insertBlock(
  client: pg.Client,
  games: { id: string; step: string }[],
  ids: { hex: () => string; uuid: () => string },
  step0: { envelope: string; owed: string; deadlineAt: Date },
): Promise<void> {
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO "Game" (id, name, game, "rulesVersion", mode, options, "missedPolicy", "graceSeconds",
       "reminderHours", "seedSecret", "seedCommitment", "moderatorTokenHash", "moderatorEmail", "updatedAt")
     SELECT g, 'Storm ' || g, 'toy', $3, 'mail', '{"rounds":1}', 'default-after-grace', 0, '{}', 'storm-secret', 'c',
       h, 'mod@example.org', now()
     FROM unnest($1::text[], $2::text[]) AS t(g, h)`,
    [games.map((g) => g.id), games.map(() => ids.hex()), toyGame.rulesVersion],
  );
  for (const side of ['a', 'b']) {
    const params = [
      games.map((g) => g.id),
      side,
      ...[0, 1, 2, 3].map(() => games.map(() => ids.hex())),
      games.map(() => ids.uuid()),
    ];
    // Each seat is held alone: its person carries the same secrets (the person's id is the seat's).
    for (const [table, extra] of [
      ['Person', ''],
      ['Seat', ', side, "personId"'],
    ])
      await client.query(
        `INSERT INTO "${table}" (id, "gameId", email, "tokenHash", "mailTokenHash", "mailToken", "calendarToken",
           "updatedAt"${extra})
         SELECT s, g, $2 || '-' || g || '@example.org', t1, t2, t3, t4, now()${extra ? ', $2, s' : ''}
         FROM unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           AS t(g, t1, t2, t3, t4, s)`,
        params,
      );
  }
  await client.query(
    `INSERT INTO "Step" (id, "gameId", number, envelope, owed, "deadlineAt")
     SELECT s, g, 0, $3::jsonb, $4::jsonb, $5 FROM unnest($1::text[], $2::text[]) AS t(s, g)`,
    [games.map((g) => g.step), games.map((g) => g.id), step0.envelope, step0.owed, step0.deadlineAt],
  );
  await client.query('COMMIT');
}

/**
 * Inserts `n` games with step 0 due at `deadlineAt` and queues their deadline jobs. Returns the game ids.
 * `deterministic`: step ids and tokens derived from the game ids (two runs write the same rows).
 */
export async function seedStorm(
  databaseUrl: string,
  boss: PgBoss,
  n: number,
  deadlineAt: Date,
  opts: { deterministic?: boolean } = {},
): Promise<string[]> {
  const makers = idMakers(opts.deterministic ?? false);
  const started = startGame(toyGame, { mode: 'mail', options: { rounds: 1 }, secret: 'storm-secret' });
  if (!started.ok) throw new Error(started.errors.join('; '));
  const envelope = JSON.stringify(started.envelope);
  const owed = JSON.stringify(toyGame.owed(started.envelope.state as Parameters<typeof toyGame.owed>[0]));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids: string[] = [];
  try {
    for (let from = 0; from < n; from += 1000) {
      const size = Math.min(1000, n - from);
      const games = Array.from({ length: size }, (_, i) => ({
        id: `storm${String(from + i).padStart(6, '0')}`,
        step: makers.uuid(),
      }));
      ids.push(...games.map((g) => g.id));
      await insertBlock(client, games, makers, { envelope, owed, deadlineAt });
      const at = deadlineAt.toISOString();
      await boss.insert(
        games.map((g) => ({
          id: jobIdFor(`${QUEUES.deadline}:${g.step}:${at}`),
          name: QUEUES.deadline,
          data: { gameId: g.id, stepId: g.step, at },
          startAfter: at,
        })),
      );
    }
  } finally {
    await client.end();
  }
  return ids;
}

/** How many of the games are resolved with their mails queued (result and missed notices). */
export async function countDone(client: pg.Client): Promise<number> {
  const r = await client.query(
    `SELECT count(*)::int AS n FROM "Step"
     WHERE number = 0 AND status = 'published' AND ("deadlineState"->>'defaultsAnnounced')::boolean`,
  );
  return r.rows[0].n;
}
