/** The audit log: every moderator and operator action, written in the transaction of the action itself. */
import type { SqlTx } from './deps.ts';
import { asJson } from './json.ts';
import { insertRows } from '../db/insert-rows.ts';

/** Records one action (`actor`: "moderator", "operator", "system" or "seat:<side>"). */
export async function audit(
  tx: SqlTx,
  gameId: string,
  actor: string,
  action: string,
  detail: Record<string, unknown> = {},
  at?: Date,
): Promise<void> {
  await insertRows(tx, 'AuditLog', [{ gameId, actor, action, detail: asJson(detail), ...(at ? { at } : {}) }], {
    detail: 'jsonb',
  });
}
