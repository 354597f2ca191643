/**
 * What a test file opens once for all its tests and closes after them: its test app (`useTestApp`) or its bare test
 * database (`useTestDatabase`). Call at the top of the file; the object returned is filled in before the first test.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/** Opens a resource before the file's tests and closes it after them (if it opened); its fields are read in tests. */
function perFile<T extends object>(open: () => Promise<T>, close: (opened: T) => Promise<void>): T {
  const holder = {} as T;
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    Object.assign(holder, opened);
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  return holder;
}

/** The file's test app (a fresh database, the app built on it), closed after the file's tests. */
export const useTestApp = (opts: TestAppOptions = {}): TestApp =>
  perFile(
    () => buildTestApp(opts),
    (t) => t.close(),
  );

/** The file's own migrated test database, dropped after the file's tests. */
export const useTestDatabase = (): TestDatabase => perFile(createTestDatabase, (d) => d.drop());
