/** The moderator's actions on a game. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seatInputSchema } from '../../../services/games.ts';
import {
  amendOrders,
  approveStep,
  auditLogOf,
  pauseGame,
  rejectStep,
  resumeGame,
  setDeadline,
} from '../../../services/moderation.ts';
import { renewSeatAccess } from '../../../services/seat-access.ts';
import { moveSeat } from '../../../services/seat-holders.ts';
import { moderatorOnly } from '../../plugins/auth.ts';
import { auditEntry, ordersStored, resolveResult } from '../../openapi/game-schemas.ts';
import { seatOrders } from '../../openapi/orders-schema.ts';
import { bearer, errorBody, gameParams, oneRoleErrors, seatParams, stepParams } from './schemas.ts';

/** Every route here: 401 and 403 (the moderator only); a conflict with the game's state: 409. */
const errors = { ...oneRoleErrors, 409: errorBody };
const seatErrors = { ...errors, 404: errorBody }; // seat/not-found
const seatAccessErrors = { ...oneRoleErrors, 404: errorBody }; // a seat's player and tokens: any time
const tags = ['moderation'];

/** Every route here is for the game's moderator only. */
const common = { preValidation: moderatorOnly };

/** Publishing or rejecting a step awaiting review. */
function registerStepReviewRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:id/steps/:n/approve',
    {
      ...common,
      schema: {
        tags,
        operationId: 'approveStep',
        summary: 'Publish a step awaiting review',
        security: bearer,
        params: stepParams,
        response: { 200: z.object({ step: z.number(), finished: z.boolean() }), ...errors },
      },
    },
    async (request) => approveStep(app.deps, request.params.id, request.params.n),
  );

  r.post(
    '/api/games/:id/steps/:n/reject',
    {
      ...common,
      schema: {
        tags,
        operationId: 'rejectStep',
        summary:
          'Reject a step awaiting review: it reopens with its orders kept and a deadline; every seat is told why',
        description:
          'The step resolves again once every owed seat has confirmed (sent its orders again) or revised its orders, ' +
          "or at the deadline with the orders on file. `deadlineAt` (optional, in the future): else the game's rule " +
          'for the step counted from now, else 72 hours.',
        security: bearer,
        params: stepParams,
        body: z
          .object({
            reason: z.string().trim().min(1).max(2000),
            deadlineAt: z.iso.datetime({ offset: true }).optional(),
          })
          .strict(),
        response: {
          200: z.object({ step: z.number(), deadlineAt: z.date(), awaiting: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { reason, deadlineAt } = request.body;
      return rejectStep(app.deps, request.params.id, request.params.n, reason, {
        deadlineAt: deadlineAt ? new Date(deadlineAt) : undefined,
      });
    },
  );
}

/** Amending a seat's orders. */
function registerAmendRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/games/:id/seats/:side/orders',
    {
      ...common,
      schema: {
        tags,
        operationId: 'amendOrders',
        summary: "Amend a seat's orders for the current step (audited)",
        security: bearer,
        params: seatParams,
        body: z.object({ orders: seatOrders, reason: z.string().max(2000).optional() }),
        response: { 200: ordersStored, ...seatErrors, 422: errorBody },
      },
    },
    async (request) => {
      const { repeated: _r, ...stored } = await amendOrders(
        app.deps,
        request.params.id,
        request.params.side,
        request.body.orders ?? {},
        request.body.reason,
      );
      return stored;
    },
  );
}

/** Pausing and resuming the game. */
function registerPauseRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:id/pause',
    {
      ...common,
      schema: {
        tags,
        operationId: 'pauseGame',
        summary: 'Pause the game: orders are refused until it resumes',
        security: bearer,
        params: gameParams,
        body: z.object({ reason: z.string().max(2000).optional() }).optional(),
        response: { 200: z.object({ status: z.literal('paused') }), ...errors },
      },
    },
    async (request) => {
      await pauseGame(app.deps, request.params.id, request.body?.reason);
      return { status: 'paused' as const };
    },
  );

  r.post(
    '/api/games/:id/resume',
    {
      ...common,
      schema: {
        tags,
        operationId: 'resumeGame',
        summary: 'Resume a paused game',
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ status: z.literal('active'), resolution: resolveResult }), ...errors },
      },
    },
    async (request) => ({ status: 'active' as const, resolution: await resumeGame(app.deps, request.params.id) }),
  );
}

