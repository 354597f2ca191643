/** Games: create (operator), read (moderator or seat), history, record. Thin: schema, guard, one service call. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREATE_GAME_SECTIONS, createGame, createGameInputSchema } from '../../../services/games.ts';
import { gameViewFor, personGameViewFor, recordFor, stepFor, stepsFor } from '../../../services/views.ts';
import { anyGameRole, operatorOnly, principal } from '../../plugins/auth.ts';
import { gameRecord, gameView, historyStep, personGameView, stepDetail } from '../../openapi/game-schemas.ts';
import { asResponse } from '../../openapi/shared-schemas.ts';
import { anyRoleErrors, bearer, errorBody, gameParams, stepParams } from './schemas.ts';

export const createdGame = z
  .object({
    id: z.string(),
    name: z.string(),
    game: z.string(),
    mode: z.string(),
    review: z.enum(['auto', 'moderator']),
    commitment: z.string().describe('SHA-256 of the secret seed, revealed when the game ends'),
    moderatorToken: z.string().describe('shown once'),
    seats: z.array(
      z.object({
        side: z.string(),
        email: z.string(),
        name: z.string().nullable(),
        token: z.string().describe('shown once; empty for a bot seat'),
        bot: z
          .literal(true)
          .optional()
          .describe('the computer player plays this seat (its address and token are empty)'),
      }),
    ),
    persons: z
      .array(z.object({ email: z.string(), sides: z.array(z.string()), token: z.string().describe('shown once') }))
      .describe('seats given the same address are held by one person, with a token of its own for all of them'),
    currentStep: z.number(),
  })
  .meta({ id: 'CreatedGame' });

/** The game as the moderator or a seat sees it, or as a person holding several seats does. */
const gameViewAnswer = z.union([gameView, personGameView]);

/** Creating a game (the operator). */
function registerCreateRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games',
    {
      preValidation: operatorOnly,
      config: { inputSections: CREATE_GAME_SECTIONS },
      schema: {
        tags: ['games'],
        operationId: 'createGame',
        summary: 'Create a game (operator: ADMIN_TOKEN); the tokens are shown this once',
        security: bearer,
        body: createGameInputSchema,
        response: { 201: createdGame, 401: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createGame(app.deps, request.body)),
  );
}

/** The game as the caller may see it. */
function registerGameViewRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id',
    {
      preValidation: anyGameRole,
      schema: {
        tags: ['games'],
        operationId: 'getGame',
        summary: "The caller's view of the game (a person's: each of its seats' under bySeat)",
        security: bearer,
        params: gameParams,
        response: { 200: gameViewAnswer, ...anyRoleErrors },
      },
    },
    async (request) => {
      const p = principal(request);
      return asResponse(
        gameViewAnswer,
        p.kind === 'person'
          ? await personGameViewFor(app.deps, request.params.id, p)
          : await gameViewFor(app.deps, request.params.id, p),
      );
    },
  );
}

/** The steps of the game, one step, and the record of a finished game. */
function registerHistoryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id/steps',
    {
      preValidation: anyGameRole,
      schema: {
        tags: ['games'],
        operationId: 'listSteps',
        summary: 'History: every step with the events the caller may see',
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ steps: z.array(historyStep) }), ...anyRoleErrors },
      },
    },
    async (request) => ({
      steps: asResponse(z.array(historyStep), await stepsFor(app.deps, request.params.id, principal(request))),
    }),
  );

  r.get(
    '/api/games/:id/steps/:n',
    {
      preValidation: anyGameRole,
      schema: {
        tags: ['games'],
        operationId: 'getStep',
        summary: 'One step: events, view at its start, the orders the caller may see',
        security: bearer,
        params: stepParams,
        response: { 200: stepDetail, ...anyRoleErrors, 404: errorBody },
      },
    },
    async (request) =>
      asResponse(stepDetail, await stepFor(app.deps, request.params.id, request.params.n, principal(request))),
  );

  r.get(
    '/api/games/:id/record',
    {
      preValidation: anyGameRole,
      schema: {
        tags: ['games'],
        operationId: 'getRecord',
        summary: 'The game record (pbem-record/1) as the caller may see it; the seed once the game is over',
        security: bearer,
        params: gameParams,
        querystring: z.object({
          seat: z.string().min(1).max(40).optional().describe("a person's token: the record of this seat of its own"),
        }),
        response: { 200: gameRecord, ...anyRoleErrors, 403: errorBody },
      },
    },
    async (request) =>
      asResponse(gameRecord, await recordFor(app.deps, request.params.id, principal(request), request.query.seat)),
  );
}

export default async function gameRoutes(app: FastifyInstance): Promise<void> {
  registerCreateRoute(app);
  registerGameViewRoute(app);
  registerHistoryRoutes(app);
}
