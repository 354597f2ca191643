/**
 * A tiny two-seat game for service tests (not shipped): each step the owed seats pick a number 1-6, the engine
 * rolls a hidden d6 per seat (seen only by that seat) and a public d6; after `rounds` resolutions the higher score
 * wins. Even steps: both seats owe; odd steps: only "a" owes ("b" may send standing orders only).
 */
import { z } from 'zod';
import type { GameDefinition, GameEvent, RuleError } from '../../src/engine/types.ts';
import { filterEvents } from '../../src/engine/visibility.ts';

interface ToyState {
  step: number;
  rounds: number;
  score: Record<string, number>;
  notes: Record<string, string>;
}
interface ToyOrders {
  pick?: number;
  standing?: { note: string };
}
const options = z.object({ rounds: z.number().int().min(1).max(10).default(4) });
type ToyOptions = z.infer<typeof options>;

const err = (code: string, en: string, path?: string): RuleError => ({ code, message: { en, ja: en }, rule: `TOY ${code}`, rules: [`TOY ${code}`], path });

export const toyGame: GameDefinition<ToyState, ToyOrders, ToyOptions, { name: string }> = {
  id: 'toy',
  title: { en: 'Toy', ja: 'トイ' },
  modes: ['mail', 'standard'],
  sides: () => [
    { seat: 'a', name: { en: 'A', ja: 'A' } },
    { seat: 'b', name: { en: 'B', ja: 'B' } },
  ],
  optionsSchema: options,
  optionDocs: [{ key: 'rounds', rule: 'TOY 1', description: { en: 'rounds', ja: 'ラウンド' }, values: [1, 2, 3, 4], default: 4 }],
  dataSchema: z.object({ name: z.string() }),
  defaultData: { name: 'toy' },
  checkData: () => [],
  ordersSchema: z.object({ pick: z.number().int().optional(), standing: z.object({ note: z.string().max(100) }).strict().optional() }).strict(),
  setup: ({ options: o }) => ({ step: 0, rounds: o.rounds, score: { a: 0, b: 0 }, notes: {} }),
  owed(state) {
    if (state.step >= state.rounds) return [];
    const seats = state.step % 2 === 0 ? ['a', 'b'] : ['a'];
    return seats.map((seat) => ({ seat, point: 'TOY-D1', rule: 'TOY 2', prompt: { en: 'pick 1-6', ja: '1〜6 を選ぶ' } }));
  },
  view(state, viewer) {
    if (viewer.kind === 'moderator') return state;
    const notes = viewer.kind === 'seat' && state.notes[viewer.seat] ? { [viewer.seat]: state.notes[viewer.seat] } : {};
    return { step: state.step, rounds: state.rounds, score: state.score, notes };
  },
  visibleEvents: (events, viewer) => filterEvents(events, viewer),
  choices: () => null,
  validate(state, seat, orders) {
    const owes = this.owed(state).some((o) => o.seat === seat);
    const errors: RuleError[] = [];
    if (owes && orders.pick === undefined) errors.push(err('toy/missing-pick', 'a pick is owed', 'pick'));
    if (!owes && orders.pick !== undefined) errors.push(err('toy/not-owed', 'no pick is owed now', 'pick'));
    if (orders.pick !== undefined && (orders.pick < 1 || orders.pick > 6)) errors.push(err('toy/range', 'pick 1 to 6', 'pick'));
    if (orders.standing?.note === 'forbidden') errors.push(err('toy/note', 'that note is not allowed', 'standing.note'));
    return errors;
  },
  defaultOrders: () => ({ pick: 1 }),
  resolve(state, orders, ctx) {
    const next: ToyState = { ...state, step: state.step + 1, score: { ...state.score }, notes: { ...state.notes } };
    for (const seat of Object.keys(orders).sort()) {
      const o = orders[seat];
      if (o.standing) next.notes[seat] = o.standing.note;
      if (o.pick === undefined) continue;
      const hidden = ctx.roll(6, `hidden ${seat}`, [seat]);
      ctx.emit({ type: 'secret', seat, hidden, visibleTo: [seat] } as GameEvent);
      next.score[seat] += o.pick === hidden ? 3 : 0;
    }
    const shared = ctx.roll(6, 'public');
    ctx.emit({ type: 'round', step: state.step, shared });
    return next;
  },
  outcome(state) {
    if (state.step < state.rounds) return null;
    const { a, b } = state.score;
    return { winner: a === b ? null : a > b ? 'a' : 'b', reason: { en: 'final score', ja: '最終得点' }, rule: 'TOY 3', score: state.score };
  },
  invariants: () => [],
  describeEvent(event) {
    const { type, rule: _r, visibleTo: _v, ...rest } = event;
    return `${type}: ${Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`).join(', ')}`;
  },
};
