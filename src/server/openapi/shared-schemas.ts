/**
 * Schemas shared by many operations of the API, each a component of the OpenAPI document (`.meta({ id })`): the
 * error body, a text in English and Japanese, a rule error, what a seat owes, a game event, an outcome.
 */
import { z } from 'zod';

/** A text in English and Japanese. */
export const text = z.object({ en: z.string(), ja: z.string() }).meta({ id: 'Text' });

/** One problem the engine found with a seat's orders (src/engine/types.ts RuleError, with `rules` always filled). */
export const ruleError = z
  .object({
    code: z.string().describe('stable, namespaced: aw/placement/capacity'),
    message: text,
    rule: z.string().describe('`rules` joined with ", "'),
    rules: z.array(z.string()).describe('the rule broken first, then each rule behind its numbers'),
    path: z.string().optional().describe('where in the orders JSON (a dotted path)'),
    seat: z.string().optional().describe("the seat the error concerns (a person's orders for several seats)"),
  })
  .meta({ id: 'RuleError' });

/** One problem of a request that does not match its route's schema (src/services/input-issues.ts). */
export const inputIssue = z
  .looseObject({
    path: z.string().describe('JSON-pointer style: /deadlines/default/length (/ for the whole input)'),
    code: z.string().describe('request/unknown-key, request/wrong-type, deadlines/duration, ...'),
    message: text,
  })
  .meta({ id: 'InputIssue' });

/** The body of every error response (src/server/plugins/errors.ts). */
export const errorBody = z
  .object({
    error: z.object({
      code: z.string().describe('stable: auth/unauthorized, orders/invalid, service/database-unavailable, ...'),
      message: z.string().describe('in English'),
      messages: text.describe('the message in English and Japanese'),
      requestId: z.string().describe('also the x-request-id response header: quote it when reporting a problem'),
      details: z
        .union([
          z.array(inputIssue).describe('400 request/invalid and <section>/invalid: every problem of the request'),
          z
            .looseObject({ message: text, retryAfterSeconds: z.number() })
            .describe('503 service/database-unavailable: what to tell the user, and when to try again'),
          // Other codes carry facts of their own (game/seats: { missing, unexpected }; game/setup: the problems).
          z.array(z.unknown()),
          z.record(z.string(), z.unknown()),
        ])
        .optional(),
      errors: z.array(ruleError).optional().describe('422 orders/invalid: every problem the engine found'),
    }),
  })
  .meta({ id: 'Error', description: 'an error: a stable code, the message in English and Japanese, the request id' });

/** A seat that owes orders at the current decision point. */
export const owed = z
  .object({
    seat: z.string(),
    point: z.string().describe('decision point id, e.g. AW-D5'),
    rule: z.string(),
    prompt: text,
    sealed: z.boolean().optional().describe("no seat sees another's orders of this step before it is resolved"),
  })
  .meta({ id: 'Owed' });

/** Something that happened in a resolution; its other fields depend on the game and the type. */
export const gameEvent = z
  .looseObject({
    type: z.string().describe("`die` for a die roll (index, sides, value, purpose); else the game's own types"),
    rule: z.string().optional(),
    visibleTo: z.array(z.string()).optional(),
  })
  .meta({ id: 'GameEvent', description: 'an event; its further fields depend on the game and its type' });

/** The final result of a game (src/engine/types.ts Outcome). */
export const outcome = z
  .looseObject({
    winner: z.string().nullable().describe('the sole winner; null for a draw or several winners'),
    winners: z.array(z.string()).optional(),
    draw: z.boolean().optional(),
    teams: z.array(z.object({ id: z.string(), name: text, seats: z.array(z.string()) })).optional(),
    reason: text,
    rule: z.string(),
  })
  .meta({ id: 'Outcome' });

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A moment, sent as an ISO 8601 UTC string (`2026-11-24T16:00:00.000Z`). Services hand over a Date, or the string
 * already when their result went through JSON (views strip the dice key that way): both are sent alike.
 */
export const timestamp = z
  .custom<Date | string>((v) =>
    v instanceof Date ? !Number.isNaN(v.getTime()) : typeof v === 'string' && ISO_TIME.test(v),
  )
  .meta({ type: 'string', format: 'date-time' });

/**
 * The value a handler returns, typed as its response schema reads it. The services' own types are looser than the
 * document (a status typed `string`, a time typed `Date` sent as a string); the serializer checks every response
 * against its schema, and test/api/openapi-contract.test.ts checks that nothing is lost on the way.
 */
export function asResponse<S extends z.ZodType>(_schema: S, value: unknown): z.input<S> {
  return value as z.input<S>;
}

/** A JSON value whose shape is the game's own (a view, options, orders on file). */
export const gameSpecific = (what: string) => z.unknown().describe(`${what} (its shape is the game's own)`);
