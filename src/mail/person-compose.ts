/**
 * The mails of a person holding several seats of one game (src/services/persons.ts): one welcome mail listing its
 * seats, one result mail per step with a section per seat (its map and what it owes), and the reply to its order
 * mails, each naming the seat every line concerns. Addressed to the person, with the person's own reply address
 * and thread. Pure, like src/mail/compose-parts.ts, whose parts it shares.
 */
import type { Board } from '../engine/board.ts';
import { outcomeHeadline } from '../engine/outcome.ts';
import type { GameEvent, Outcome, Owed, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import type { OrdersError } from '../services/errors.ts';
import { ordersAddress, personThreadRoot, seatReplyAddress } from './addresses.ts';
import {
  type ComposedMail,
  gameHeaders,
  heading,
  L,
  type MailAttachment,
  type MailSite,
  mapParts,
  para,
  seatNames,
  partsHtml,
  partsText,
  pre,
  replyFooter,
  type SeatMailContext,
} from './compose-parts.ts';
import { eventSentences, resultTitles } from './compose-result.ts';
import { replyTemplatePart } from './compose-action.ts';
import { errorsAndIgnored, type ReplyReport, replySubject, resolvedPart, threadUnder } from './compose-reply.ts';
import { namesOf, type Part, renderOwed } from './render.ts';

/** A person of one game, as its mails address it. */
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

/** What one seat's section of a person's mail shows: its map and what it owes. */
export interface PersonSeatPart {
  side: string;
  board: Board | null;
  owed: Owed[];
}

/** The name of one of the person's seats in its language. */
export function sideNameOf(ctx: PersonMailContext, side: string): string {
  return ctx.seats.find((s) => s.side === side)?.sideName[ctx.person.locale] ?? side;
}

/** The person's seats named in its language, e.g. "A, B". */
const seatList = (ctx: PersonMailContext): string => ctx.seats.map((s) => sideNameOf(ctx, s.side)).join(', ');

/** A mail from a game to a person: threaded under the person's root, answered at its personal address. */
export function personEnvelope(
  ctx: PersonMailContext,
  kind: ComposedMail['kind'],
  subject: string,
  parts: Part[],
  extra: Partial<ComposedMail> = {},
): ComposedMail {
  const { site, game, person } = ctx;
  const root = personThreadRoot(game.id, person.id, site.domain);
  const all = [...parts, replyFooter(person.locale)];
  return {
    kind,
    gameId: game.id,
    personId: person.id,
    to: person.email,
    subject: `[${game.name}] ${subject}`,
    text: partsText(all),
    html: partsHtml(all, person.locale),
    replyTo: seatReplyAddress(person.mailToken, site.domain),
    inReplyTo: root,
    references: [root],
    headers: gameHeaders(kind, game, site),
    attachments: [],
    ...extra,
  };
}

/** Each seat's section: its name, its map (when it has one) and what it owes, or nothing owed. */
function seatSections(
  ctx: PersonMailContext,
  seats: PersonSeatPart[],
  what: string,
  deadline: Date | null,
  withOwed: boolean,
): { parts: Part[]; attachments: MailAttachment[] } {
  const lc = ctx.person.locale;
  const parts: Part[] = [];
  const attachments: MailAttachment[] = [];
  for (const seat of seats) {
    const name = sideNameOf(ctx, seat.side);
    const cid = `map.${ctx.game.id}.${ctx.person.id}.${seat.side}.${what}@${ctx.site.domain}`;
    const map = mapParts(seat.board, lc, `${ctx.game.name}: ${name}`, cid.replace(/[^A-Za-z0-9.@_-]/g, '_'));
    parts.push(heading(L(lc, `Seat ${name}`, `席 ${name}`)));
    if (map.part) parts.push(map.part);
    attachments.push(...map.attachments);
    if (withOwed) parts.push(renderOwed(seat.owed, deadline, ctx.person.timeZone, lc));
  }
  return { parts, attachments };
}

/** How a person sends orders for several seats, in its language (docs/orders.md). */
export function seatSyntax(lc: Locale, sides: string[]): string {
  const example = sides.slice(0, 2);
  return L(
    lc,
    `Several seats in one mail: a line "SEAT <seat>" starts the orders of that seat (${sides.join(', ')}); orders before any SEAT line are for your one seat that owes orders, when only one does. As JSON: one object by seat, e.g. {${example.map((s) => `"${s}": {...}`).join(', ')}}.`,
    `1通で複数の席: 「席 <席>」(または SEAT <席>) の行から下がその席の命令です (${sides.join(', ')})。SEAT 行より前の命令は、命令を送るべき席が1つだけのときその席のものになります。JSON なら席ごとのオブジェクト 1つ: {${example.map((s) => `"${s}": {...}`).join(', ')}}。`,
  );
}

/** The welcome mail of a person: its seats, how to send orders for each, its page, what each owes first. */
export function composePersonWelcome(
  ctx: PersonMailContext,
  input: {
    pageUrl: string;
    calendarUrl: string;
    seats: PersonSeatPart[];
    deadline: Date | null;
    syntax: string;
    /** What the game's set-up did before the first orders, as any of the person's seats may see it. */
    events?: GameEvent[];
  },
): ComposedMail {
  const { game, person, site } = ctx;
  const lc = person.locale;
  const reply = seatReplyAddress(person.mailToken, site.domain);
  const sections = seatSections(ctx, input.seats, 'welcome', input.deadline, true);
  const parts: Part[] = [
    para(
      L(
        lc,
        `Welcome${person.playerName ? `, ${person.playerName}` : ''}! You play ${seatList(ctx)} in "${game.name}" (${game.title.en}, ${game.mode} mode): ${ctx.seats.length} seats, one address. This mail and every mail of this game come to you once, with a section per seat.`,
        `${person.playerName ? `${person.playerName} さん、` : ''}ようこそ。「${game.name}」(${game.title.ja}、${game.mode} モード) であなたは ${seatList(ctx)} の ${ctx.seats.length} 席を担当します。このゲームのメールはあなたに1通ずつ、席ごとの欄を付けて届きます。`,
      ),
    ),
    heading(L(lc, 'How to send orders', '命令の送り方')),
    para(
      L(
        lc,
        `Reply to this mail, or write to ${reply} (your personal order address, for all your seats). From another address, write to ${ordersAddress(site.domain)} with a first line "SIGNON <your password>".`,
        `このメールに返信するか、あなた専用の命令アドレス ${reply} (全席共通) に送ってください。別のアドレスからは ${ordersAddress(site.domain)} 宛てに、1行目を「SIGNON <パスワード>」として送れます。`,
      ),
    ),
    para(
      seatSyntax(
        lc,
        ctx.seats.map((s) => s.side),
      ),
    ),
    pre(input.syntax),
    heading(L(lc, 'Your page', 'あなたのページ')),
    para(
      `${input.pageUrl}\n${L(lc, 'Deadline calendar', '締切カレンダー')}: ${input.calendarUrl}\n${L(lc, 'Keep this link private: it signs you in for all your seats.', 'このリンクは全席のログイン用です。他人に教えないでください。')}`,
    ),
    ...(input.events?.length
      ? [
          heading(L(lc, 'The set-up', 'ゲームの準備')),
          eventSentences(game.describe, input.events, namesOf(game.data), lc),
        ]
      : []),
    heading(L(lc, 'First orders, seat by seat', '最初の命令 (席ごと)')),
    ...sections.parts,
    para(
      L(
        lc,
        `Dice commitment (SHA-256 of the secret seed, revealed at the end): ${game.commitment}`,
        `ダイス・コミットメント (秘密シードの SHA-256、終了時に公開): ${game.commitment}`,
      ),
    ),
  ];
  const subject = L(lc, `Welcome: you play ${seatList(ctx)}`, `ゲーム開始: ${seatList(ctx)}`);
  return personEnvelope(ctx, 'welcome', subject, parts, { attachments: sections.attachments });
}

/** What a person's result mail reports: the events any of its seats may see, then a section per seat. */
export interface PersonResultInput {
  stepNumber: number;
  fromStep?: number;
  /** Every seat of the person gets a digest (none owes next). */
  digest?: boolean;
  events: GameEvent[];
  seats: PersonSeatPart[];
  deadline: Date | null;
  outcome: Outcome | null;
  defaultsApplied?: string[];
  /** The reply template of the orders its seats owe (SEAT lines between seats), when any owes. */
  template?: string[] | null;
}

/** One result mail for all of a person's seats. */
export function composePersonResult(ctx: PersonMailContext, input: PersonResultInput): ComposedMail {
  const { game } = ctx;
  const lc = ctx.person.locale;
  const board = input.seats.find((s) => s.board)?.board ?? null;
  const owed = input.seats.flatMap((s) => s.owed);
  const titles = resultTitles(lc, { ...input, board, owed }, ctx.person.timeZone);
  const parts: Part[] = [heading(titles.heading), eventSentences(game.describe, input.events, namesOf(game.data), lc)];
  if (input.defaultsApplied?.length)
    parts.push(
      para(
        L(
          lc,
          `Default orders were applied for: ${seatNames(game, input.defaultsApplied, 'en')}`,
          `締切までに命令がなく既定の命令を適用: ${seatNames(game, input.defaultsApplied, 'ja')}`,
        ),
      ),
    );
  const sections = seatSections(ctx, input.seats, `step${input.stepNumber}`, input.deadline, !input.outcome);
  parts.push(...sections.parts);
  if (input.outcome) {
    const headline = `${outcomeHeadline(input.outcome, lc)}. ${input.outcome.reason[lc]}`;
    parts.push(heading(L(lc, 'Game over', 'ゲーム終了')), para(headline));
  } else if (input.template?.length) {
    parts.push(...replyTemplatePart({ site: ctx.site, reader: ctx.person }, input.template, titles.subject));
  }
  const kind = input.digest ? 'digest' : 'result';
  return personEnvelope(ctx, kind, titles.subject, parts, { attachments: sections.attachments });
}

/** What a person's order mail achieved: `ReplyReport` with every error naming its seat, and owed by seat. */
export interface PersonReplyReport extends Omit<ReplyReport, 'owed' | 'ruleErrors' | 'textErrors'> {
  textErrors: (ReplyReport['textErrors'][number] & { seat?: string })[];
  ruleErrors: OrdersError[];
  /** What each of the person's seats still owes. */
  owedBySeat: { side: string; owed: Owed[] }[];
}

/** The error lines of a person's reply, each starting with the seat it concerns. */
function errorLines(ctx: PersonMailContext, report: PersonReplyReport): string[] {
  const lc = ctx.person.locale;
  const seat = (side: string | undefined) => (side ? `${L(lc, 'seat', '席')} ${sideNameOf(ctx, side)}: ` : '');
  return [
    ...report.textErrors.map(
      (e) =>
        `${seat(e.seat)}${L(lc, 'line', '行')} ${e.line}: ${e.message[lc]} [${e.code}]${e.text ? `  <${e.text}>` : ''}`,
    ),
    ...report.ruleErrors.map(
      (e) => `${seat(e.seat)}${e.rule}: ${e.message[lc]} [${e.code}]${e.path ? ` (${e.path})` : ''}`,
    ),
  ];
}

/** The echo of the orders as understood, seat by seat, and whether they were stored. */
function echoParts(lc: Locale, input: PersonReplyReport): Part[] {
  if (input.outcome === 'none' && !input.textErrors.length) return [];
  const parts: Part[] = [];
  parts.push(heading(L(lc, 'Your orders as understood', '受け付けた命令の解釈')));
  parts.push(
    pre(input.echo.length ? input.echo.join('\n') : L(lc, '(no orders read)', '(命令は読み取れませんでした)')),
  );
  if (input.outcome === 'accepted')
    parts.push(
      para(
        L(
          lc,
          'ACCEPTED: for each seat named above, these orders replace any you sent earlier for this step.',
          '受理: 上の各席について、このステップで以前に送った命令はこれで置き換えられます。',
        ),
      ),
    );
  if (input.outcome === 'rejected')
    parts.push(
      para(
        L(
          lc,
          'REJECTED: nothing was stored, for any seat; correct the errors and send the whole set again.',
          '却下: どの席についても何も保存されていません。誤りを直して全体を送り直してください。',
        ),
      ),
    );
  return parts;
}

/** The reply to a person's order mail: the orders understood seat by seat, every error with its seat, what is owed. */
export function composePersonReply(
  ctx: PersonMailContext,
  input: PersonReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const lc = ctx.person.locale;
  const parts: Part[] = [];
  parts.push(...echoParts(lc, input));
  if (input.problem) parts.push(para(input.problem[lc]));
  parts.push(...errorsAndIgnored(lc, errorLines(ctx, input), input.ignored), ...input.answers);
  if (input.resolved) parts.push(resolvedPart(lc));
  else
    for (const { side, owed } of input.owedBySeat)
      parts.push(
        heading(L(lc, `Seat ${sideNameOf(ctx, side)}`, `席 ${sideNameOf(ctx, side)}`)),
        renderOwed(owed, input.deadline, ctx.person.timeZone, lc),
      );
  const mail = personEnvelope(ctx, 'reply', replySubject(lc, input.subject), parts);
  return threadUnder(mail, input.inReplyTo, input.references);
}
