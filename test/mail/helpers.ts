/**
 * Real peers for mail tests: a recording SMTP server (the outbound side's far end, with scripted outages), and
 * a nodemailer client that sends to the order listener. No mocks at the socket.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type { SendMailOptions, SentMessageInfo } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** A message the recorder accepted. */
export interface Recorded {
  raw: Buffer;
  parsed: ParsedMail;
  rcptTo: string[];
  /** The envelope sender (MAIL FROM). */
  mailFrom: string;
}

/** An SMTP server that records every accepted message; `failNext` answers the next n DATA commands with `code`. */
export interface Recorder {
  port: number;
  messages: Recorded[];
  failNext(n: number, code: number): void;
  /** Stops listening (an outage); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  to(address: string): Recorded[];
}

export async function startRecorder(port = 0): Promise<Recorder> {
  const messages: Recorded[] = [];
  let failures = 0;
  let failCode = 451;
  let server: SMTPServer | null = null;
  let boundPort = port;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (failures > 0) {
            failures--;
            return callback(
              Object.assign(new Error(failCode >= 500 ? '5.1.1 Mailbox unavailable' : '4.3.2 Try later'), {
                responseCode: failCode,
              }),
            );
          }
          const raw = Buffer.concat(chunks);
          messages.push({
            raw,
            parsed: await simpleParser(raw),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          });
          callback();
        });
      },
    });
  const recorder: Recorder = {
    get port() {
      return boundPort;
    },
    messages,
    failNext(n, code) {
      failures = n;
      failCode = code;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    async start() {
      server = make();
      await new Promise<void>((r) => server!.listen(boundPort, '127.0.0.1', () => r()));
      const a = server.server.address();
      if (a && typeof a === 'object') boundPort = a.port;
    },
    to(address) {
      return messages.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === address.toLowerCase()));
    },
  };
  await recorder.start();
  return recorder;
}

/** Sends one mail to the order listener with nodemailer (plain SMTP on loopback). */
export async function sendToListener(port: number, mail: SendMailOptions): Promise<SentMessageInfo> {
  const t = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await t.sendMail(mail);
  } finally {
    t.close();
  }
}

/** Sends a raw message (bytes as they are) to the listener. */
export async function sendRawToListener(
  port: number,
  raw: Buffer | string,
  envelope: { from: string; to: string[] },
): Promise<SentMessageInfo> {
  return sendToListener(port, { envelope, raw });
}

/** The corpus folder. */
export const fixtureDir = join(import.meta.dirname, '../fixtures/mail');

/** A corpus message with its {{TOKEN}}, {{MID}} and {{PASSWORD}} placeholders filled in. */
export function fixture(name: string, vars: Record<string, string> = {}): Buffer {
  let raw = readFileSync(join(fixtureDir, name)).toString('latin1');
  for (const [k, v] of Object.entries({ TOKEN: 'T0kenT0kenT0kenT0ken', MID: `m-${name}`, PASSWORD: 'pw', ...vars }))
    raw = raw.replaceAll(`{{${k}}}`, v);
  return Buffer.from(raw, 'latin1');
}
