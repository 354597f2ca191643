/**
 * The tree of legal choices of a seat (src/engine/choice-types.ts) as a zod schema of the API's responses
 * (component `ChoiceTree`): a client builds a legal order from it as the web form does. How an answer is written
 * in the orders JSON is in the descriptions below (docs/web.md, docs/api.md "Orders from choices").
 */
import { z } from 'zod';
import { text } from './shared-schemas.ts';

const option = z.object({ value: z.string(), label: text });

const pathSpec = z.object({
  from: z.string().describe('where the moving piece starts; not part of the answer'),
  edges: z.array(
    z.object({ from: z.string(), to: z.string(), cost: z.number().optional(), via: z.string().optional() }),
  ),
  budget: z.number().optional(),
  minSteps: z.number().optional(),
  maxSteps: z.number().optional(),
  stopAt: z.array(z.string()).optional(),
  noEndAt: z.array(z.string()).optional(),
  revisit: z.boolean().optional(),
});

const choiceCase = z.object({
  options: z.array(option).optional(),
  path: pathSpec.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  total: z.number().optional(),
});

/** What every field has. */
const base = {
  key: z
    .string()
    .describe(
      'where the answer goes in the orders JSON, as a dotted path: `placement.C11` is `{ "placement": { "C11": ... } }`; ' +
        'a segment that is a number (`ubs.U01.0`, also written `ubs.U01[0]`) is a position in an array when the ' +
        "game's orders schema has an array there (a slot), else a record key. A slot answered `none` (a declined " +
        'attack) or an empty answer is left out of the orders',
    ),
  label: text,
  options: z.array(option),
  group: z.string().optional(),
  required: z.boolean().optional().describe('absent or false: leaving the field out means "none" or the default'),
  dependsOn: z
    .object({ key: z.string(), cases: z.record(z.string(), choiceCase) })
    .optional()
    .describe('asked only for the listed answers of the field `key`; for any other answer leave it out'),
};

const pick = z
  .object({
    ...base,
    kind: z.enum(['one', 'many']),
    min: z.number().optional(),
    max: z.number().optional(),
    defaultValue: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .describe('`one`: one option value (a string); `many`: an array of `min`..`max` option values');

const path = z
  .object({ ...base, kind: z.literal('path'), path: pathSpec, defaultValue: z.array(z.string()).optional() })
  .describe('the spaces entered, in order, each one step along `path.edges` (an empty array: stay)');

const count = z
  .object({
    ...base,
    kind: z.literal('count'),
    min: z.number(),
    max: z.number(),
    step: z.number().optional(),
    defaultValue: z.number().optional(),
  })
  .describe('a whole number between `min` and `max`, a multiple of `step`');

const allocation = z
  .object({
    ...base,
    kind: z.literal('allocation'),
    total: z.number(),
    sum: z.enum(['exact', 'atMost']),
    perTarget: z
      .record(
        z.string(),
        z.object({ min: z.number().optional(), max: z.number().optional(), unit: z.number().optional() }),
      )
      .optional(),
    defaultValue: z.record(z.string(), z.number()).optional(),
  })
  .describe('`{ <target>: points }` over the option values (a target left out gets 0)');

const limitBase = { rule: z.string(), label: text, fields: z.array(z.string()) };

const limit = z.discriminatedUnion('kind', [
  z.object({ ...limitBase, kind: z.literal('capacity'), value: z.string(), max: z.number() }),
  z.object({ ...limitBase, kind: z.literal('sum'), min: z.number().optional(), max: z.number().optional() }),
  z.object({ ...limitBase, kind: z.literal('distinct') }),
  z.object({ ...limitBase, kind: z.literal('within'), values: z.array(z.string()) }),
]);

/** The legal choices of a seat at the current decision point (component `ChoiceTree`). */
export const choiceTreeSchema = z
  .object({
    point: z.string().describe('the decision point id, e.g. AW-D5'),
    rule: z.string(),
    prompt: text,
    fields: z.array(z.union([pick, path, count, allocation])),
    constraints: z.array(text).describe('limits across fields, in words'),
    limits: z.array(limit).optional().describe('the same limits as data where they can be'),
  })
  .meta({ id: 'ChoiceTree', description: "the seat's legal choices now: build an order from them" });
