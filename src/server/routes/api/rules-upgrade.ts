/** The moderator's rules upgrade of a running game (docs/contract.md, "Rules versions"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyRulesUpgrade, previewRulesUpgrade } from '../../../services/rules-upgrade.ts';
import { moderatorOnly } from '../../plugins/auth.ts';
import { bearer, errorBody, gameParams, oneRoleErrors } from './schemas.ts';

const lines = z.object({ en: z.array(z.string()), ja: z.array(z.string()) });

/** What a rules upgrade would do (or did). */
const rulesUpgradePlan = z
  .object({
    game: z.string(),
    from: z.string().describe('the rules version the game runs under'),
    to: z.string().describe("the installed code's rules version"),
    applicable: z.boolean(),
    blocked: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).nullable(),
    stepsReplayed: z.number().int(),
    changes: z.array(
      z.object({
        viewer: z.string().describe('"seat:<id>" (what that seat sees) or "moderator"'),
        steps: z.array(
          z.object({
            step: z.number().int(),
            before: lines,
            after: lines,
            eventsChanged: z.boolean(),
            positionChanged: z.boolean(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'RulesUpgradePlan' });

const tags = ['moderation'];
const common = { preValidation: moderatorOnly };

export default async function rulesUpgradeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:id/rules-upgrade',
    {
      ...common,
      schema: {
        tags,
        operationId: 'previewRulesUpgrade',
        summary: "Preview re-adjudicating the game under the installed code's rules version",
        description:
          'Replays every recorded order and die under the new rules and lists, per seat, the steps where what that ' +
          'seat sees would change (then the moderator’s list of every change).',
        security: bearer,
        params: gameParams,
        response: { 200: rulesUpgradePlan, ...oneRoleErrors, 404: errorBody },
      },
    },
    async (request) => previewRulesUpgrade(app.deps, request.params.id),
  );
  r.post(
    '/api/games/:id/rules-upgrade',
    {
      ...common,
      schema: {
        tags,
        operationId: 'applyRulesUpgrade',
        summary: 'Move the game to the installed rules version (audited; every player is told what changes)',
        description:
          'The current step starts from the replayed position; the steps already played stay as resolved, with ' +
          'their version. 409 with the reason when it cannot be applied (see the preview’s `blocked`).',
        security: bearer,
        params: gameParams,
        response: { 200: rulesUpgradePlan, ...oneRoleErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => applyRulesUpgrade(app.deps, request.params.id),
  );
}
