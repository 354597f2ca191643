/** Shared zod schemas of the API's routes: parameters, the error statuses of a game route, security. */
import { z } from 'zod';
import { errorBody } from '../../openapi/shared-schemas.ts';

export const gameParams = z.object({ id: z.string().min(1).max(40).describe('game id') });
export const stepParams = gameParams.extend({ n: z.coerce.number().int().min(0).describe('step number') });
export const seatParams = gameParams.extend({
  side: z.string().min(1).max(40).describe("seat id: one of the game's sides"),
});

export { errorBody } from '../../openapi/shared-schemas.ts';

/**
 * The error statuses of a game route's guard (src/server/plugins/auth.ts), besides the standard ones every
 * operation has (src/server/openapi/document.ts): any role of the game (`anyGameRole`): 401; one role only
 * (`moderatorOnly`, `seatOnly`, `seatSubmitting`): 401 and 403. A token acts for one game only, so a game id that
 * does not exist is a 401 too, never a 404.
 */
export const anyRoleErrors = { 401: errorBody } as const;
export const oneRoleErrors = { 401: errorBody, 403: errorBody } as const;

export const bearer = [{ bearer: [] }];
