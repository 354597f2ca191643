/**
 * The outbound mail sink's pages (GET /dev/mail, /dev/mail/:file): the .eml files written when SMTP_URL is unset.
 * Those mails hold every seat's sign-in and reply links, so the pages are the operator's only: the operator token
 * as `Authorization: Bearer`, or once as `/dev/mail?token=`, which signs the browser in (a session cookie scoped to
 * /dev/mail) and redirects to the bare address, so that the token leaves the address bar and the history. The
 * pages send the security headers of every other page (src/server/plugins/security-headers.ts). A message is shown
 * parsed (headers, decoded text, the HTML part in a sandboxed frame, pictures), with its raw .eml one click away.
 */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { esc } from '../../../mail/render.ts';
import { listSink, readSinkFile } from '../../../mail/sink.ts';
import { parseSinkMessage, type SinkMessage } from '../../../mail/sink-message.ts';
import { isAdminToken } from '../../../services/auth.ts';
import { cookieOptions } from '../../../web/page.ts';
import { createWebSession, findWebSession, SESSION_DAYS } from '../../../web/sessions.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { registerSecurityHeaders } from '../../plugins/security-headers.ts';

/** The cookie of a browser signed in to the sink pages. */
export const DEV_MAIL_COOKIE = 'pbem_devmail';
const PATH = '/dev/mail';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;

/** Whether the request comes from the operator: the token as a bearer, or the sink pages' session cookie. */
async function fromOperator(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  if (token) return isAdminToken(app.deps, token);
  const session = await findWebSession(app.deps, request.cookies[DEV_MAIL_COOKIE]);
  return session?.role === 'operator';
}

const REFUSAL = [
  `The outbound mail sink is the operator's: open ${PATH}?token=OPERATOR_TOKEN`,
  '(the ADMIN_TOKEN, or the token printed at first start).',
  '送信メールの一覧は運営者専用です（運営者トークンで開いてください）。',
].join(' ');

function refuse(request: FastifyRequest, reply: FastifyReply) {
  const body = `<h1>Operator only / 運営者専用</h1><p>${esc(REFUSAL)}</p><p>Request ${esc(String(request.id))}</p>`;
  return reply.code(401).type('text/html; charset=utf-8').send(page('Operator only', body));
}

/** The listing of the sink's files, newest first. */
async function listing(dir: string): Promise<string> {
  const entries = await listSink(dir);
  const cells = (values: string[]) => values.map((v) => `<td>${v}</td>`).join('');
  const link = (file: string, subject: string) =>
    `<a href="${PATH}/${encodeURIComponent(file)}">${esc(subject || file)}</a>`;
  const rows = entries
    .map((e) => `<tr>${cells([esc(e.mtime.toISOString()), esc(e.to), link(e.file, e.subject), String(e.size)])}</tr>`)
    .join('');
  const head = '<tr><th>Written</th><th>To</th><th>Subject</th><th>Bytes</th></tr>';
  const table = `<table border="1" cellpadding="4" cellspacing="0">${head}${rows}</table>`;
  const intro = `<h1>Outbound mail (${esc(dir)})</h1><p>${entries.length} message(s), newest first.</p>`;
  return page('Outbound mail sink', `${intro}${table}`);
}

/** Registers the sink pages in their own encapsulated context (cookies, rate limit and headers stay here). */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
  await registerSecurityHeaders(app, app.deps.config.PUBLIC_URL);
  await app.register(rateLimit, { global: false });

  const signIn = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { hide: true } };
  app.get<{ Querystring: { token?: string } }>(PATH, signIn, async (request, reply) => {
    const given = request.query.token;
    if (typeof given === 'string') {
      if (!(await isAdminToken(app.deps, given))) return refuse(request, reply);
      const { key } = await createWebSession(app.deps, { role: 'operator' });
      const options = cookieOptions(app.deps.config.PUBLIC_URL, PATH, SESSION_DAYS * 86400);
      reply.setCookie(DEV_MAIL_COOKIE, key, { ...options, sameSite: 'strict' });
      return reply.redirect(PATH, 303);
    }
    if (!(await fromOperator(app, request))) return refuse(request, reply);
    reply.type('text/html; charset=utf-8');
    return listing(app.deps.config.MAIL_SINK_DIR);
  });

  type FileRequest = FastifyRequest<{ Params: { file: string } }>;
  /** The file of the request, or null once the reply (refusal, 404) is sent. */
  const sinkFile = async (request: FileRequest, reply: FastifyReply): Promise<Buffer | null> => {
    if (!(await fromOperator(app, request))) {
      await refuse(request, reply);
      return null;
    }
    const content = await readSinkFile(app.deps.config.MAIL_SINK_DIR, request.params.file);
    if (!content) {
      const error = { code: 'mail/not-found', message: 'no such message', requestId: request.id };
      await reply.code(404).send({ error });
    }
    return content;
  };
  const hidden = { schema: { hide: true } };

  app.get<{ Params: { file: string } }>(`${PATH}/:file`, hidden, async (request, reply) => {
    const content = await sinkFile(request, reply);
    if (!content) return reply;
    reply.type('text/html; charset=utf-8');
    return messagePage(request.params.file, await parseSinkMessage(content));
  });

  app.get<{ Params: { file: string } }>(`${PATH}/:file/raw`, hidden, async (request, reply) => {
    const content = await sinkFile(request, reply);
    if (!content) return reply;
    return reply.type('text/plain; charset=utf-8').send(content);
  });

  // The HTML part as the player's mail client would show it: its own inline styles, no scripts, no requests out.
  app.get<{ Params: { file: string } }>(`${PATH}/:file/html`, hidden, async (request, reply) => {
    const content = await sinkFile(request, reply);
    if (!content) return reply;
    const { html } = await parseSinkMessage(content);
    reply.header('content-security-policy', HTML_PART_POLICY);
    return reply.type('text/html; charset=utf-8').send(html ?? '');
  });
}

/** The HTML part's policy: inline styles and data: pictures only, framed by the sink page alone, sandboxed. */
const HTML_PART_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** One message, parsed: headers, pictures, the HTML part framed, the text part. */
function messagePage(file: string, m: SinkMessage): string {
  const href = `${PATH}/${encodeURIComponent(file)}`;
  const rows = m.headers.map((h) => `<tr><th>${esc(h.name)}</th><td>${esc(h.value)}</td></tr>`).join('');
  const files = m.attachments
    .map((a) => {
      const label = `${esc(a.filename)} (${esc(a.contentType)}, ${a.size} bytes${a.inline ? ', inline' : ''})`;
      const picture = a.dataUrl ? `<br><img src="${a.dataUrl}" alt="${esc(a.filename)}">` : '';
      return `<li>${label}${picture}</li>`;
    })
    .join('');
  const parts = [
    `<p><a href="${PATH}">All messages</a> · <a href="${href}/raw">Raw .eml</a></p>`,
    `<h1>${esc(m.subject || file)}</h1>`,
    `<table border="1" cellpadding="4" cellspacing="0">${rows}</table>`,
    m.html
      ? `<h2>HTML part</h2><iframe src="${href}/html" sandbox title="HTML part" width="100%" height="600"></iframe>`
      : '',
    `<h2>Text part</h2><pre>${esc(m.text)}</pre>`,
    files ? `<h2>Attachments</h2><ul>${files}</ul>` : '',
  ];
  return page(m.subject || file, parts.join(''));
}
