/**
 * The responses of the game routes as zod schemas (components of the OpenAPI document): a game as its caller sees
 * it, its steps, one step, its record, the orders on file, a submission's result. The parts whose shape is the
 * game's own (its view, options, orders, component data) are `unknown` JSON here; everything around them is typed.
 */
import { z } from 'zod';
import { boardSchema } from './board-schema.ts';
import { choiceTreeSchema } from './choices-schema.ts';
import { gameEvent, gameSpecific, outcome, owed, text, timestamp } from './shared-schemas.ts';

const stepStatus = z.enum(['open', 'resolving', 'awaiting_review', 'published']);

/** The current step as every caller sees it. */
const stepSummary = z
  .object({
    number: z.number().int(),
    status: stepStatus,
    owed: z.array(owed),
    deadlineAt: timestamp.nullable(),
    openedAt: timestamp,
    rejectedReason: z.string().optional().describe('the step was sent back by the moderator: why'),
    awaitingConfirmation: z
      .array(z.string())
      .optional()
      .describe('a step sent back: the seats that have yet to confirm or revise their orders'),
  })
  .meta({ id: 'StepSummary' });

/** What one viewer sees of the current step. */
const seen = {
  view: gameSpecific("the game's view of the position for this caller"),
  board: boardSchema,
  choices: choiceTreeSchema.nullable().describe('a seat that owes orders now: its legal choices; else null'),
};

/** The part of a game every caller sees. */
const gameBase = {
  id: z.string(),
  name: z.string(),
  game: z.string().describe('the game package id'),
  title: text,
  mode: z.string(),
  options: z.record(z.string(), z.unknown()).describe("the game's options (their shape is the game's own)"),
  review: z.enum(['auto', 'moderator']),
  status: z.enum(['active', 'paused', 'finished']),
  rulesVersion: z.string().describe('the rules version the game runs under (docs/contract.md, "Rules versions")'),
  rulesUpgrade: z
    .object({ to: z.string(), reproducible: z.boolean() })
    .nullable()
    .optional()
    .describe(
      'moderator only: the installed code has another rules version (`reproducible`: whether it still resolves the ' +
        "game's own); preview and apply it at /api/games/{id}/rules-upgrade",
    ),
  commitment: z.string().describe('SHA-256 of the secret seed, revealed when the game ends'),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  outcome: outcome.nullable(),
  you: z.union([
    z.object({ role: z.literal('moderator') }),
    z.object({ role: z.literal('seat'), side: z.string() }),
    z.object({ role: z.literal('person'), sides: z.array(z.string()) }),
  ]),
  seats: z.array(
    z.object({
      side: z.string(),
      name: z.string().nullable(),
      email: z.string().optional().describe('the moderator, and the seat itself, only'),
      locale: z.enum(['en', 'ja']).optional(),
      timeZone: z.string().optional(),
      ordersIn: z.boolean(),
      bot: z.boolean().describe('the computer player plays the seat now (its orders have source "bot")'),
      mailStatus: z
        .object({
          status: z.enum(['ok', 'bouncing', 'suppressed']),
          since: timestamp.nullable(),
          reason: z.string().nullable(),
        })
        .optional()
        .describe(
          'the moderator only: whether mail to the address bounces (docs/email.md, "Bounces"); "suppressed": not sent until the player confirms or changes it',
        ),
    }),
  ),
  step: stepSummary,
  preview: z
    .object({ view: gameSpecific('the view after the step'), board: boardSchema, events: z.array(gameEvent) })
    .nullable()
    .optional()
    .describe('the moderator only: the result of a step awaiting review, as it will be published'),
  unreadMails: z
    .array(
      z.object({
        receivedAt: timestamp,
        from: z.string().nullable().describe('its From header as written'),
        subject: z.string().nullable().describe('its Subject header as written'),
        side: z.string().nullable().describe('the seat whose reply address it was sent to'),
        answered: z.boolean().describe('whether its sender was told'),
      }),
    )
    .optional()
    .describe(
      'the moderator only: mails to the game set aside unread in the last 30 days (their processing failed ' +
        'every attempt, nothing in them was carried out; the sender was told), newest first',
    ),
};

/** A game as the moderator or one seat sees it. */
export const gameView = z.object({ ...gameBase, ...seen }).meta({ id: 'GameView' });

/** A game as a person holding several seats sees it: each seat's view, board and choices under `bySeat`. */
export const personGameView = z
  .object({
    ...gameBase,
    view: z.null(),
    board: z.null(),
    choices: z.null(),
    bySeat: z.record(z.string(), z.object(seen)),
  })
  .meta({ id: 'PersonGameView' });

