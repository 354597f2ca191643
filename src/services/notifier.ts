/**
 * What the service tells players, the moderator and a game's webhooks, and the one door it goes through: services
 * say what happened; the notifier that the composition roots build (src/server/notifier.ts, from src/mail and
 * src/webhooks) composes each mail in its reader's language and queues it, or queues the webhook deliveries. Every
 * operation writes in the caller's transaction, so a mail or a delivery exists exactly when what it reports does.
 */
import type { Tx } from '../db/client.ts';
import type { SqlTx } from '../db/sql-tx.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { Envelope } from '../engine/step-runner.ts';
import type { GameEvent, Owed } from '../engine/types.ts';
import type { Game, Person, Seat, Step } from '../generated/prisma/client.ts';
import type { Locale } from '../i18n/index.ts';

/**
 * Welcome mails: one per person (a new game's every person, or the new holder of a moved seat), for all the seats it
 * holds, each with its token (sent this once).
 */
export interface WelcomeMails {
  gameId: string;
  persons: { personId: string; token: string }[];
  /** What the creating transaction knows already (read otherwise). */
  known?: WelcomeKnown;
}

/** A game as its welcome mails are made from: the game and its seats (by side), its persons, its current step. */
export interface WelcomeKnown {
  game: Game & { seats: Seat[] };
  persons: Person[];
  /** The current step (null: none), with what it owes, its deadline and its envelope. */
  step: { number: number; owed: Owed[]; deadlineAt: Date | null; envelope: Envelope } | null;
  /** The events of the steps resolved at the creation (set-up dice), in order. */
  events: GameEvent[];
}

/**
 * What the publishing transaction already read: the game (as updated) and its package, its seats, the step, its
 * events, the next step.
 */
export interface StepResultsKnown {
  game: Game;
  def: AnyGamePackage;
  seats: Seat[];
  step: Pick<Step, 'number' | 'defaultsApplied' | 'envelope' | 'resultEnvelope'>;
  events: GameEvent[];
  next: Pick<Step, 'owed' | 'envelope' | 'deadlineAt'> | null;
}

/** Per seat, the mail a notification policy gives it for this step (absent: every seat gets the result). */
export type StepMailPlan = Record<string, { kind: 'result' | 'digest'; from: number } | null>;

/** The result mails of a just-published step: the step, what the publisher read, and a notification plan if any. */
export interface StepResults {
  gameId: string;
  stepNumber: number;
  known: StepResultsKnown;
  plan?: StepMailPlan;
  /** The events of the steps before this one that some seat's mail covers (see `plan`). */
  earlier?: { number: number; events: GameEvent[]; envelope?: unknown }[];
}

/** The moderator's notice that a step's result awaits review (`game`: when the caller has read it). */
export interface ReviewNotice {
  gameId: string;
  stepNumber: number;
  game?: NoticeGame;
}

/** A seat as notices need it. */
export interface NoticeSeat {
  id: string;
  side: string;
  email: string;
  locale: string;
  timeZone: string;
  mailToken: string;
}

/** A game as notices need it. */
export interface NoticeGame {
  id: string;
  name: string;
  moderatorEmail: string | null;
}

/**
 * Text of a notice per language; `when` turns an instant into the reader's local time; `sides` are the seats the
 * mail is for (one, or the seats of one person; none for the moderator).
 */
export type NoticeText = (
  when: (d: Date) => string,
  locale: Locale,
  sides: string[],
) => { subject: string; body: string };

/** What a notice is about (the outbox row's kind). */
export type NoticeKind = 'reminder' | 'missed' | 'deadline' | 'rejected' | 'rules' | 'seat';

/**
 * A notice to some seats (and to the moderator when `moderator` is set and the game has an address), each in the
 * reader's language with times in the reader's zone; seats held by one person get one mail together, at the
 * person's address. `key` names the occurrence: the same occurrence queued again (a job run twice) is one mail per
 * reader.
 */
export interface NoticeMails {
  game: NoticeGame;
  seats: NoticeSeat[];
  moderator?: boolean;
  kind: NoticeKind;
  key: string;
  text: NoticeText;
  /**
   * Mail the players of seats the computer plays too (left out otherwise: no mail asks such a seat for anything):
   * for the notices about who plays a seat. A seat without an address never gets mail.
   */
  botSeatsToo?: boolean;
}

/** The mail with a fresh sign-in link: to a seat held alone, or to a person (several seats). */
export type SignInLinkMail = { gameId: string } & ({ seatId: string } | { personId: string });

/** What a webhook reports: a step result, a reminder, or a missed deadline (also deadline changes and absences). */
export const WEBHOOK_EVENTS = ['result', 'reminder', 'missed', 'deadline'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** One webhook message (public information only: a webhook is a shared channel). */
export interface WebhookMessage {
  event: WebhookEvent;
  gameName: string;
  title: string;
  description: string;
  url?: string;
  fields?: { name: string; value: string; inline?: boolean }[];
  at: Date;
}

/** The occurrence a webhook message reports: `eventKey` names it (one delivery per hook and occurrence). */
export interface WebhookOccurrence {
  gameId: string;
  eventKey: string;
  message: WebhookMessage;
}

/** The one way services tell anyone anything; every operation writes in the transaction it is given. */
export interface Notifier {
  /** The welcome mails of a new game (in its creating transaction). */
  welcome(tx: SqlTx, mails: WelcomeMails): Promise<void>;
  /** The result mails of a published step, per seat as its view and the plan allow. */
  stepResults(tx: SqlTx, results: StepResults): Promise<void>;
  /** The moderator's notice of a preview awaiting review (none when the game has no moderator address). */
  reviewNotice(tx: SqlTx, notice: ReviewNotice): Promise<void>;
  /** Text notices about deadlines and rejections. */
  notices(tx: SqlTx, notices: NoticeMails): Promise<void>;
  /** A fresh sign-in link mailed to a seat held alone or to a person, asked for on the sign-in page. */
  signInLink(tx: Tx, to: SignInLinkMail): Promise<void>;
  /** One delivery per hook of the game that subscribes to the message's event; returns how many. */
  webhooks(tx: SqlTx, occurrence: WebhookOccurrence): Promise<number>;
}
