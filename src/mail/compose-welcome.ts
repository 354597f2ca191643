/**
 * The welcome mail of a new game, in the player's language, as text and HTML: for a seat held alone, or for a person
 * holding several seats with a section per seat. Pure, like src/mail/compose-parts.ts.
 */
import type { GameEvent, Owed } from '../engine/types.ts';
import type { Board } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { ordersAddress, seatReplyAddress } from './addresses.ts';
import {
  bySeat,
  type ComposedMail,
  envelope,
  heading,
  L,
  mapCid,
  mapParts,
  pageUrlOf,
  type MailAttachment,
  type PlayerMailContext,
  para,
  pre,
  readerOf,
  seatList,
  type SeatPart,
  seatSections,
  seatSyntax,
} from './compose-parts.ts';
import { namesOf, renderOwed, type Part } from './render.ts';
import { moveSubject, replyTemplatePart } from './compose-action.ts';
import { eventSentences } from './compose-result.ts';

/** What a welcome mail tells. */
export interface WelcomeMailInput {
  pageUrl: string;
  calendarUrl?: string;
  /** What the player's seats owe first (all of them). */
  owed: Owed[];
  deadline: Date | null;
  /** The board of a seat held alone (a person's boards are in `seats`). */
  board: Board | null;
  /** Each seat's section, for a person holding several. */
  seats?: SeatPart[];
  syntax: string;
  /** What the game's set-up did before the first orders (its dice), as the player's seats may see it. */
  events?: GameEvent[];
  /**
   * The reply template of the first orders (src/mail/compose-action.ts), when the player owes any: a person's has
   * SEAT lines between its owing seats.
   */
  template?: string[] | null;
}

/** The greeting: who the player plays, and for a person that every mail comes once with a section per seat. */
function greeting(ctx: PlayerMailContext, lc: Locale): string {
  const { game } = ctx;
  const reader = readerOf(ctx);
  const hi = { en: `Welcome${reader.playerName ? `, ${reader.playerName}` : ''}!`, ja: reader.playerName };
  if (!bySeat(ctx))
    return L(
      lc,
      `${hi.en} You play ${ctx.seat.sideName.en} in "${game.name}" (${game.title.en}, ${game.mode} mode).`,
      `${hi.ja ? `${hi.ja} さん、` : ''}ようこそ。「${game.name}」(${game.title.ja}、${game.mode} モード) であなたは${ctx.seat.sideName.ja}を担当します。`,
    );
  const n = ctx.seats.length;
  return L(
    lc,
    `${hi.en} You play ${seatList(ctx)} in "${game.name}" (${game.title.en}, ${game.mode} mode): ${n} seats, one address. This mail and every mail of this game come to you once, with a section per seat.`,
    `${hi.ja ? `${hi.ja} さん、` : ''}ようこそ。「${game.name}」(${game.title.ja}、${game.mode} モード) であなたは ${seatList(ctx)} の ${n} 席を担当します。このゲームのメールはあなたに1通ずつ、席ごとの欄を付けて届きます。`,
  );
}

/** How to send orders: the reply address, SIGNON from elsewhere, and for several seats the SEAT lines. */
function howToSend(ctx: PlayerMailContext, lc: Locale, syntax: string): Part[] {
  const reader = readerOf(ctx);
  const reply = seatReplyAddress(reader.mailToken, ctx.site.domain);
  const orders = ordersAddress(ctx.site.domain);
  const several = bySeat(ctx);
  const how = several
    ? L(
        lc,
        `Reply to this mail, or write to ${reply} (your personal order address, for all your seats). From another address, write to ${orders} with a first line "SIGNON <your password>".`,
        `このメールに返信するか、あなた専用の命令アドレス ${reply} (全席共通) に送ってください。別のアドレスからは ${orders} 宛てに、1行目を「SIGNON <パスワード>」として送れます。`,
      )
    : L(
        lc,
        `Reply to this mail, or write to ${reply} (your personal order address). From another address, write to ${orders} with a first line "SIGNON <your seat password>".`,
        `このメールに返信するか、あなた専用の命令アドレス ${reply} に送ってください。別のアドレスからは ${orders} 宛てに、1行目を「SIGNON <席のパスワード>」として送れます。`,
      );
  const sides = reader.seats.map((s) => s.side);
  return [
    heading(L(lc, 'How to send orders', '命令の送り方')),
    para(how),
    ...(several ? [para(seatSyntax(lc, sides))] : []),
    pre(syntax),
  ];
}

