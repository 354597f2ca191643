/** Raw mails for the fuzz test of the mail intake (test/api/fuzz.test.ts). */
import fc from 'fast-check';
import { hostileString } from './fuzz.ts';

/** A header value without line breaks (a generated one must not add headers). */
const oneLine = hostileString.map((s) => s.replace(/[\r\n]/g, ''));

/** Order lines of the game's grammar, commands, quoting and encoding debris, and hostile text. */
const mailLine = fc.oneof(
  fc.constantFrom(
    'PLACE C01 C02 -> WA',
    'PLACE C01 C02 C03 C04 C05 C06 -> CB',
    'ESCORT GB-DD1 U01',
    'UB U01 -> C01 C01 C03',
    'MOVE -> CG',
    'HELP',
    'STATUS',
    'SIGNON abc',
    'APPROVE',
    'REJECT no',
    'REINFORCE U01 U02 U03',
    'STANDING RESPONSE C01 stay',
    '配置 11 WA',
    '> quoted',
    '-- ',
    'END',
    '=E3=81',
    'PLACE NOSUCHUNIT -> CB',
  ),
  hostileString,
);
const mailText = fc.array(mailLine, { maxLength: 12 }).map((l) => l.join('\r\n'));

/** Bodies: the text in UTF-8 or UTF-16, random bytes, a lone surrogate with NUL, base64 of UTF-16. */
const mailBody = fc.oneof(
  mailText.map((t) => Buffer.from(t, 'utf8')),
  mailText.map((t) => Buffer.from(t, 'utf16le')),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constant(Buffer.from([0x00, 0xd8, 0x41, 0x00, 0x00, 0x00, 0x0d, 0x0a])), // UTF-16LE: a lone surrogate, A, NUL
  mailText.map((t) => Buffer.from(Buffer.from(t, 'utf16le').toString('base64'))),
);

/** Headers: a recipient and sender often real, charsets and transfer encodings of every kind, mail-loop markers. */
function mailHeaders(recipients: string[], senders: string[]) {
  return fc.record({
    to: fc.oneof(fc.constantFrom(...recipients), oneLine),
    from: fc.oneof(fc.constantFrom(...senders), oneLine),
    id: fc.option(fc.string({ minLength: 1, maxLength: 30 }).map((s) => `<${s.replace(/[\r\n<>\s]/g, '')}fuzz@x>`)),
    subject: fc.oneof(
      oneLine,
      fc.constantFrom('=?utf-16?B?2ADYAA==?=', '=?iso-2022-jp?B?GyRCJEgbKEI=?=', 'Re: orders'),
    ),
    charset: fc.constantFrom(
      'utf-8',
      'utf-16le',
      'utf-16be',
      'iso-2022-jp',
      'shift_jis',
      'x-unknown',
      'us-ascii',
      'utf-7',
    ),
    encoding: fc.constantFrom('7bit', '8bit', 'base64', 'quoted-printable', 'x-garbage', 'binary'),
    multipart: fc.boolean(),
    extra: fc.array(
      fc.constantFrom(
        'Auto-Submitted: auto-replied',
        'Precedence: bulk',
        'In-Reply-To: <x@y>',
        'References: <a\u0000@b>',
        'Content-Disposition: attachment',
      ),
      { maxLength: 2 },
    ),
  });
}

type MailHeaders = ReturnType<typeof mailHeaders> extends fc.Arbitrary<infer H> ? H : never;

/** The mail's bytes: headers in Latin-1, then the body as is, or as the one part of a multipart mail. */
function assembleMail(h: MailHeaders, b: Buffer): Buffer {
  const type = `text/plain; charset=${h.charset}`;
  const head = [
    `From: ${h.from}`,
    `To: ${h.to}`,
    ...(h.id ? [`Message-ID: ${h.id}`] : []),
    `Subject: ${h.subject}`,
    'MIME-Version: 1.0',
    ...h.extra,
  ];
  if (!h.multipart)
    return Buffer.concat([
      Buffer.from(
        [...head, `Content-Type: ${type}`, `Content-Transfer-Encoding: ${h.encoding}`, '', ''].join('\r\n'),
        'latin1',
      ),
      b,
    ]);
  const part = Buffer.concat([
    Buffer.from(['--zz', `Content-Type: ${type}`, `Content-Transfer-Encoding: ${h.encoding}`, '', ''].join('\r\n')),
    b,
    Buffer.from('\r\n--zz--\r\n'),
  ]);
  return Buffer.concat([
    Buffer.from([...head, 'Content-Type: multipart/mixed; boundary=zz', '', ''].join('\r\n'), 'latin1'),
    part,
  ]);
}

/**
 * A raw mail as an inbound-mail provider would post it: headers (charsets, encodings, multipart), a recipient that
 * is often a real seat's reply address, order lines of the game's grammar mixed with hostile text and bytes.
 */
export function hostileMail(recipients: string[], senders: string[]): fc.Arbitrary<Buffer> {
  return fc.tuple(mailHeaders(recipients, senders), mailBody).map(([h, b]) => assembleMail(h, b));
}
