/**
 * The sign-in page's "mail me a fresh link" form tells nobody who plays, not even by how long it takes: a request
 * for an address the game has on file and one for an unknown address run the same database statements on the
 * request path (the mail itself is a job, composed later by a worker). How long each takes is measured by
 * `npm run bench:sign-in-timing` (bench/sign-in-timing.ts), not here: a timing on a shared machine is no test.
 */
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { startJobQueue } from '../support/job-queue.ts';

let now = new Date('2026-12-01T09:00:00Z');
let t: TestApp;
let boss: PgBoss;
let gameId: string;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, config: { SIGN_IN_LIMIT_PER_MINUTE: 10_000 } });
  // The job tables exist, as they do once a worker has started on the database.
  boss = await startJobQueue(t);
  gameId = (await createGameVia(t, toyPayload())).id;
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

const REGISTERED = 'b@example.org';
const UNKNOWN = 'nobody@example.org';

/** Asks for a fresh link for `email`; returns the status. */
const ask = async (email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/play/${gameId}/sign-in-link`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email }).toString(),
    })
  ).statusCode;

/** An hour later: the address may be mailed again (SIGN_IN_REQUESTS_PER_HOUR). */
const nextHour = () => {
  now = new Date(now.getTime() + 3_600_000 + 1000);
};

/** The SQL statements (text only, without values) sent to Postgres while `fn` runs, from any pg client. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String(q?.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen.map((s) => s.replace(/\s+/g, ' ').trim());
}

describe('the "mail me a fresh link" form', () => {
  it('runs the same database statements for a registered address and an unknown one', async () => {
    nextHour();
    const registered = await statementsOf(async () => expect(await ask(REGISTERED)).toBe(200));
    const unknown = await statementsOf(async () => expect(await ask(UNKNOWN)).toBe(200));
    console.log(`statements on the request path: registered ${registered.length}, unknown ${unknown.length}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered).toEqual(unknown);
  });
});
