/**
 * Multi-row inserts in the caller's transaction, as one SQL statement: the resolution of a step writes its orders,
 * events, mails and punctuality rows this way (one round trip per table instead of one per row).
 */
import { type SqlTx, write } from './sql-tx.ts';

/**
 * The SQL type of a column whose value needs a cast (JSON, arrays of texts or integers); dates are cast to
 * timestamp(3) as UTC.
 */
export type ColumnCast = 'jsonb' | 'text[]' | 'int[]';

/**
 * Inserts `rows` (objects with the same keys, in the same order) into `table`. Values of `jsonb` columns are
 * serialised here. `skipDuplicates`: ON CONFLICT DO NOTHING. A write nobody reads the result of: held until the
 * transaction's next statement where the transaction defers writes (`write` in src/db/sql-tx.ts).
 */
export async function insertRows(
  tx: Pick<SqlTx, '$executeRawUnsafe'>,
  table: string,
  rows: Record<string, unknown>[],
  casts: Record<string, ColumnCast> = {},
  opts: { skipDuplicates?: boolean } = {},
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const cells = columns.map((c) => {
      const cast = casts[c];
      const v = row[c];
      if (v === null || v === undefined) {
        values.push(null);
        return `$${values.length}${cast ? `::${cast}` : ''}`;
      }
      if (cast === 'jsonb') {
        values.push(JSON.stringify(v));
        return `$${values.length}::jsonb`;
      }
      if (cast === 'text[]' || cast === 'int[]') {
        // As JSON text: a parameter every transaction can hold as a literal (src/db/sql-tx.ts).
        values.push(JSON.stringify(v));
        return `ARRAY(SELECT jsonb_array_elements_text($${values.length}::jsonb))::${cast}`;
      }
      if (v instanceof Date) {
        // The columns are timestamp(3) holding UTC: the zone of the ISO text is dropped, whatever the session's.
        values.push(v.toISOString());
        return `$${values.length}::timestamp(3)`;
      }
      values.push(v);
      return `$${values.length}${cast ? `::${cast}` : ''}`;
    });
    return `(${cells.join(', ')})`;
  });
  const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}${opts.skipDuplicates ? ' ON CONFLICT DO NOTHING' : ''}`;
  await write(tx, sql, ...values);
}
