/**
 * One message of the outbound sink, parsed (mailparser) for reading: headers, the decoded text part, the HTML part
 * with its inline pictures (`cid:` references, e.g. the map) turned into data: URLs, and the attachments. Japanese
 * bodies arrive base64 or quoted-printable in the .eml; here they are text again.
 */
import { simpleParser } from 'mailparser';

export interface SinkMessage {
  headers: { name: string; value: string }[];
  subject: string;
  text: string;
  /** The HTML part, self-contained (inline pictures as data: URLs), or null for a text-only mail. */
  html: string | null;
  attachments: { filename: string; contentType: string; size: number; inline: boolean; dataUrl: string | null }[];
}

/** The headers worth showing, in this order. */
const SHOWN = ['from', 'to', 'cc', 'reply-to', 'subject', 'date', 'message-id', 'in-reply-to', 'references'];

const headerText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(headerText).join(', ');
  const v = value as { text?: unknown };
  return typeof v.text === 'string' ? v.text : JSON.stringify(value);
};

/** Parses an .eml file of the sink. */
export async function parseSinkMessage(raw: Buffer): Promise<SinkMessage> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true });
  const headers = SHOWN.filter((name) => mail.headers.has(name)).map((name) => ({
    name,
    value: headerText(mail.headers.get(name)),
  }));
  const pictures = new Map<string, string>();
  const attachments = mail.attachments.map((a) => {
    const dataUrl = a.contentType.startsWith('image/')
      ? `data:${a.contentType};base64,${a.content.toString('base64')}`
      : null;
    if (a.cid && dataUrl) pictures.set(a.cid, dataUrl);
    return {
      filename: a.filename ?? a.cid ?? 'attachment',
      contentType: a.contentType,
      size: a.size,
      inline: a.contentDisposition === 'inline' || Boolean(a.cid),
      dataUrl,
    };
  });
  // mailparser already rewrites cid: links of inline images unless told otherwise; do it here for every case.
  const html =
    typeof mail.html === 'string'
      ? mail.html.replace(/cid:([^"'\s)>]+)/g, (whole, cid: string) => pictures.get(cid) ?? whole)
      : null;
  return { headers, subject: mail.subject ?? '', text: mail.text ?? '', html, attachments };
}
