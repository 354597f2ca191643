/**
 * AW-D7's prompt (AW 12.0-3) names the whole choice: every area the rolled unit may move to, by id and name, in both
 * languages, so a mail shows what is allowed without HELP.
 */
import { expect, test } from 'vitest';
import type { ResolveContext } from '../../../src/engine/index.ts';
import { atlanticWolves as game, type AwState } from '../../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../../src/games/atlantic-wolves/orders/random-orders.ts';
import { indexOf } from '../../../src/games/atlantic-wolves/data/data-index.ts';
import { responseDestinations } from '../../../src/games/atlantic-wolves/rules/response-movement.ts';
import { awOptionsSchema } from '../../../src/games/atlantic-wolves/options.ts';

test('every response prompt met in seeded mail games lists each legal destination with its name', () => {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const ctx: ResolveContext = { roll: (sides) => 1 + Math.floor(rand() * sides), emit: () => {} };
  let seen = 0;
  for (let g = 0; g < 5; g++) {
    let s: AwState = game.setup({ mode: 'mail', options: awOptionsSchema.parse({}), data: game.defaultData });
    for (let i = 0; i < 300 && !s.result; i++) {
      const owed = game.owed(s);
      for (const o of owed.filter((x) => x.point === 'AW-D7')) {
        const phase = s.phase as { kind: string; unit: string };
        const names = indexOf(s.data).area;
        const destinations = responseDestinations(s, phase.unit);
        for (const a of destinations) {
          expect(o.prompt.en).toContain(`${a} ${names.get(a)?.name.en}`);
          expect(o.prompt.ja).toContain(`${a} ${names.get(a)?.name.ja}`);
        }
        if (!destinations.length) expect(o.prompt.en).toContain('must STAY');
        seen++;
      }
      const orders = Object.fromEntries(owed.map((o) => [o.seat, randomLegalOrders(s, o.seat, rand)]));
      s = game.resolve(s, orders, ctx);
    }
  }
  expect(seen).toBeGreaterThan(3);
});
