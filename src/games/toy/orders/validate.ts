/** Every rule problem with a seat's orders (TOY 2, 3). */
import type { RuleError, SeatId } from '../../../engine/types.ts';
import { owed } from '../rules/owed.ts';
import type { ToyState } from '../state.ts';
import type { ToyOrders } from './schema.ts';

/** A rule error; its rule id is the code's (the toy's rules are too short to number each check). */
const err = (code: string, en: string, ja: string, path: string): RuleError => {
  return { code, message: { en, ja }, rule: `TOY ${code}`, rules: [`TOY ${code}`], path };
};

/** Every rule problem with a seat's orders. */
export function validate(state: ToyState, seat: SeatId, orders: ToyOrders): RuleError[] {
  const owes = owed(state).some((o) => o.seat === seat);
  const { pick } = orders;
  const errors: RuleError[] = [];
  if (owes && pick === undefined) errors.push(err('toy/missing-pick', 'a pick is owed', '数を選んでください', 'pick'));
  if (!owes && pick !== undefined) {
    errors.push(err('toy/not-owed', 'no pick is owed now', '今は数を選ぶ番ではありません', 'pick'));
  }
  if (pick !== undefined && (pick < 1 || pick > 6)) {
    errors.push(err('toy/range', 'pick 1 to 6', '1〜6 を選んでください', 'pick'));
  }
  if (orders.standing?.note === 'forbidden') {
    errors.push(err('toy/note', 'that note is not allowed', 'そのメモは使えません', 'standing.note'));
  }
  return errors;
}