/** Replacing a seat's player and rotating its tokens. */
function registerSeatAccessRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/games/:id/seats/:side',
    {
      ...common,
      schema: {
        tags,
        operationId: 'replaceSeatPlayer',
        summary:
          "Replace a seat's player: new tokens (the new one shown once), the old ones and the seat's browser sessions end",
        security: bearer,
        params: seatParams,
        body: seatInputSchema.omit({ side: true }).partial({ locale: true, timeZone: true }),
        response: { 200: z.object({ side: z.string(), email: z.string(), token: z.string() }), ...seatAccessErrors },
      },
    },
    async (request) => {
      const { side, email, token } = await renewSeatAccess(
        app.deps,
        request.params.id,
        request.params.side,
        request.body,
      );
      return { side, email, token };
    },
  );

  r.post(
    '/api/games/:id/seats/:side/rotate-token',
    {
      ...common,
      schema: {
        tags,
        operationId: 'rotateSeatTokens',
        summary: "Rotate a seat's tokens: the old ones and the seat's browser sessions end",
        security: bearer,
        params: seatParams,
        response: {
          200: z.object({
            side: z.string(),
            token: z.string(),
            personToken: z
              .string()
              .optional()
              .describe("a seat held by a person with others: the person's new token (its secrets rotate too)"),
          }),
          ...seatAccessErrors,
        },
      },
    },
    async (request) => {
      const { side, token, personToken } = await renewSeatAccess(app.deps, request.params.id, request.params.side);
      return { side, token, ...(personToken ? { personToken } : {}) };
    },
  );
}

/** The body of a seat's move: the person holding another seat, or a new player. */
const newHolder = z.union([
  z.object({ holderOf: z.string().min(1).max(40).describe('the seat whose holder takes this seat too') }).strict(),
  seatInputSchema.omit({ side: true }).partial({ locale: true, timeZone: true }),
]);

/** Moving a seat to another person of the game, or to a new person (a replacement player). */
function registerSeatMoveRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:id/seats/:side/holder',
    {
      ...common,
      schema: {
        tags,
        operationId: 'moveSeat',
        summary:
          'Move a seat to the person holding another seat (`holderOf`) or to a new person (address, name, language, ' +
          'zone): the old holder loses the seat at once; a new person gets fresh secrets (its token shown once) and ' +
          'a welcome mail',
        security: bearer,
        params: seatParams,
        body: newHolder,
        response: {
          200: z.object({
            side: z.string(),
            email: z.string(),
            sides: z.array(z.string()).describe('every seat the new holder holds now'),
            token: z.string().optional().describe("a new person's bearer token, shown this once"),
            sessionsEnded: z.number().int(),
          }),
          ...seatAccessErrors,
          409: errorBody,
        },
      },
    },
    async (request) => moveSeat(app.deps, request.params.id, request.params.side, request.body),
  );
}

/** The current step's deadline, and the audit log. */
function registerDeadlineAndAuditRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/games/:id/deadline',
    {
      ...common,
      schema: {
        tags,
        operationId: 'setDeadline',
        summary: 'Set or clear the deadline of the current step',
        security: bearer,
        params: gameParams,
        body: z.object({ deadlineAt: z.iso.datetime({ offset: true }).nullable() }),
        response: { 200: z.object({ step: z.number(), deadlineAt: z.date().nullable() }), ...errors },
      },
    },
    async (request) =>
      setDeadline(app.deps, request.params.id, request.body.deadlineAt ? new Date(request.body.deadlineAt) : null),
  );

  r.get(
    '/api/games/:id/audit',
    {
      ...common,
      schema: {
        tags,
        operationId: 'getAuditLog',
        summary: 'The audit log of the game',
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ entries: z.array(auditEntry) }), ...oneRoleErrors },
      },
    },
    async (request) => ({ entries: await auditLogOf(app.deps, request.params.id) }),
  );
}

export default async function moderationRoutes(app: FastifyInstance): Promise<void> {
  registerStepReviewRoutes(app);
  registerAmendRoutes(app);
  registerPauseRoutes(app);
  registerSeatAccessRoutes(app);
  registerSeatMoveRoute(app);
  registerDeadlineAndAuditRoutes(app);
}
