/**
 * The jobs worker works the `sign-in-link` queue: a fresh link asked for on the sign-in page is mailed once a
 * worker has run the job the page queued, to the address on file only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobsWorker, startJobsWorker } from '../../src/jobs/worker.ts';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';
import { waitFor } from './support/processes.ts';

let t: TestApp;
let worker: JobsWorker;
beforeAll(async () => {
  t = await buildTestApp({ config: { JOB_POLL_SECONDS: 0.5 } });
  worker = await startJobsWorker(t.deps, t.database.url);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('the sign-in-link queue', () => {
  it('mails the link asked for on the sign-in page once the worker runs the job', async () => {
    const g = await createGameVia(t, toyPayload());
    const signInMails = () => t.db.outbox.findMany({ where: { gameId: g.id, kind: 'sign-in' } });
    const browser = client(t.app);
    expect((await browser.post(`/play/${g.id}/sign-in-link`, { email: 'A@example.org' })).statusCode).toBe(200);
    expect((await browser.post(`/play/${g.id}/sign-in-link`, { email: 'nobody@example.org' })).statusCode).toBe(200);
    expect(await waitFor(async () => (await signInMails()).length > 0, 20_000)).toBe(true);
    const mails = await signInMails();
    expect(mails.map((m) => m.toAddress)).toEqual(['a@example.org']);
    expect(mails[0].text).toMatch(/\/in\/[A-Za-z0-9_-]{40,}/);
  });
});
