/**
 * The orders bodies of the API, documented per installed game: each game package's `ordersSchema` (the shape of
 * one seat's orders; the rules are the engine's, answered 422) becomes the component `Orders.<game id>`, and a
 * body's `orders` refers to them all (the game of the game id in the path decides which applies). The request
 * itself is read as any JSON and judged by the game (docs/orders.md): the document describes, the engine decides.
 */
import { z } from 'zod';
import { games } from '../../games/index.ts';

type JsonObject = Record<string, unknown>;

/** The component name of a game's orders. */
export const ordersComponent = (gameId: string): string => `Orders.${gameId}`;

/** Every installed game's orders schema, as the request reads it, as a JSON Schema component. */
export function gameOrdersComponents(): Record<string, JsonObject> {
  return Object.fromEntries(
    Object.values(games).map((game) => {
      const schema = z.toJSONSchema(game.ordersSchema, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
        reused: 'inline',
      }) as JsonObject;
      delete schema.$schema;
      return [
        ordersComponent(game.id),
        { title: `${game.title.en}: one seat's orders (game "${game.id}")`, ...schema },
      ];
    }),
  );
}

/** One seat's orders of any installed game. */
const anyGameOrders = (): JsonObject => ({
  anyOf: Object.keys(games).map((id) => ({ $ref: `#/components/schemas/${ordersComponent(id)}` })),
});

/** One seat's orders (the moderator's amendment). */
export const seatOrders = z.unknown().meta({
  ...anyGameOrders(),
  description: "one seat's orders: the orders schema of the game this game id plays (`game` of GET /api/games/{id})",
});

/** The caller's orders: a seat's own, or a person's by seat. */
export const callerOrders = z.unknown().meta({
  anyOf: [
    { ...anyGameOrders(), description: "a seat's token: its orders (standing orders included)" },
    {
      type: 'object',
      additionalProperties: anyGameOrders(),
      description: "a person's token: the orders of each of its seats it sends, by seat",
    },
  ],
  description: 'the orders schema of the game this game id plays (`game` of GET /api/games/{id})',
});
