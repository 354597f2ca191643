/**
 * What every mail the service writes is made of: the mail and its attachments, the player it is for (a seat held
 * alone, or a person holding several seats), the envelope (thread, reply address, footer, headers), and the parts
 * (paragraph, heading, preformatted text, the map, a section per seat). Each kind of mail is composed in its own
 * file, for one seat or several: compose-welcome.ts, compose-result.ts, compose-reply.ts (order mails, HELP,
 * STATUS) and compose-refusal.ts (refusals and failed deliveries). All are pure: the caller loads what the player
 * may see (src/mail/context.ts) and writes the outbox row (src/mail/outbox.ts). The text notices (deadlines,
 * rejections, a result awaiting review) are src/mail/notices.ts.
 */
import { boardInWords, sinceParts } from './board-words.ts';
import type { NameTable } from '../engine/names.ts';
import type { GameEvent, Owed, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { personThreadRoot, seatReplyAddress, threadRoot, listId } from './addresses.ts';
import type { Board } from '../engine/board.ts';
import type { NoticeKind } from '../services/notifier.ts';
import { renderBoardSvg } from '../board-view/map-svg.ts';
import { esc, renderMap, renderOwed, type Part } from './render.ts';
import { SIGN_IN_SLOT } from './sign-in-slot.ts';

/** What a mail is (the outbox row's kind): the notices about deadlines and rejections have theirs. */
export type MailKind =
  | 'welcome'
  | 'result'
  | 'digest'
  | 'reply'
  | 'refusal'
  | 'moderator'
  | 'delivery-failed'
  | 'sign-in'
  | 'practice'
  | NoticeKind;

/** A mail ready for the outbox. */
export interface ComposedMail {
  kind: MailKind;
  gameId?: string;
  seatId?: string;
  /** A person's mail (several seats): its sign-in link is the person's. */
  personId?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  inReplyTo?: string;
  references: string[];
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

/**
 * A file sent with a mail. `content` is sent as it is; `svg` is an SVG document the delivery rasterises to the PNG
 * sent (the map: src/mail/map-image.ts). With a `cid`, the file is inline: the HTML part shows it as `cid:<cid>`.
 */
export type MailAttachment = {
  filename: string;
  contentType: string;
  content?: string;
  svg?: string;
  cid?: string;
};

/** The sending side: domain, From and the public base URL. */
export interface MailSite {
  domain: string;
  from: string;
  publicUrl: string;
}

/** One seat of one game, as its mails address it. */
export interface SeatMailContext {
  site: MailSite;
  game: {
    id: string;
    name: string;
    game: string;
    mode: string;
    title: Text;
    commitment: string;
    data: unknown;
    /** The name of each seat of the game in both languages (a seat is never shown by its id). */
    sides: Record<string, Text>;
    describe?: (event: GameEvent, locale: Locale) => string;
    /** The game's name table of its data set (src/engine/names.ts), when it has one. */
    names?: NameTable;
  };
  seat: {
    id: string;
    side: string;
    sideName: Text;
    email: string;
    locale: Locale;
    timeZone: string;
    mailToken: string;
    playerName?: string | null;
  };
}

/** Seats by their names in a language, e.g. "Allies, Germany" (an unknown seat by its id). */
export const seatNames = (game: SeatMailContext['game'], seats: readonly string[], locale: Locale): string =>
  seats.map((seat) => game.sides[seat]?.[locale] ?? seat).join(', ');

/** The English or the Japanese of a text, by locale. */
export const L = (locale: Locale, en: string, ja: string) => (locale === 'ja' ? ja : en);

/** A person holding several seats of one game, as its mails address it (src/services/persons.ts). */
export interface PersonMailContext {
  site: MailSite;
  game: SeatMailContext['game'];
  person: {
    id: string;
    email: string;
    locale: Locale;
    timeZone: string;
    mailToken: string;
    playerName?: string | null;
  };
  /** The person's seats, sorted by side. */
  seats: { id: string; side: string; sideName: Text }[];
}

/** The player a mail is for: one seat held alone, or a person holding several (a section per seat). */
export type PlayerMailContext = SeatMailContext | PersonMailContext;

/** Whether a player's mails have a section per seat (a person holding several seats). */
export const bySeat = (ctx: PlayerMailContext): ctx is PersonMailContext => 'person' in ctx;

/** The reader of a player's mail: its address, language, zone, reply token and name, and the seats it holds. */
export function readerOf(ctx: PlayerMailContext): PersonMailContext['person'] & { seats: PersonMailContext['seats'] } {
  if (bySeat(ctx)) return { ...ctx.person, seats: ctx.seats };
  const { id, side, sideName, ...reader } = ctx.seat;
  return { id, ...reader, seats: [{ id, side, sideName }] };
}

/** The name of one of the player's seats in its language. */
export function sideNameOf(ctx: PlayerMailContext, side: string): string {
  const reader = readerOf(ctx);
  return reader.seats.find((s) => s.side === side)?.sideName[reader.locale] ?? side;
}

/** The player's seats named in its language, e.g. "A, B". */
export const seatList = (ctx: PlayerMailContext): string =>
  readerOf(ctx)
    .seats.map((s) => sideNameOf(ctx, s.side))
    .join(', ');

/**
 * A mail from a game to a player: threaded under the root of its seat (or, for a person holding several, of the
 * person), answered at its personal address.
 */
export function envelope(
  ctx: PlayerMailContext,
  kind: ComposedMail['kind'],
  subject: string,
  parts: Part[],
  extra: Partial<ComposedMail> = {},
  footer?: Part,
): ComposedMail {
  const { site, game } = ctx;
  const reader = readerOf(ctx);
  const root = bySeat(ctx)
    ? personThreadRoot(game.id, ctx.person.id, site.domain)
    : threadRoot(game.id, ctx.seat.side, site.domain);
  const owner = bySeat(ctx) ? { personId: ctx.person.id } : { seatId: ctx.seat.id };
  const all = [...parts, footer ?? replyFooter(reader.locale)];
  return {
    kind,
    gameId: game.id,
    ...owner,
    to: reader.email,
    subject: `[${game.name}] ${subject}`,
    text: partsText(all),
    html: partsHtml(all, reader.locale),
    replyTo: seatReplyAddress(reader.mailToken, site.domain),
    inReplyTo: root,
    references: [root],
    headers: gameHeaders(kind, game, site),
    attachments: [],
    ...extra,
  };
}

/**
 * The footer of every mail from a game to a player: a sign-in link to the player's page (a fresh one per mail,
 * filled in by the outbox writer: src/mail/sign-in-slot.ts) and how to answer the mail.
 */
export function replyFooter(locale: Locale): Part {
  const page = mailText(locale, 'mail.footer.page');
  const reply = mailText(locale, 'mail.footer.reply');
  const button =
    'display:inline-block;padding:10px 16px;background:#1f4e79;color:#fff;text-decoration:none;border-radius:4px';
  const open = mailText(locale, 'mail.footer.open');
  return {
    text: `-- \n${page}:\n${SIGN_IN_SLOT}\n${reply}`,
    html: `<p><a href="${SIGN_IN_SLOT}" style="${button}">${esc(open)}</a></p><hr><p style="color:#666;font-size:small">${esc(reply)}<br>${esc(page)}: <a href="${SIGN_IN_SLOT}">${SIGN_IN_SLOT}</a></p>`,
  };
}

/** The text part of a mail made of parts. */
export function partsText(parts: Part[]): string {
  return `${parts
    .map((p) => p.text)
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** The HTML part of a mail made of parts. */
export function partsHtml(parts: Part[], locale: Locale): string {
  const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';
  const body = 'font-family:sans-serif;max-width:680px;margin:0 auto;padding:0 8px;overflow-wrap:break-word';
  return `<!doctype html><html lang="${locale}"><head>${head}</head><body style="${body}">${parts.map((p) => p.html).join('\n')}</body></html>`;
}

/** The headers of every mail from a game (List-Id, Auto-Submitted, the judge's mark). */
export function gameHeaders(
  kind: ComposedMail['kind'],
  game: { id: string; name: string },
  site: MailSite,
): Record<string, string> {
  return {
    'List-Id': listId(game.id, game.name, site.domain),
    'Auto-Submitted': kind === 'reply' || kind === 'refusal' ? 'auto-replied' : 'auto-generated',
    'X-PBEM-Judge': game.id,
  };
}

/** A paragraph, a heading and preformatted text as mail parts. */
export const para = (t: string): Part => ({ text: t, html: `<p>${linkedHtml(t).replace(/\n/g, '<br>')}</p>` });

/** A web address in text: ASCII URL characters only, so Japanese text right after one stays outside it. */
const ADDRESS = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;

/**
 * Text as HTML with its web addresses as links (a sign-in link must be one tap away in every mail client); a
 * sentence's closing punctuation after an address stays outside the link.
 */
export function linkedHtml(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const url = match[0].replace(/[.,;:!?')\]]+$/, '');
    html += `${esc(text.slice(from, match.index))}<a href="${esc(url)}">${esc(url)}</a>`;
    from = match.index + url.length;
  }
  return html + esc(text.slice(from));
}

export const heading = (t: string): Part => ({ text: `== ${t} ==`, html: `<h3>${esc(t)}</h3>` });
/** Preformatted text; in HTML its long lines wrap, so a phone shows it without scrolling sideways. */
export const pre = (t: string): Part => ({
  text: t,
  html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(t)}</pre>`,
});

/**
 * The map: its picture inline (a PNG made at delivery from the board's SVG, shown by `cid:` in the HTML part), then
 * the same facts as a table, which every client shows and the text part carries alone. The picture is the region
 * of the map around what `focus` names (the step's events, what is owed), readable on a phone; a line under it
 * links the whole board on the player's page.
 */
export function mapParts(
  board: Board | null,
  locale: Locale,
  title: string,
  cid: string,
  where: { focus?: unknown; pageUrl?: string; words?: boolean } = {},
): { part: Part | null; attachments: MailAttachment[] } {
  // With `words`, the board in words (every space, what is in it, what touches it) stands in for the map's table.
  const table = where.words && board?.spaces.length ? boardInWords(board, locale) : renderMap(board, locale);
  if (!board || !table.text) return { part: null, attachments: [] };
  const svg = renderBoardSvg(board, locale, { title, crop: true, focus: where.focus });
  const alt = `${title}: ${board.summary.phase[locale]}`;
  const style = 'display:block;width:100%;max-width:640px;height:auto;border:0';
  const img = `<p><img src="cid:${esc(cid)}" alt="${esc(alt)}" width="640" style="${style}"></p>`;
  const whole = mailText(locale, 'mail.map.whole');
  const link = where.pageUrl
    ? `<p style="font-size:14px">${esc(whole)}: <a href="${esc(where.pageUrl)}">${esc(where.pageUrl)}</a></p>`
    : '';
  const text = where.pageUrl ? `${table.text}\n${whole}: ${where.pageUrl}` : table.text;
  const picture: MailAttachment = { filename: 'map.png', contentType: 'image/png', svg, cid };
  return { part: { text, html: img + link + table.html }, attachments: [picture] };
}

/** The player's page of a game (without a token: it asks to sign in unless the browser already has). */
export const pageUrlOf = (site: MailSite, gameId: string): string =>
  `${site.publicUrl.replace(/\/$/, '')}/play/${encodeURIComponent(gameId)}`;

/** A Content-ID for a mail's map, unique to the game, the seat and the step. */
export const mapCid = (ctx: SeatMailContext, what: string): string =>
  `map.${ctx.game.id}.${ctx.seat.id}.${what}@${ctx.site.domain}`;

/** What one seat's section of a player's mail shows: its map and what it owes. */
export interface SeatPart {
  side: string;
  board: Board | null;
  /** The seat's board where the mail's steps start (result mails): what changed since is shown first. */
  since?: Board | null;
  owed: Owed[];
}

/**
 * The section of each of a person's seats: its name, its map (when it has one) and, with `deadline` given, what it
 * owes or that it owes nothing.
 */
export function seatSections(
  ctx: PersonMailContext,
  seats: SeatPart[],
  what: string,
  owed: { deadline: Date | null } | null,
  focus?: unknown,
  opts: { textBoard?: boolean } = {},
): { parts: Part[]; attachments: MailAttachment[] } {
  const lc = ctx.person.locale;
  const parts: Part[] = [];
  const attachments: MailAttachment[] = [];
  for (const seat of seats) {
    const name = sideNameOf(ctx, seat.side);
    const cid = `map.${ctx.game.id}.${ctx.person.id}.${seat.side}.${what}@${ctx.site.domain}`;
    const where = { focus: [focus, seat.owed], pageUrl: pageUrlOf(ctx.site, ctx.game.id), words: opts.textBoard };
    const map = mapParts(seat.board, lc, `${ctx.game.name}: ${name}`, cid.replace(/[^A-Za-z0-9.@_-]/g, '_'), where);
    parts.push(heading(mailText(lc, 'mail.reply.seatHeading', { seat: name })));
    parts.push(...sinceParts(seat.since, seat.board, lc, 4));
    if (map.part) parts.push(map.part);
    attachments.push(...map.attachments);
    if (owed) parts.push(renderOwed(seat.owed, owed.deadline, ctx.person.timeZone, lc));
  }
  return { parts, attachments };
}

/** How a player holding several seats sends orders for them in one mail, in its language (docs/orders.md). */
export function seatSyntax(lc: Locale, sides: string[]): string {
  const example = sides.slice(0, 2);
  const json = `{${example.map((s) => `"${s}": {...}`).join(', ')}}`;
  return mailText(lc, 'mail.seatSyntax', { sides: sides.join(', '), example: json });
}
