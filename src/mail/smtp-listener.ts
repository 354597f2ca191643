/**
 * The built-in SMTP door: an smtp-server listener that accepts mail for the order address of MAIL_DOMAIN (plain
 * `orders@` and per-seat `orders+<token>@`) and the bounce addresses (`bounces+<token>@`), refuses relaying,
 * enforces the size limit (SIZE extension and 552), and hands each message to the intake pipeline before answering
 * 250, so an accepted mail is a stored mail.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ServiceDeps } from '../services/deps.ts';
import { BOUNCES_LOCAL, ORDERS_LOCAL } from './addresses.ts';
import { intakeMail, intakeOversize, type IntakeOutcome } from './intake.ts';

/** A running listener. */
export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/** Whether an address is one of ours: orders@domain or orders+token@domain. */
function acceptsAddress(address: string, domain: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  const local = address.slice(0, at).toLowerCase();
  return (
    address.slice(at + 1).toLowerCase() === domain.toLowerCase() &&
    (local === ORDERS_LOCAL || local.startsWith(`${ORDERS_LOCAL}+`) || local.startsWith(`${BOUNCES_LOCAL}+`))
  );
}

/** How the listener answers the end of a DATA command: an error to refuse the mail, else the 250 text. */
type DataAnswer = (error?: Error | null, message?: string) => void;

/**
 * Reads one message and hands it to the intake, answering only once it is stored (or refused: over the size
 * limit, 552, with its record kept; a failed intake, 451, so the sender tries again).
 */
function receiveMessage(
  deps: ServiceDeps,
  onIntake: ((o: IntakeOutcome) => void) | undefined,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  callback: DataAnswer,
): void {
  const max = deps.config.INBOUND_MAX_BYTES;
  const chunks: Buffer[] = [];
  let kept = 0;
  stream.on('data', (chunk: Buffer) => {
    // Past the limit only the head is kept (headers, for the refusal reply and the record).
    if (kept <= max) {
      chunks.push(chunk);
      kept += chunk.length;
    }
  });
  stream.on('error', (error) => callback(error));
  stream.on('end', () => {
    const raw = Buffer.concat(chunks);
    const mailFrom = session.envelope.mailFrom;
    const message = {
      raw,
      source: 'smtp' as const,
      envelopeFrom: mailFrom ? mailFrom.address : '',
      envelopeTo: session.envelope.rcptTo.map((r) => r.address),
    };
    if (stream.sizeExceeded) {
      intakeOversize(deps, message)
        .catch((error) => deps.log.error({ err: error }, 'over-size mail record failed'))
        .finally(() => callback(smtpError(`5.3.4 Message too large: the limit is ${max} bytes`, 552)));
      return;
    }
    intakeMail(deps, message).then(
      (outcome) => {
        onIntake?.(outcome);
        callback(
          null,
          outcome.status === 'duplicate' ? 'Already received' : `Received ${outcome.inboundId ?? ''}`.trim(),
        );
      },
      (error) => {
        deps.log.error({ err: error }, 'smtp intake failed');
        callback(smtpError('4.3.0 Temporary failure, try again later', 451));
      },
    );
  });
}

/** Starts the listener on `port` (0 = any free port) and resolves once it listens. */
export async function startSmtpListener(
  deps: ServiceDeps,
  opts: { port: number; host?: string; onIntake?: (o: IntakeOutcome) => void },
): Promise<SmtpListener> {
  const max = deps.config.INBOUND_MAX_BYTES;
  const server = new SMTPServer({
    name: deps.config.MAIL_DOMAIN,
    banner: 'PBEM Judge order intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: max,
    logger: false,
    maxClients: 200,
    onRcptTo(address, _session, callback) {
      if (!acceptsAddress(address.address, deps.config.MAIL_DOMAIN))
        return callback(smtpError('5.7.1 Relaying denied: this server accepts orders only', 550));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      receiveMessage(deps, opts.onIntake, stream, session, callback);
    },
  });
  server.on('error', (error) => deps.log.warn({ err: error }, 'smtp listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  deps.log.info({ port }, 'smtp order listener ready');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
