/**
 * The jobs worker's `mail-delivery` queue runs the mail delivery it is given (injected by the composition root, no
 * global hook): a job runs it with the service's dependencies, again while it reports a full batch; the mail
 * worker's own delivery delivers nothing until that worker runs.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { type JobsWorker, type MailDelivery, startJobsWorker } from '../../src/jobs/worker.ts';
import { createMailWorker } from '../../src/mail/worker.ts';
import { QUEUES } from '../../src/queue/queues.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { waitFor } from './support/processes.ts';

let tdb: TestDatabase;
let deps: ServiceDeps;
let worker: JobsWorker;
const runs: ServiceDeps[] = [];

/** A delivery that reports a full batch the first time (run again) and a short one after. */
const delivery: MailDelivery = async (d) => {
  runs.push(d);
  return { handled: runs.length === 1 ? 10 : 3, batchSize: 10 };
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: tdb.url, JOB_POLL_SECONDS: 0.5 });
  deps = withNotifier({ db: tdb.db, log: pino({ level: 'silent' }), config, clock: () => new Date() });
  worker = await startJobsWorker(deps, tdb.url, { mailDelivery: delivery });
});
afterAll(async () => {
  await worker?.stop();
  await tdb.drop();
});

describe('the mail-delivery queue', () => {
  it('runs the injected delivery with the service dependencies, again after a full batch', async () => {
    // One job (the queue's cron may add another): it runs the delivery twice, the first batch being full.
    await worker.boss.send(QUEUES.mail, {});
    expect(await waitFor(async () => runs.length >= 2, 20_000)).toBe(true);
    expect(runs[0]).toBe(deps);
    expect(runs[1]).toBe(deps);
  });

  it("delivers nothing with the mail worker's delivery while that worker is not running", async () => {
    const { delivery: mailDelivery } = createMailWorker();
    expect(await mailDelivery(deps)).toBeNull();
  });
});
