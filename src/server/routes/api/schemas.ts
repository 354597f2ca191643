/** Shared zod schemas of the API: parameters, the error body, security. */
import { z } from 'zod';

export const gameParams = z.object({ id: z.string().min(1).max(40).describe('game id') });
export const stepParams = gameParams.extend({ n: z.coerce.number().int().min(0).describe('step number') });
export const seatParams = gameParams.extend({
  side: z.string().min(1).max(40).describe("seat id: one of the game's sides"),
});

const text = z.object({ en: z.string(), ja: z.string() });

/** The body of every error response. */
export const errorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().describe('in English'),
      messages: text.describe('the message in English and Japanese'),
      requestId: z.string(),
      details: z
        .unknown()
        .optional()
        .describe('for 400 request/invalid and <section>/invalid: [{ path, code, message: { en, ja } }]'),
      errors: z
        .array(
          z.object({
            code: z.string(),
            message: text,
            rule: z.string(),
            rules: z.array(z.string()),
            path: z.string().optional(),
            seat: z.string().optional().describe("the seat the error concerns (a person's orders for several seats)"),
          }),
        )
        .optional(),
    }),
  })
  .describe('error');

/** Error responses every authenticated game route can give. */
export const gameErrors = { 401: errorBody, 403: errorBody, 404: errorBody } as const;

export const bearer = [{ bearer: [] }];

/** A loose JSON object response (engine views are game-specific). */
export const anyObject = z.record(z.string(), z.unknown());
