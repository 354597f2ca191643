/**
 * Standing orders sent at a time the engine would drop them unused (spec 5.2, docs/grand-fleet.md "Standing
 * orders"): refused, with the rule that decides when they are used, instead of being wiped without a word.
 */
import type { RuleError } from '../../../engine/types.ts';
import type { GfOrders } from './schema.ts';
import type { GfState } from '../state.ts';
import { fieldWord } from './text-words.ts';
import { errs } from './validate-owed.ts';

/** The armament phase and the USW choice: the initiative phase after them clears every standing order but D7's. */
const beforeInitiative = (s: GfState) => s.phase.kind.startsWith('arm-') || s.phase.kind === 'usw-choice';

/** Battle standing orders: kept from D8 for this turn's battle, if one is fought. */
const BATTLE_STANDING = ['placements', 'intercepts', 'ifContinue', 'ifStop'] as const;

const listed = (fields: readonly string[], l: 'en' | 'ja') =>
  fields.map((f) => fieldWord(f, l)).join(l === 'en' ? ', ' : '、');

/** Standing orders that the point `d` (null: none owed) would let the engine drop unused. */
export function standingTimeErrors(s: GfState, d: string | null, o: GfOrders): RuleError[] {
  const st = o.standing;
  if (!st) return [];
  const errors: RuleError[] = [];
  // GF 7(b)[2], [4]: the D9/D10 answers go with the sealed D8 and last for that turn only.
  const declaration = (['ifOffensive', 'ifIntercepting'] as const).filter((k) => st[k] !== undefined);
  if (declaration.length && d !== 'D8')
    errors.push(
      errs(
        'standing-declaration',
        `${listed(declaration, 'en')}: a standing answer to the battle declaration or its acceptance goes with the sealed initiative dice (D8) and lasts for that turn; sent ${d ? `at ${d}` : 'now'}, it would never be used`,
        `${listed(declaration, 'ja')}: 決戦の宣言・受諾の常備命令は封印した主導権ダイス（D8）と一緒に送り、そのターンだけ有効です。${d ? `${d}で` : '今'}送っても使われません`,
        ['GF 7(b)[2]', 'GF 7(b)[4]'],
        `standing.${declaration[0]}`,
      ),
    );
  const battle = BATTLE_STANDING.filter((k) => st[k] !== undefined);
  const noBattle = (d === 'D9' && o.battle === false) || (d === 'D10' && o.accept === false);
  if (battle.length && (beforeInitiative(s) || noBattle))
    errors.push(
      errs(
        'standing-battle',
        noBattle
          ? `${listed(battle, 'en')}: standing orders for this turn's decisive battle, which this answer declines, so they would never be used`
          : `${listed(battle, 'en')}: standing orders for a decisive battle are kept from the initiative phase (D8) on; the initiative phase clears those sent before it (${d ?? 'now'}), so they would never be used`,
        noBattle
          ? `${listed(battle, 'ja')}: このターンの決戦のための常備命令ですが、この回答で決戦は行われないので使われません`
          : `${listed(battle, 'ja')}: 決戦の常備命令は主導権フェイズ（D8）から有効です。それより前（${d ?? '今'}）に送ったものは主導権フェイズで消えるので使われません`,
        noBattle ? ['GF 7(b)[6]', 'GF 7(b)[4]'] : ['GF 4[2]', 'GF 7(b)[2]'],
        `standing.${battle[0]}`,
      ),
    );
  return errors;
}
