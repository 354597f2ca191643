import { expect, it } from 'vitest';
import { useTestDatabase } from '../support/per-file.ts';

const t = useTestDatabase();

it('each test file gets its own migrated database', async () => {
  const rows = await t.db.$queryRawUnsafe<{ db: string }[]>('SELECT current_database() AS db');
  expect(rows[0].db).toMatch(/^pbem_test_/);
  await t.db.setting.create({ data: { key: 'k', value: 'v' } });
  expect(await t.db.setting.count()).toBe(1);
});

it('catalog columns of type name can be read (adapter-pg OID 19 fix)', async () => {
  const rows = await t.db.$queryRawUnsafe<{ tablename: string }[]>(
    "SELECT tablename FROM pg_tables WHERE tablename = 'Game'",
  );
  expect(rows.map((r) => r.tablename)).toEqual(['Game']);
});
