/**
 * Every mail is a way back in: each mail to a player carries a fresh sign-in link (/in/<key>) that opens its page,
 * expires after SIGN_IN_LINK_DAYS, and dies when the seat's token is rotated; a browser without a session meets a
 * sign-in page that mails a fresh link to the address on file, answering every address alike, at most
 * SIGN_IN_REQUESTS_PER_HOUR times an hour per address. The page only queues a job; the mail is composed when
 * the job runs (in a worker).
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_SLOT } from '../../src/mail/sign-in-slot.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { QUEUES, type SignInLinkJob } from '../../src/queue/queues.ts';
import { handleSignInLinkJob, SIGN_IN_REQUESTS_PER_HOUR } from '../../src/services/sign-in-links.ts';
import { createGameVia, postOrders, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from './helpers.ts';

let now = new Date('2026-12-01T09:00:00Z');
let t: TestApp;
let boss: PgBoss;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, config: { PUBLIC_URL: 'https://judge.test', SIGN_IN_LINK_DAYS: 14 } });
  // The job tables exist, as they do once a worker has started on the database.
  boss = await startBoss({ databaseUrl: t.database.url, config: t.deps.config, log: t.deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

/** Runs the queued sign-in-link jobs as the worker does (src/jobs/worker.ts); returns how many mails they queued. */
async function runSignInJobs(): Promise<number> {
  let mailed = 0;
  for (;;) {
    const jobs = await boss.fetch<SignInLinkJob>(QUEUES.signInLink, { batchSize: 20 });
    if (!jobs.length) return mailed;
    for (const job of jobs) {
      mailed += await handleSignInLinkJob(t.deps, job.data);
      await boss.complete(QUEUES.signInLink, job.id);
    }
  }
}

const LINK = /https:\/\/judge\.test\/in\/([A-Za-z0-9_-]{40,})/g;

/** The sign-in keys in a mail's text part. */
const keysOf = (text: string): string[] => [...text.matchAll(LINK)].map((m) => m[1]);

/** The outbox mails of a game to an address, oldest first. */
const mailsTo = (gameId: string, to: string) =>
  t.db.outbox.findMany({ where: { gameId, toAddress: to }, orderBy: { createdAt: 'asc' } });

/** A toy game with both seats' first picks in, so each seat has its welcome mail and a result mail. */
async function playedGame() {
  const g = await createGameVia(t, toyPayload());
  for (const seat of ['a', 'b']) expect((await postOrders(t, g.id, g.seat[seat], { pick: 2 })).statusCode).toBe(200);
  return g;
}