/** The page link and the deadline calendar (a person's link signs in for all its seats). */
function pageParts(ctx: PlayerMailContext, lc: Locale, input: WelcomeMailInput): Part[] {
  const calendar = input.calendarUrl ? `\n${L(lc, 'Deadline calendar', '締切カレンダー')}: ${input.calendarUrl}` : '';
  const keep = bySeat(ctx)
    ? L(
        lc,
        'Keep this link private: it signs you in for all your seats.',
        'このリンクは全席のログイン用です。他人に教えないでください。',
      )
    : L(lc, 'Keep this link private: it signs you in.', 'このリンクはログイン用です。他人に教えないでください。');
  return [heading(L(lc, 'Your page', 'あなたのページ')), para(`${input.pageUrl}${calendar}\n${keep}`)];
}

/** What is owed first and the map: one seat's, or a section per seat. */
function firstOrders(
  ctx: PlayerMailContext,
  lc: Locale,
  input: WelcomeMailInput,
): { parts: Part[]; attachments: MailAttachment[] } {
  if (bySeat(ctx)) {
    const sections = seatSections(ctx, input.seats ?? [], 'welcome', { deadline: input.deadline });
    return {
      ...sections,
      parts: [heading(L(lc, 'First orders, seat by seat', '最初の命令 (席ごと)')), ...sections.parts],
    };
  }
  const where = { focus: input.owed, pageUrl: pageUrlOf(ctx.site, ctx.game.id) };
  const map = mapParts(input.board, lc, ctx.game.name, mapCid(ctx, 'welcome'), where);
  const parts = [
    heading(L(lc, 'First orders', '最初の命令')),
    renderOwed(input.owed, input.deadline, ctx.seat.timeZone, lc),
    ...(map.part ? [heading(L(lc, 'The map', 'マップ')), map.part] : []),
  ];
  return { parts, attachments: map.attachments };
}

/**
 * The welcome mail of a new game: the player's seats, how to send orders, the player page, what is owed first and
 * when (for a person, seat by seat).
 */
export async function composeWelcome(ctx: PlayerMailContext, input: WelcomeMailInput): Promise<ComposedMail> {
  const { game } = ctx;
  const reader = readerOf(ctx);
  const lc = reader.locale;
  const first = firstOrders(ctx, lc, input);
  const parts: Part[] = [
    para(greeting(ctx, lc)),
    ...howToSend(ctx, lc, input.syntax),
    ...pageParts(ctx, lc, input),
    ...(input.events?.length
      ? [
          heading(L(lc, 'The set-up', 'ゲームの準備')),
          eventSentences(game.describe, input.events, namesOf(game.data, game.names), lc),
        ]
      : []),
    ...first.parts,
    para(
      L(
        lc,
        `Dice commitment (SHA-256 of the secret seed, revealed at the end): ${game.commitment}`,
        `ダイス・コミットメント (秘密シードの SHA-256、終了時に公開): ${game.commitment}`,
      ),
    ),
  ];
  const welcome = bySeat(ctx)
    ? L(lc, `Welcome: you play ${seatList(ctx)}`, `ゲーム開始: ${seatList(ctx)}`)
    : L(lc, `Welcome: you play ${ctx.seat.sideName.en}`, `ゲーム開始: ${ctx.seat.sideName.ja}`);
  const board = input.board ?? input.seats?.find((s) => s.board)?.board ?? null;
  const phase = board?.summary.phase[lc] ?? null;
  const move = moveSubject(lc, { owed: input.owed, deadline: input.deadline, timeZone: reader.timeZone, phase });
  const subject = move ? `${welcome} · ${move}` : welcome;
  if (input.template && input.owed.length)
    parts.push(...replyTemplatePart({ site: ctx.site, reader }, input.template, subject));
  return envelope(ctx, 'welcome', subject, parts, { attachments: first.attachments });
}
