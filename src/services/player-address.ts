/**
 * A player confirming or changing its address from its page, when mail to it bounces (docs/email.md, "Bounces").
 * Confirming resets the address's status (its bounces are counted again from nothing); changing it writes the new
 * address on the seat (a seat held alone) or on the person and every seat it holds, and starts it at "ok".
 */
import { z } from 'zod';
import type { ServiceDeps } from './deps.ts';
import { badRequest } from './errors.ts';
import { resetMailStatus } from './mail-status.ts';

/** Who acts: a seat held alone, or a person holding several seats. */
export type AddressHolder = { seatId: string } | { personId: string };

const email = z.string().trim().email().max(320);

/**
 * Confirms the holder's address (`newEmail` absent), or changes it. Returns the address mail goes to now. Throws a
 * 400 service error for an address that is not one.
 */
export async function confirmOrChangeAddress(
  deps: Pick<ServiceDeps, 'db'>,
  gameId: string,
  holder: AddressHolder,
  newEmail?: string,
): Promise<string> {
  const seats = await deps.db.seat.findMany({
    where: { gameId, ...('seatId' in holder ? { id: holder.seatId } : { personId: holder.personId }) },
    select: { id: true, side: true, email: true, personId: true },
  });
  if (!seats.length) throw badRequest('seat/not-found', 'no seat of this game');
  const current = seats[0].email;
  if (newEmail === undefined) {
    await resetMailStatus(deps.db, current);
    return current;
  }
  const parsed = email.safeParse(newEmail);
  if (!parsed.success) throw badRequest('request/invalid', 'not an email address');
  const address = parsed.data;
  await deps.db.$transaction(async (tx) => {
    await tx.seat.updateMany({ where: { id: { in: seats.map((s) => s.id) } }, data: { email: address } });
    const personId = seats[0].personId;
    const heldAlone = (await tx.seat.count({ where: { personId } })) === seats.length;
    if (heldAlone) await tx.person.update({ where: { id: personId }, data: { email: address } });
    await resetMailStatus(tx, address);
    const detail = { sides: seats.map((s) => s.side), from: current, to: address };
    await tx.auditLog.create({ data: { gameId, actor: `seat:${seats[0].side}`, action: 'address-changed', detail } });
  });
  return address;
}
