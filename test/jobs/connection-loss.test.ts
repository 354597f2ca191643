/** Which unhandled rejections a worker survives: lost database connections only (src/jobs/worker.ts). */
import { expect, test } from 'vitest';
import { isConnectionLoss } from '../../src/jobs/worker.ts';

test("a lost connection is recognised by its Postgres or socket code, or by pg's message", () => {
  for (const code of ['57P01', '57P03', 'ECONNREFUSED', 'ECONNRESET', '08006'])
    expect(isConnectionLoss(Object.assign(new Error('x'), { code }))).toBe(true);
  expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isConnectionLoss(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
});

test('anything else is not: a bug still ends the process', () => {
  expect(isConnectionLoss(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  expect(
    isConnectionLoss(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })),
  ).toBe(false);
  expect(isConnectionLoss(undefined)).toBe(false);
  expect(isConnectionLoss('57P01')).toBe(false);
});
