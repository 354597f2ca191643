/**
 * The HTTP door of the order mail pipeline and the development sink page:
 * - POST /mail/inbound: a raw MIME message (body `message/rfc822`, `application/octet-stream` or `text/plain`; or
 *   JSON `{ raw, encoding?: "base64", envelopeFrom?, envelopeTo? }`, its types checked: 400 `request/invalid`), as
 *   inbound-mail providers post it, authenticated by the shared secret INBOUND_WEBHOOK_TOKEN (`Authorization: Bearer ...` or `?token=`).
 * - GET /dev/mail and /dev/mail/:file: the .eml files of the outbound sink (when SMTP_URL is unset, not in
 *   production, or MAIL_SINK_PAGE=on), for the operator only (dev-mail.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { intakeMail, type IntakeOutcome } from '../../../mail/intake.ts';
import type { ServiceDeps } from '../../../services/deps.ts';
import { z } from 'zod';
import { inputIssues } from '../../../services/input-issues.ts';
import { safeEqual } from '../../../services/tokens.ts';
import { errorText } from '../../error-text.ts';
import { sendError } from '../../plugins/errors.ts';

/** The JSON form of an inbound mail, as providers post it: the raw message and the SMTP envelope. */
const jsonMail = z
  .object({
    raw: z.string(),
    encoding: z.enum(['base64', 'utf8']).optional(),
    envelopeFrom: z.string().max(998).nullable().optional(),
    envelopeTo: z.array(z.string().max(998)).max(100).optional(),
  })
  .strict();
import { devMailRoutes } from './dev-mail.ts';
import { errorBody } from '../../openapi/shared-schemas.ts';

/** What the intake did with a mail (src/mail/intake.ts IntakeOutcome). */
const outcomeFields = {
  status: z.enum(['duplicate', 'processed', 'refused', 'ignored', 'failed']),
  inboundId: z.string().optional(),
  reason: z.string().optional().describe('why it was refused or ignored (too-large, unknown-address, ...)'),
  replied: z.boolean().describe('a reply was queued to the sender'),
};
const intakeOutcome = z
  .object({ ...outcomeFields, others: z.array(z.object(outcomeFields)).optional() })
  .meta({ id: 'IntakeOutcome' });

/** The two bodies of a mail over INBOUND_MAX_BYTES (with what was kept of it) or over the HTTP limit. */
const tooLarge = z
  .object({ error: errorBody.shape.error, ...intakeOutcome.partial().shape })
  .describe('mail/too-large with the outcome of its record (over INBOUND_MAX_BYTES), or request/too-large');

/** The request bodies this door reads, as the OpenAPI document shows them (the handler reads and checks them). */
const inboundBodies = {
  'message/rfc822': { schema: { type: 'string', description: 'the raw MIME message' } },
  'application/octet-stream': { schema: { type: 'string', description: 'the raw MIME message' } },
  'text/plain': { schema: { type: 'string', description: 'the raw MIME message' } },
  'application/json': { schema: z.toJSONSchema(jsonMail, { target: 'draft-2020-12', io: 'input' }) },
};

/** Largest HTTP body read at all; between INBOUND_MAX_BYTES and this the mail is refused with a clear answer. */
const HARD_LIMIT = 32 * 1024 * 1024;

function tokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const q = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

const fail = (reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string) =>
  sendError(reply, request, status, code, message);

/** Whether the sink page is served with these settings. */
export function sinkPageEnabled(config: FastifyInstance['deps']['config']): boolean {
  if (config.MAIL_SINK_PAGE === 'on') return true;
  if (config.MAIL_SINK_PAGE === 'off') return false;
  return !config.SMTP_URL && config.NODE_ENV !== 'production';
}

/** 413 for a mail over INBOUND_MAX_BYTES: its record is kept (the intake's outcome) and the answer says the limit. */
function sendTooLarge(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply, outcome: IntakeOutcome) {
  const message = `the message is larger than ${deps.config.INBOUND_MAX_BYTES} bytes`;
  const error = {
    code: 'mail/too-large',
    message,
    messages: { en: message, ja: errorText('mail/too-large').ja },
    requestId: request.id,
  };
  return reply.code(413).send({ error, ...outcome });
}

/** `POST /mail/inbound`: checks the shared secret, reads the raw or JSON message and hands it to the intake. */
async function receiveInboundMail(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply) {
  const secret = deps.config.INBOUND_WEBHOOK_TOKEN;
  if (!secret)
    return fail(
      reply,
      request,
      404,
      'mail/inbound-off',
      'the inbound mail endpoint is not enabled (INBOUND_WEBHOOK_TOKEN)',
    );
  const given = tokenOf(request);
  if (!given || !safeEqual(given, secret))
    return fail(reply, request, 401, 'mail/unauthorized', 'a valid inbound webhook token is required');
  let body: Buffer;
  let envelopeFrom: string | null | undefined;
  let envelopeTo: string[] | undefined;
  if (Buffer.isBuffer(request.body)) body = request.body;
  else if (
    request.body &&
    typeof request.body === 'object' &&
    typeof (request.body as { raw?: unknown }).raw === 'string'
  ) {
    const parsed = jsonMail.safeParse(request.body);
    if (!parsed.success) {
      const details = inputIssues(parsed.error.issues);
      return sendError(
        reply,
        request,
        400,
        'request/invalid',
        `the JSON mail does not match { raw, encoding?, envelopeFrom?, envelopeTo? }: ${details[0].path}: ${details[0].message.en}`,
        { details },
      );
    }
    body = Buffer.from(parsed.data.raw, parsed.data.encoding === 'base64' ? 'base64' : 'utf8');
    envelopeFrom = parsed.data.envelopeFrom;
    envelopeTo = parsed.data.envelopeTo;
  } else return fail(reply, request, 400, 'mail/no-message', 'post the raw MIME message as the body, or JSON { raw }');
  if (!body.length) return fail(reply, request, 400, 'mail/no-message', 'the message is empty');
  const outcome = await intakeMail(deps, { raw: body, source: 'http', envelopeFrom, envelopeTo });
  if (outcome.reason === 'too-large') return sendTooLarge(deps, request, reply, outcome);
  return reply.code(outcome.status === 'duplicate' ? 200 : 202).send(outcome);
}

export default async function mailRoutes(app: FastifyInstance): Promise<void> {
  const raw = (_req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void) =>
    done(null, body);
  app.addContentTypeParser(
    ['message/rfc822', 'application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: HARD_LIMIT },
    raw,
  );

  app.post(
    '/mail/inbound',
    {
      bodyLimit: HARD_LIMIT,
      config: { openapiBody: inboundBodies },
      schema: {
        tags: ['mail'],
        operationId: 'postInboundMail',
        summary: 'Raw MIME order mail (inbound-mail provider webhook); Bearer INBOUND_WEBHOOK_TOKEN or ?token=',
        querystring: z.object({
          token: z.string().optional().describe('the shared secret, for providers that cannot send a header'),
        }),
        response: {
          200: intakeOutcome.describe('the same mail was taken in before: nothing more was done'),
          202: intakeOutcome.describe('taken in (its orders processed, refused or ignored: see status)'),
          401: errorBody,
          404: errorBody,
          413: tooLarge,
        },
      },
    },
    async (request, reply) => receiveInboundMail(app.deps, request, reply),
  );

  if (!sinkPageEnabled(app.deps.config)) return;

  await app.register(devMailRoutes);
}
