/**
 * The Judge-style reply to an order mail (echo, errors with rule ids, what is still owed, the deadline) and the
 * HELP and STATUS answers it may carry, in the seat's language. Pure, like src/mail/compose-parts.ts.
 */
import type { ChoiceTree, Owed, RuleError, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import type { Board } from '../engine/board.ts';
import { type ComposedMail, envelope, heading, L, para, pre, type SeatMailContext } from './compose-parts.ts';
import { renderChoices, renderMap, renderOwed, type Part } from './render.ts';

/** What an order mail achieved, for the Judge-style reply. */
export interface ReplyReport {
  /** Canonical text of the orders as understood (empty when the mail had none). */
  echo: string[];
  /** Text errors (line numbers) and rule errors (rule ids). */
  textErrors: { line: number; text: string; code: string; message: Text }[];
  ruleErrors: RuleError[];
  ignored: { line: number; text: string }[];
  /** `accepted`: stored; `rejected`: nothing stored; `none`: no orders in the mail. */
  outcome: 'accepted' | 'rejected' | 'none';
  /** A conflict that stopped the orders (game paused, step not open, ...). */
  problem?: Text;
  /** Answers to commands, in order (HELP, STATUS, APPROVE, REJECT). */
  answers: Part[];
  owed: Owed[];
  deadline: Date | null;
  resolved: boolean;
}

/** The echo of the orders as understood, and whether they were stored. */
function echoParts(lc: Locale, input: ReplyReport): Part[] {
  if (input.outcome === 'none' && !input.textErrors.length) return [];
  const parts: Part[] = [
    heading(L(lc, 'Your orders as understood', '受け付けた命令の解釈')),
    pre(input.echo.length ? input.echo.join('\n') : L(lc, '(no orders read)', '(命令は読み取れませんでした)')),
  ];
  const status =
    input.outcome === 'accepted'
      ? L(
          lc,
          'ACCEPTED: these orders replace any you sent earlier for this step.',
          '受理: このステップで以前に送った命令はこれで置き換えられます。',
        )
      : input.outcome === 'rejected'
        ? L(
            lc,
            'REJECTED: nothing was stored; correct the errors and send the whole set again.',
            '却下: 何も保存されていません。誤りを直して全体を送り直してください。',
          )
        : '';
  if (status) parts.push(para(status));
  return parts;
}

/** The text errors (by line) and rule errors (by rule id), then the lines not read as orders. */
function errorParts(lc: Locale, input: ReplyReport): Part[] {
  const errors = [
    ...input.textErrors.map(
      (e) => `${L(lc, 'line', '行')} ${e.line}: ${e.message[lc]} [${e.code}]${e.text ? `  <${e.text}>` : ''}`,
    ),
    ...input.ruleErrors.map((e) => `${e.rule}: ${e.message[lc]} [${e.code}]${e.path ? ` (${e.path})` : ''}`),
  ];
  return errorsAndIgnored(lc, errors, input.ignored);
}

/** The error lines under their heading, then the lines not read as orders (a seat's reply and a person's alike). */
export function errorsAndIgnored(lc: Locale, errors: string[], ignored: ReplyReport['ignored']): Part[] {
  const parts: Part[] = [];
  if (errors.length)
    parts.push(heading(L(lc, `Errors (${errors.length})`, `誤り (${errors.length} 件)`)), pre(errors.join('\n')));
  if (ignored.length)
    parts.push(
      para(
        `${L(lc, 'Lines not read as orders', '命令として読まなかった行')}: ${ignored.map((i) => `${i.line} "${i.text}"`).join(', ')}`,
      ),
    );
  return parts;
}

/** The line of a reply whose orders completed the step. */
export function resolvedPart(lc: Locale): Part {
  return para(
    L(
      lc,
      'Every owed order is in: the step has been resolved. The result follows in a separate mail.',
      '必要な命令がすべて揃い、ステップを処理しました。結果は別のメールで届きます。',
    ),
  );
}

/** A reply's subject: "Re:" and the player's subject without its own Re: and list tag, or a default. */
export function replySubject(lc: Locale, subject: string | undefined): string {
  return subject
    ? `Re: ${subject.replace(/^(re|aw|sv|返信)\s*:\s*/i, '').replace(/^\[[^\]]*\]\s*/, '')}`
    : L(lc, 'Your orders', '命令の受付');
}

/** Threads a reply under the player's mail (In-Reply-To, and References kept to the last 20). */
export function threadUnder(mail: ComposedMail, inReplyTo?: string, references?: string[]): ComposedMail {
  if (inReplyTo) {
    mail.inReplyTo = inReplyTo;
    mail.references = [...new Set([...mail.references, ...(references ?? []), inReplyTo])].slice(-20);
  }
  return mail;
}

/** The reply to an authenticated order mail. Threaded under the player's mail. */
export function composeReply(
  ctx: SeatMailContext,
  input: ReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const lc = ctx.seat.locale;
  const parts: Part[] = [...echoParts(lc, input)];
  if (input.problem) parts.push(para(input.problem[lc]));
  parts.push(...errorParts(lc, input), ...input.answers);
  parts.push(input.resolved ? resolvedPart(lc) : renderOwed(input.owed, input.deadline, ctx.seat.timeZone, lc));
  const mail = envelope(ctx, 'reply', replySubject(lc, input.subject), parts);
  return threadUnder(mail, input.inReplyTo, input.references);
}

/**
 * The reply to a moderator's mail (APPROVE, REJECT, STATUS): the answers alone, with the console's link at the end;
 * none of a player's boilerplate (orders owed, reply address, sign-in link).
 */
export function composeModeratorReply(
  ctx: SeatMailContext,
  input: ReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const parts: Part[] = [];
  if (input.problem) parts.push(para(input.problem.en));
  parts.push(...errorParts('en', input), ...input.answers);
  if (!parts.length)
    parts.push(para('No command was found in your mail. Moderator commands: APPROVE, REJECT <reason>, STATUS.'));
  const console = `${ctx.site.publicUrl.replace(/\/$/, '')}/g/${ctx.game.id}/moderate`;
  const footer = para(`-- \nModerator console / モデレーターコンソール: ${console}`);
  const mail = envelope(ctx, 'reply', replySubject('en', input.subject), parts, {}, footer);
  return threadUnder(mail, input.inReplyTo, input.references);
}

/**
 * HELP: the grammar, the orders owed now written in it with the defaults filled in (to edit and send back), and the
 * seat's legal choices field by field.
 */
export function helpAnswer(
  locale: Locale,
  syntax: string,
  choices: ChoiceTree | null,
  template: string[] | null = null,
): Part[] {
  const now = template?.length
    ? [
        heading(L(locale, 'Your orders now, in this syntax', '今の命令 (この書き方で)')),
        para(
          L(
            locale,
            'The defaults are filled in: edit them and send them back.',
            '既定の命令が入っています。書き換えて送り返してください。',
          ),
        ),
        pre(template.join('\n')),
      ]
    : [];
  return [
    heading(L(locale, 'Order syntax', '命令の書き方')),
    pre(syntax),
    ...now,
    heading(L(locale, 'Your choices now', '現在の選択肢')),
    renderChoices(choices, locale),
  ];
}

/** STATUS: the seat's board as a table (or, for a board without spaces, its view) and its current orders. */
export function statusAnswer(
  locale: Locale,
  board: Board | null,
  view: unknown,
  step: { number: number; status: string },
  ordersIn: string[] | null,
): Part[] {
  const parts = [
    heading(
      L(locale, `Status at step ${step.number} (${step.status})`, `ステップ ${step.number} の状況 (${step.status})`),
    ),
  ];
  const map = renderMap(board, locale);
  if (map.text) parts.push(map);
  else parts.push(pre(JSON.stringify(view, null, 2).slice(0, 20_000)));
  if (ordersIn) parts.push(pre(`${L(locale, 'Your current orders', '現在の命令')}:\n${ordersIn.join('\n') || '-'}`));
  return parts;
}