/** One step of the history as the caller sees it. */
const stepFields = {
  number: z.number().int(),
  status: stepStatus,
  owed: z.array(owed),
  openedAt: timestamp,
  resolvedAt: timestamp.nullable(),
  publishedAt: timestamp.nullable(),
  defaultsApplied: z.array(z.string()).describe("seats whose orders were the engine's defaults"),
  events: z.array(gameEvent).describe('the events the caller may see (none of a step not published, for a seat)'),
};
export const historyStep = z.object(stepFields).meta({ id: 'Step' });

/** One step with the orders the caller may see and the position at its start. */
export const stepDetail = z
  .object({
    ...stepFields,
    orders: z
      .record(z.string(), z.unknown())
      .describe("by seat: the orders the caller may see (its own, or the part the game shows; the game's shape)"),
    view: z.unknown().describe("the game's view at the step's start for this caller; null for a person"),
    bySeat: z
      .record(z.string(), z.object({ view: gameSpecific("the game's view for this seat") }))
      .optional()
      .describe('a person: the view as each of its seats sees it'),
  })
  .meta({ id: 'StepDetail' });

/** The game record (pbem-record/1, docs/api.md), as `pbem replay` and `pbem verify` read it. */
export const gameRecord = z
  .object({
    format: z.literal('pbem-record/1'),
    game: z.string(),
    mode: z.string(),
    options: z.record(z.string(), z.unknown()),
    data: z.unknown().describe('the component data set the game was created with, or null: the shipped one'),
    commitment: z.string(),
    dice: z
      .object({ kind: z.literal('seed'), secret: z.string() })
      .nullable()
      .describe('once the game is over'),
    viewer: z.string().describe('"moderator" or "seat:<id>"'),
    complete: z.boolean().describe('nothing of the listed steps is withheld from this viewer'),
    id: z.string(),
    name: z.string(),
    status: z.enum(['active', 'paused', 'finished']),
    rulesVersion: z.string().describe('the rules version the game runs under now (docs/contract.md)'),
    seats: z.array(z.object({ seat: z.string(), name: z.string().nullable() })),
    outcome: outcome.nullable(),
    steps: z.array(
      z.object({
        number: z.number().int(),
        rulesVersion: z.string().nullable().describe('the rules version that resolved the step'),
        orders: z.record(z.string(), z.unknown()).describe('by seat, exactly as passed to the engine'),
        events: z.array(gameEvent),
      }),
    ),
    stepInfo: z.array(
      z.object({
        number: z.number().int(),
        status: z.enum(['published', 'awaiting_review']),
        defaultsApplied: z.array(z.string()),
        ordersDigest: z.string().nullable(),
        resolvedAt: timestamp.nullable(),
        publishedAt: timestamp.nullable(),
      }),
    ),
  })
  .meta({ id: 'GameRecord' });

/** The orders on file for the current step, by seat. */
export const ordersOnFile = z
  .object({
    step: z.number().int(),
    status: stepStatus,
    orders: z.record(
      z.string(),
      z.object({
        orders: gameSpecific("the seat's orders JSON"),
        raw: z.string().describe('as received (a mail body, the JSON sent)'),
        source: z.enum(['api', 'web', 'email', 'moderator', 'default', 'bot']),
        receivedAt: timestamp,
      }),
    ),
  })
  .meta({ id: 'OrdersOnFile' });

/** A resolution a request completed. */
export const resolved = z
  .object({
    resolved: z.literal(true),
    step: z.number().int(),
    status: z.enum(['published', 'awaiting_review']),
    finished: z.boolean(),
  })
  .meta({ id: 'Resolution' });

/** What an attempt to resolve the current step did (resuming a game). */
export const resolveResult = z
  .union([
    resolved,
    z.object({
      resolved: z.literal(false),
      reason: z.enum(['not-ready', 'not-open', 'not-active', 'no-game', 'rules-version']),
    }),
  ])
  .meta({ id: 'ResolveResult' });

/** The answer to orders stored: the order's id, its step, and the resolution it completed if any. */
export const ordersStored = z
  .object({
    orderId: z.string(),
    step: z.number().int(),
    resolution: resolved.nullable().describe('these orders completed the step: how it resolved'),
  })
  .meta({ id: 'OrdersStored' });

/** A person's orders for several seats stored: the order id of each seat it named. */
export const personOrdersStored = z
  .object({ orderIds: z.record(z.string(), z.string()), step: z.number().int(), resolution: resolved.nullable() })
  .meta({ id: 'PersonOrdersStored' });

/** One entry of the audit log. */
export const auditEntry = z
  .object({
    at: timestamp,
    actor: z.string().describe('"moderator", "operator", "system", ...'),
    action: z.string().describe('step.approve, orders.amend, game.pause, ...'),
    detail: z.unknown().describe('what the action was about (JSON)'),
  })
  .meta({ id: 'AuditEntry' });
