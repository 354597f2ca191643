/** Who may see submitted orders (and when a sealed step hides them), and the default notification policy. */
import { describe, expect, test } from 'vitest';
import { isSealed, notifyPolicyOf, ordersShownTo, ordersVisibleAtTheEnd } from '../../src/engine/contract-defaults.ts';
import type { OrdersVisibility, Viewer } from '../../src/engine/types.ts';

const orders = { dice: 2 };
const q = (viewer: Viewer, more: Partial<OrdersVisibility> = {}): OrdersVisibility => ({
  state: {},
  step: 3,
  seat: 'british',
  orders,
  viewer,
  resolved: false,
  gameOver: false,
  ...more,
});
const german: Viewer = { kind: 'seat', seat: 'german' };
const open = { visibleOrders: (x: OrdersVisibility) => x.orders };
const SEALED = [{ sealed: true }, { sealed: true }];

describe('orders shown to a viewer', () => {
  test.each([
    ['the moderator sees everything', { kind: 'moderator' } as Viewer, {}, {}, [], orders],
    ['a seat sees its own orders', { kind: 'seat', seat: 'british' } as Viewer, {}, {}, SEALED, orders],
    ['default: another seat sees nothing while the game goes on', german, {}, {}, [], undefined],
    ['default: everything once the game is over', german, { resolved: true, gameOver: true }, {}, [], orders],
    ['an open game shows resolved orders', german, { resolved: true }, open, SEALED, orders],
    [
      'GF 7(b)[2]: a sealed step shows nothing before resolution, whatever the game says',
      german,
      {},
      open,
      SEALED,
      undefined,
    ],
    ['a step that is not sealed shows what the game says even before resolution', german, {}, open, [{}], orders],
  ])('%s', (_name, viewer, more, game, owed, expected) => {
    expect(ordersShownTo(game, q(viewer, more), owed)).toEqual(expected);
  });

  test('a game may show only a part of the orders (its standing orders stay hidden)', () => {
    const partial = { visibleOrders: (x: OrdersVisibility) => ({ dice: (x.orders as typeof orders).dice }) };
    expect(
      ordersShownTo(partial, q(german, { orders: { dice: 1, ifOffensive: 'battle' }, resolved: true }), []),
    ).toEqual({ dice: 1 });
  });

  test('Atlantic Wolves keeps its rule: another seat sees orders only at the end', () => {
    expect(ordersVisibleAtTheEnd({ orders, gameOver: false })).toBeUndefined();
    expect(ordersVisibleAtTheEnd({ orders, gameOver: true })).toBe(orders);
  });

  test('a step is sealed when one of its owed points is', () => {
    expect(isSealed([{}, { sealed: true }])).toBe(true);
    expect(isSealed([{ sealed: false }])).toBe(false);
  });
});

describe('notification policy', () => {
  const alternating = { notify: () => ({ results: 'owing' as const }) };
  test.each([
    ['a game without a policy mails everyone', {}, false, { results: 'all' }],
    ['a game with a policy decides', alternating, false, { results: 'owing' }],
    ['everyone hears about the end of the game', alternating, true, { results: 'all' }],
  ])('%s', (_name, game, over, expected) => {
    expect(notifyPolicyOf(game, {}, {}, over)).toEqual(expected);
  });
});
