/**
 * The service's logger: pino with every secret taken out of every line before it is written. Seat, moderator and
 * operator tokens travel in URLs (`/play/:id?token=`, `/console/login?token=`, `/mail/inbound?token=`), calendar
 * feed paths (`/calendar/<token>.ics`), unsubscribe URLs (`/unsubscribe/<key>`), mail reply-to addresses
 * (`orders+<token>@`, `orders+unsubscribe-<key>@`), `Authorization` headers and cookies; a log line is read by
 * whoever operates the machine or its log store, who must not be able to act as a player with it. The redaction
 * works on the serialized line, so it holds for any field of any logger call.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Each pattern with its replacement; `$1`/`$2` keep the text around the secret. */
const PATTERNS: [RegExp, string][] = [
  // Query parameters named like a secret: token, moderatorToken, key, secret, password, sig, ...
  [/([?&](?:[\w.-]*token|key|secret|password|sig|signature)=)[^&\s"#\\]+/gi, `$1${REDACTED}`],
  // Credentials in a header value: `Bearer <token>`, `Basic <base64>`.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // The secret path of a seat's calendar feed.
  [/(\/calendar\/)[^/?"\s\\]+?(\.ics\b)/gi, `$1${REDACTED}$2`],
  // A person's one-click unsubscribe URL (/unsubscribe/<key>); its mailto: form is a reply-to address, below.
  [/(\/unsubscribe\/)[0-9a-f]{16,}/gi, `$1${REDACTED}`],
  // A seat's reply-to address: orders+<token>@domain.
  [/(\+)[\w-]{16,}(@)/g, `$1${REDACTED}$2`],
  // The password of a URL (a database or SMTP URL in an error message).
  [/(\b[a-z][a-z\d+.-]*:\/\/[^/\s:@"\\]*:)[^@\s"\\/]+(@)/gi, `$1${REDACTED}$2`],
  // JSON fields holding a secret whole: authorization, cookie, set-cookie, *token, password, secret.
  [/("[\w-]*(?:token|authorization|cookie|password|secret)":)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`],
];

/** `text` with every secret the patterns above know replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** The logger of a service process (main.ts): level from the settings, every line redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // Belt and braces for the structured fields (the line-level patterns catch them too).
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    hooks: { streamWrite: redactSecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}
