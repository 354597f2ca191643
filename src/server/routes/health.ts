/** GET /health: the process is up and the database answers. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: {
      tags: ['service'],
      summary: 'Liveness and database check',
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
    },
  }, async (_request, reply) => {
    try {
      await app.deps.db.$queryRaw`SELECT 1`;
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable' as const, database: (error as Error).message });
    }
  });
}
