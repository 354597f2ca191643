/**
 * Deadline API: seat absences, the moderator's deadline moves and "apply default orders now", the punctuality
 * record, per-game webhooks, and the seats' iCalendar feeds (GET /calendar/:token.ics).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import calendarRoutes from '../../../calendar/routes.ts';
import {
  absenceInputSchema,
  cancelAbsence,
  declareAbsence,
  listAbsences,
} from '../../../services/deadlines/absences.ts';
import { shiftDeadline } from '../../../services/deadlines/changes.ts';
import { applyDefaultsNow } from '../../../services/deadlines/policy.ts';
import { punctualityReport } from '../../../services/deadlines/punctuality.ts';
import { addWebhook, listWebhooks, removeWebhook } from '../../../webhooks/service.ts';
import { WEBHOOK_EVENTS } from '../../../services/notifier.ts';
import { anyGameRole, moderatorOnly, playerOnly, playerSeat, principal } from '../../plugins/auth.ts';
import { anyRoleErrors, bearer, errorBody, gameParams, oneRoleErrors } from '../api/schemas.ts';

/** A seat's or the moderator's route (401, 403) whose action may conflict with the game's state (409). */
const errors = { ...oneRoleErrors, 409: errorBody };
const tags = ['deadlines'];
const absence = z.object({ id: z.string(), side: z.string(), startsAt: z.string(), endsAt: z.string() });
const webhook = z.object({ id: z.string(), url: z.string(), events: z.array(z.string()), createdAt: z.string() });
const seconds = z.object({
  seconds: z
    .number()
    .int()
    .min(60)
    .max(60 * 86400),
});
const punctuality = z.object({
  side: z.string(),
  playerName: z.string().nullable(),
  onTime: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  steps: z.array(z.object({ step: z.number().int(), outcome: z.string(), at: z.string() })),
});
const moved = z.object({ step: z.number(), deadlineAt: z.date().nullable() });

/** The seats' absences: listing them, and a seat declaring its own. */
function registerAbsenceRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id/absences',
    {
      preValidation: anyGameRole,
      schema: {
        tags,
        operationId: 'listAbsences',
        summary: "The seats' declared absences",
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ absences: z.array(absence) }), ...anyRoleErrors },
      },
    },
    async (request) => ({ absences: await listAbsences(app.deps, request.params.id) }),
  );

  r.post(
    '/api/games/:id/absences',
    {
      preValidation: playerOnly,
      schema: {
        tags,
        operationId: 'declareAbsence',
        summary: 'Declare an absence of your seat: time away does not count towards your deadlines',
        security: bearer,
        params: gameParams,
        body: absenceInputSchema,
        response: { 201: z.object({ absence, deadlineAt: z.date().nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await declareAbsence(app.deps, {
        gameId: request.params.id,
        seatId: playerSeat(principal(request)),
        startsAt: new Date(request.body.startsAt),
        endsAt: new Date(request.body.endsAt),
      });
      return reply.code(201).send(result);
    },
  );
}

/** A seat withdrawing an absence of its own. */
function registerAbsenceWithdrawalRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete(
    '/api/games/:id/absences/:absenceId',
    {
      preValidation: playerOnly,
      schema: {
        tags,
        operationId: 'withdrawAbsence',
        summary: 'Withdraw an absence of your seat that is not over',
        security: bearer,
        params: gameParams.extend({ absenceId: z.string().min(1).max(60) }),
        response: { 200: z.object({ deadlineAt: z.date().nullable() }), ...errors, 404: errorBody },
      },
    },
    async (request) => {
      return cancelAbsence(app.deps, {
        gameId: request.params.id,
        seatId: playerSeat(principal(request)),
        absenceId: request.params.absenceId,
      });
    },
  );
}

/** The moderator moving the current deadline, or applying default orders now. */
function registerDeadlineMoveRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:id/deadline/extend',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'extendDeadline',
        summary: 'Extend the current deadline (audited, announced)',
        security: bearer,
        params: gameParams,
        body: seconds,
        response: { 200: moved, ...errors },
      },
    },
    async (request) => shiftDeadline(app.deps, request.params.id, request.body.seconds),
  );

  r.post(
    '/api/games/:id/deadline/shorten',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'shortenDeadline',
        summary: 'Shorten the current deadline (audited, announced; not into the past)',
        security: bearer,
        params: gameParams,
        body: seconds,
        response: { 200: moved, ...errors },
      },
    },
    async (request) => shiftDeadline(app.deps, request.params.id, -request.body.seconds),
  );

  r.post(
    '/api/games/:id/deadline/apply-defaults',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'applyDefaultOrders',
        summary: "Apply the engine's default orders to every seat that still owes orders now",
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ sides: z.array(z.string()), resolved: z.boolean() }), ...oneRoleErrors },
      },
    },
    async (request) => applyDefaultsNow(app.deps, request.params.id),
  );
}

/** The punctuality record of every seat. */
function registerPunctualityRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id/punctuality',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'getPunctuality',
        summary: 'Punctuality of every seat: on time, late, missed',
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ seats: z.array(punctuality) }), ...oneRoleErrors },
      },
    },
    async (request) => ({ seats: await punctualityReport(app.deps, request.params.id) }),
  );
}

/** The game's webhooks: list, add, remove. */
function registerWebhookRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id/webhooks',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "The game's webhooks",
        security: bearer,
        params: gameParams,
        response: { 200: z.object({ webhooks: z.array(webhook) }), ...oneRoleErrors },
      },
    },
    async (request) => ({ webhooks: await listWebhooks(app.deps, request.params.id) }),
  );

  r.post(
    '/api/games/:id/webhooks',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'addWebhook',
        summary: 'Add a webhook (Discord-compatible JSON) for results, reminders, missed and moved deadlines',
        security: bearer,
        params: gameParams,
        body: z.object({ url: z.string().min(1).max(2000), events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).optional() }),
        response: { 201: webhook, ...oneRoleErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await addWebhook(app.deps, request.params.id, request.body)),
  );

  r.delete(
    '/api/games/:id/webhooks/:webhookId',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        operationId: 'removeWebhook',
        summary: 'Remove a webhook',
        security: bearer,
        params: gameParams.extend({ webhookId: z.string().min(1).max(60) }),
        response: { 204: z.null().describe('removed'), ...oneRoleErrors, 404: errorBody },
      },
    },
    async (request, reply) => {
      await removeWebhook(app.deps, request.params.id, request.params.webhookId);
      return reply.code(204).send(null);
    },
  );
}

export default async function deadlineRoutes(app: FastifyInstance): Promise<void> {
  await app.register(calendarRoutes);
  registerAbsenceRoutes(app);
  registerAbsenceWithdrawalRoute(app);
  registerDeadlineMoveRoutes(app);
  registerPunctualityRoute(app);
  registerWebhookRoutes(app);
}
