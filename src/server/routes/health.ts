/**
 * GET /health: the process is up and the database answers. It says only what is down: never the driver's error
 * text, which may name hosts, ports, users or databases to anyone who asks.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['service'],
        operationId: 'getHealth',
        summary: 'Liveness and database check',
        response: {
          200: z
            .object({ status: z.literal('ok'), database: z.literal('ok') })
            .describe('up, and the database answers'),
          503: z
            .object({ status: z.literal('unavailable'), database: z.literal('unavailable') })
            .describe('the database does not answer'),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.deps.db.$queryRaw`SELECT 1`;
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'health: the database does not answer');
        return reply.code(503).send({ status: 'unavailable' as const, database: 'unavailable' as const });
      }
    },
  );
}
