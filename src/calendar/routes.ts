/**
 * `GET /calendar/:token.ics`: a seat's deadlines as an iCalendar feed to subscribe to. The token is the secret
 * (rotated with the seat's other tokens); an unknown one is a plain 404.
 */
import type { FastifyInstance } from 'fastify';
import { calendarFeedFor } from '../services/deadlines/calendar.ts';
import { buildCalendar } from './ics.ts';

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/calendar/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([A-Za-z0-9_-]{8,200})\.ics$/.exec(request.params.file);
    const feed = match ? await calendarFeedFor(app.deps, match[1]) : null;
    if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="deadlines.ics"')
      .send(buildCalendar({ ...feed, now: app.deps.clock() }));
  });
}