describe('the sign-in link in every mail', () => {
  it('every mail to a player has its own fresh link, in the text and the HTML, and no slot left', async () => {
    const g = await playedGame();
    const mails = await mailsTo(g.id, 'a@example.org');
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['welcome', 'result']));
    const keys = mails.map((m) => keysOf(m.text));
    for (const [i, m] of mails.entries()) {
      expect(keys[i], m.kind).toHaveLength(1);
      expect(m.html).toContain(`href="https://judge.test/in/${keys[i][0]}"`);
      expect(m.text + m.html).not.toContain(SIGN_IN_SLOT);
    }
    expect(new Set(keys.flat()).size).toBe(mails.length);
  });

  it('opens the page of its seat, and only until it expires', async () => {
    const g = await playedGame();
    const [result] = (await mailsTo(g.id, 'b@example.org')).filter((m) => m.kind === 'result');
    const [key] = keysOf(result.text);
    const browser = client(t.app);
    const signIn = await browser.get(`/in/${key}`);
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe(`/play/${g.id}`);
    const page = await browser.get(`/play/${g.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="_csrf"');
    const saved = now;
    now = new Date(now.getTime() + 14 * 86_400_000 + 1000);
    try {
      const late = await client(t.app).get(`/in/${key}`);
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain(`action="/play/${g.id}/sign-in-link"`);
    } finally {
      now = saved;
    }
  });

  it('dies when the seat token is rotated', async () => {
    const g = await playedGame();
    const [result] = (await mailsTo(g.id, 'a@example.org')).filter((m) => m.kind === 'result');
    const [key] = keysOf(result.text);
    const rotate = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/seats/a/rotate-token`,
      headers: g.moderator,
    });
    expect(rotate.statusCode, rotate.body).toBe(200);
    expect((await client(t.app).get(`/in/${key}`)).statusCode).toBe(410);
  });

  it('a made-up or malformed key is not a link', async () => {
    expect((await client(t.app).get(`/in/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await client(t.app).get('/in/short')).statusCode).toBe(404);
  });

  it('signs a person holding several seats in as that person', async () => {
    const g = await createGameVia(
      t,
      toyPayload({
        seats: [
          { side: 'a', email: 'both@example.org' },
          { side: 'b', email: 'Both@example.org' },
        ],
      }),
    );
    const [welcome] = await mailsTo(g.id, 'both@example.org');
    const [key] = keysOf(welcome.text);
    const browser = client(t.app);
    expect((await browser.get(`/in/${key}`)).statusCode).toBe(303);
    const page = await browser.get(`/play/${g.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/2 seats/);
  });
});

describe('the sign-in page', () => {
  it('meets a browser without a session, with the address form', async () => {
    const g = await playedGame();
    const page = await client(t.app).get(`/play/${g.id}`);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain(`action="/play/${g.id}/sign-in-link"`);
    expect(page.body).toContain('type="email"');
  });

  it('mails a working link to the address on file, answers a stranger alike, and stops at the hourly limit', async () => {
    const g = await playedGame();
    const ask = (email: string) => client(t.app).post(`/play/${g.id}/sign-in-link`, { email });
    const signInMails = async () => (await mailsTo(g.id, 'b@example.org')).filter((m) => m.kind === 'sign-in');

    const known = await ask('  B@Example.org ');
    expect(known.statusCode).toBe(200);
    await runSignInJobs();
    const mails = await signInMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('ログイン用リンク');
    const [key] = keysOf(mails[0].text);
    const browser = client(t.app);
    expect((await browser.get(`/in/${key}`)).statusCode).toBe(303);
    expect((await browser.get(`/play/${g.id}`)).statusCode).toBe(200);

    const stranger = await ask('nobody@example.org');
    expect(stranger.statusCode).toBe(200);
    const strip = (html: string) => html.replace(/name="_csrf" value="[^"]*"/g, '');
    expect(strip(stranger.body)).toBe(strip(known.body));
    expect(await runSignInJobs()).toBe(0);
    expect(await t.db.outbox.count({ where: { gameId: g.id, toAddress: 'nobody@example.org' } })).toBe(0);

    for (let i = 1; i < SIGN_IN_REQUESTS_PER_HOUR + 2; i++) expect((await ask('b@example.org')).statusCode).toBe(200);
    await runSignInJobs();
    expect(await signInMails()).toHaveLength(SIGN_IN_REQUESTS_PER_HOUR);
  });

  it('queues the mail as a job: it arrives when the job runs, not before', async () => {
    const g = await playedGame();
    const signInMails = async () => (await mailsTo(g.id, 'a@example.org')).filter((m) => m.kind === 'sign-in');
    const answer = await client(t.app).post(`/play/${g.id}/sign-in-link`, { email: 'a@example.org' });
    expect(answer.statusCode).toBe(200);
    expect(await signInMails()).toHaveLength(0);
    expect(await boss.getQueueSize(QUEUES.signInLink)).toBe(1);
    expect(await runSignInJobs()).toBe(1);
    const mails = await signInMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Your sign-in link');
    const [key] = keysOf(mails[0].text);
    const browser = client(t.app);
    expect((await browser.get(`/in/${key}`)).statusCode).toBe(303);
    expect((await browser.get(`/play/${g.id}`)).statusCode).toBe(200);
  });

  it('refuses a value that is not an address with 400', async () => {
    const g = await playedGame();
    const bad = await client(t.app).post(`/play/${g.id}/sign-in-link`, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(await boss.getQueueSize(QUEUES.signInLink)).toBe(0);
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'sign-in' } })).toBe(0);
  });
});
