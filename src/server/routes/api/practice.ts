/**
 * `POST /api/practice-games` (operator): a game for one player, the computer player at every other seat
 * (src/services/practice.ts). The answer is game creation's, its tokens shown this once.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPracticeGame, practiceInputSchema } from '../../../services/practice.ts';
import { operatorOnly } from '../../plugins/auth.ts';
import { createdGame } from './games.ts';
import { bearer, errorBody } from './schemas.ts';

/** Registers the operator's practice game creation. */
export default async function practiceApiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/practice-games',
    {
      preValidation: operatorOnly,
      schema: {
        tags: ['games'],
        operationId: 'createPracticeGame',
        summary: 'Create a practice game: one player, the computer at every other seat (operator: ADMIN_TOKEN)',
        security: bearer,
        body: practiceInputSchema,
        response: { 201: createdGame, 400: errorBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createPracticeGame(app.deps, request.body)),
  );
}
