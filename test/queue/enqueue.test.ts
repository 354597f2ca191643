import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { enqueue, markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { QUEUES, jobIdFor } from '../../src/queue/queues.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

describe('jobs sent inside a transaction', () => {
  test('before any boss started: nothing is sent, nothing fails', async () => {
    const sent = await tdb.db.$transaction((tx) => enqueue(tx, QUEUES.deadline, { a: 1 }, { key: 'k0' }));
    expect(sent).toBe(false);
  });

  test('commit with the transaction, roll back with it, and one job per key', async () => {
    const boss = await startBoss({
      databaseUrl: tdb.url,
      config: testConfig(),
      log: pino({ level: 'silent' }),
      worker: false,
    });
    markJobTablesInstalled();
    try {
      const at = new Date(Date.now() + 3600_000);
      await tdb.db.$transaction(async (tx) => {
        await enqueue(
          tx,
          QUEUES.deadline,
          { gameId: 'g', stepId: 's', at: at.toISOString() },
          { key: 'k1', startAfter: at },
        );
        await enqueue(
          tx,
          QUEUES.deadline,
          { gameId: 'g', stepId: 's', at: at.toISOString() },
          { key: 'k1', startAfter: at },
        );
      });
      await tdb.db
        .$transaction(async (tx) => {
          await enqueue(tx, QUEUES.deadline, { x: 1 }, { key: 'k2' });
          throw new Error('rollback');
        })
        .catch(() => {});
      const job = await boss.getJobById<{ stepId: string }>(QUEUES.deadline, jobIdFor(`${QUEUES.deadline}:k1`));
      expect(job?.data.stepId).toBe('s');
      expect(job?.startAfter.toISOString()).toBe(at.toISOString());
      expect(await boss.getJobById(QUEUES.deadline, jobIdFor(`${QUEUES.deadline}:k2`))).toBeNull();
      expect(await boss.getQueueSize(QUEUES.deadline)).toBe(1);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
