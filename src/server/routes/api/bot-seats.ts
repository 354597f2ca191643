/**
 * Who plays a seat (src/services/bot-seats.ts): the moderator hands a seat to the computer player and back; a
 * player takes back its seats the computer plays (until a replacement player took them).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handSeatToBot, handSeatToPlayer, reclaimSeats } from '../../../services/bot-seats.ts';
import { ServiceError } from '../../../services/errors.ts';
import { moderatorOnly, playerOnly, principal } from '../../plugins/auth.ts';
import { bearer, errorBody, gameParams, oneRoleErrors, seatParams } from './schemas.ts';

const controller = z.object({
  side: z.string(),
  bot: z.boolean().describe('the computer player plays the seat now'),
});
const errors = { ...oneRoleErrors, 404: errorBody, 409: errorBody };

export default async function botSeatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:id/seats/:side/bot',
    {
      preValidation: moderatorOnly,
      schema: {
        tags: ['moderation'],
        operationId: 'handSeatToBot',
        summary:
          'Hand a seat to the computer player: it plays the seat from now on (its player may take it back until a ' +
          'replacement takes it); audited, every player told',
        security: bearer,
        params: seatParams,
        response: { 200: controller, ...errors },
      },
    },
    async (request) => handSeatToBot(app.deps, request.params.id, request.params.side),
  );

  r.delete(
    '/api/games/:id/seats/:side/bot',
    {
      preValidation: moderatorOnly,
      schema: {
        tags: ['moderation'],
        operationId: 'handSeatToPlayer',
        summary:
          'Give a seat the computer plays back to its player (a seat created for the computer has none: move it to ' +
          'a new holder instead); audited, every player told',
        security: bearer,
        params: seatParams,
        response: { 200: controller, ...errors },
      },
    },
    async (request) => handSeatToPlayer(app.deps, request.params.id, request.params.side),
  );

  r.post(
    '/api/games/:id/reclaim',
    {
      preValidation: playerOnly,
      schema: {
        tags: ['orders'],
        operationId: 'reclaimSeats',
        summary:
          "Take back the caller's seats the computer player plays (409 `seat/not-bot` when it plays none of them)",
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ sides: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const p = principal(request);
      const who = p.kind === 'person' ? { personId: p.personId } : p.kind === 'seat' ? { seatId: p.seatId } : null;
      if (!who) throw new ServiceError('auth/seat-only', 403, 'only a player takes its seat back');
      const done = await reclaimSeats(app.deps, request.params.id, who);
      if (!done.ok)
        throw new ServiceError(
          `seat/${done.reason === 'notBot' ? 'not-bot' : done.reason === 'replaced' ? 'replaced' : 'none'}`,
          409,
          `nothing taken back: ${done.reason}`,
          { sides: done.sides },
        );
      return { sides: done.sides };
    },
  );
}
