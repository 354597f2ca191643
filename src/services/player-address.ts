/**
 * A player confirming or changing its address from its page, when mail to it bounces (docs/email.md, "Bounces").
 * Confirming resets the address's status (its bounces are counted again from nothing); changing it writes the new
 * address on the person and every seat it holds (one, for a seat held alone), and starts it at "ok".
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
  const personId =
    'personId' in holder
      ? holder.personId
      : (await deps.db.seat.findFirst({ where: { id: holder.seatId, gameId }, select: { personId: true } }))?.personId;
  // The address is the person's: every seat it holds (one, for a seat held alone) changes with it.
  const seats = personId
    ? await deps.db.seat.findMany({
        where: { gameId, personId },
        select: { id: true, side: true, email: true },
        orderBy: { side: 'asc' },
      })
    : [];
  if (!personId || !seats.length) throw badRequest('seat/not-found', 'no seat of this game');
  const current = seats.find((s) => 'seatId' in holder && s.id === holder.seatId)?.email ?? seats[0].email;
  if (newEmail === undefined) {
    await resetMailStatus(deps.db, current);
    return current;
  }
  const parsed = email.safeParse(newEmail);
  if (!parsed.success) throw badRequest('request/invalid', 'not an email address');
  const address = parsed.data;
  await deps.db.$transaction(async (tx) => {
    await tx.seat.updateMany({ where: { id: { in: seats.map((s) => s.id) } }, data: { email: address } });
    await tx.person.update({ where: { id: personId }, data: { email: address } });
    await resetMailStatus(tx, address);
    const detail = { sides: seats.map((s) => s.side), from: current, to: address };
    await tx.auditLog.create({ data: { gameId, actor: `seat:${seats[0].side}`, action: 'address-changed', detail } });
  });
  return address;
}
