/**
 * A seat's orders for the current step: submit or replace, and read back. A person holding several seats sends
 * `{ orders: { <seat>: {...}, ... } }` with its own token (src/services/orders.ts `submitOrdersBySeat`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../../services/auth.ts';
import type { ServiceDeps } from '../../../services/deps.ts';
import { submitOrders, submitOrdersBySeat } from '../../../services/orders.ts';

import { ordersFor } from '../../../services/views.ts';
import { anyGameRole, principal, seatSubmitting } from '../../plugins/auth.ts';
import { callerOrders } from '../../openapi/orders-schema.ts';
import { ordersOnFile, ordersStored, personOrdersStored } from '../../openapi/game-schemas.ts';
import { asResponse } from '../../openapi/shared-schemas.ts';
import { anyRoleErrors, bearer, errorBody, gameParams, oneRoleErrors } from './schemas.ts';

const submitBody = z.object({ orders: callerOrders });

const submitted = z.union([ordersStored, personOrdersStored]);

/**
 * Stores the caller's orders: a seat's as its revision; a person's, an object by seat, as each seat's revision
 * (all or nothing).
 */
async function submitAsCaller(deps: ServiceDeps, p: Principal, orders: unknown) {
  if (p.kind === 'person') {
    const raw = Object.fromEntries(
      Object.entries(typeof orders === 'object' && orders !== null && !Array.isArray(orders) ? orders : {}).map(
        ([side, o]) => [side, JSON.stringify(o)],
      ),
    );
    const { repeated: _r, ...result } = await submitOrdersBySeat(deps, {
      gameId: p.gameId,
      person: p,
      orders,
      raw,
      source: 'api',
    });
    return result;
  }
  if (p.kind !== 'seat') throw new Error('unreachable');
  return submitOrders(deps, {
    gameId: p.gameId,
    seatId: p.seatId,
    orders,
    raw: JSON.stringify(orders),
    source: 'api',
    uncheckedTokenHash: p.tokenHashToCheck,
  });
}

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/games/:id/orders',
    {
      preValidation: seatSubmitting,
      schema: {
        tags: ['orders'],
        operationId: 'submitOrders',
        summary:
          "Submit or replace the caller's orders for the current step (a seat may revise until the step resolves)",
        security: bearer,
        params: gameParams,
        body: submitBody,
        response: { 200: submitted, ...oneRoleErrors, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => submitAsCaller(app.deps, principal(request), request.body.orders ?? {}),
  );

  r.get(
    '/api/games/:id/orders',
    {
      preValidation: anyGameRole,
      schema: {
        tags: ['orders'],
        operationId: 'getOrders',
        summary: "The caller's current orders for the current step (a person: its seats'; the moderator: every seat's)",
        security: bearer,
        params: gameParams,
        response: { 200: ordersOnFile, ...anyRoleErrors },
      },
    },
    async (request) => asResponse(ordersOnFile, await ordersFor(app.deps, request.params.id, principal(request))),
  );
}
