/**
 * Every rule problem with a seat's orders at the current decision point: only what is owed, each answer legal
 * (D1-D8), standing orders well formed. Each error has a stable code, the rule, both languages and its path.
 */
import type { RuleError, SeatId, Text } from '../../../engine/types.ts';
import { checkActivation } from './validate-activation.ts';
import { ocError } from './errors.ts';
import type { OcOrders } from './schema.ts';
import { pointOf } from '../rules/owed.ts';
import { replacementChoices, returnChoices } from '../rules/reorganise.ts';
import { indexOf, nameOf, type OcSide, type OcState } from '../state.ts';

/** Each answer as the order text writes it (docs/operation-crusader.md), to name it in a message. */
const ANSWER_WORDS: Record<string, Text> = {
  setup: { en: 'SETUP', ja: '配置' },
  replacements: { en: 'REPLACE', ja: '補充' },
  returns: { en: 'RETURN', ja: '復帰' },
  activation: { en: 'ACTIVATE', ja: '活性化' },
  targets: { en: 'TARGET', ja: '目標' },
  counterattack: { en: 'COUNTER', ja: '反撃' },
};

const notOwed = (path: string): RuleError => {
  const word = ANSWER_WORDS[path] ?? { en: path, ja: path };
  return ocError(
    'oc/not-owed',
    'OC 3.1',
    { en: `${word.en} is not asked for now`, ja: `今は${word.ja}の番ではありません` },
    path,
  );
};

function checkSetup(s: OcState, setup: Record<string, string>): RuleError[] {
  const ix = indexOf(s.data);
  const allowed = [
    ...s.data.britishSetupAreas,
    ...s.data.points.filter((p) => p.offMap?.side === 'british').map((p) => p.id),
  ];
  const errors: RuleError[] = [];
  for (const [u, at] of Object.entries(setup).sort()) {
    const unit = ix.unit.get(u);
    if (unit?.side !== 'british' || unit.tobruk)
      errors.push(
        ocError(
          'oc/setup/unit',
          'OC 4.2[1]',
          {
            en: `${u} is not a British unit placed by choice (the Tobruk garrison starts in Tobruk)`,
            ja: `${nameOf(s, u).ja}は配置を選べるイギリス軍ユニットではありません(トブルク守備隊はトブルク)`,
          },
          `setup.${u}`,
        ),
      );
    else if (!allowed.includes(at))
      errors.push(
        ocError(
          'oc/setup/place',
          'OC 4.2[2]',
          {
            en: `${nameOf(s, u).en} starts in area 11, area 12 or off the map, not ${nameOf(s, at).en}`,
            ja: `${nameOf(s, u).ja}の配置はエリア11・12かマップ外です(${nameOf(s, at).ja}は不可)`,
          },
          `setup.${u}`,
        ),
      );
  }
  return errors;
}

/** The errors of a map of answers, in key order: one for each entry that `ok` refuses. */
const entryErrors = (
  given: Record<string, string> | undefined,
  ok: (key: string, value: string) => boolean | undefined,
  error: (key: string, value: string) => RuleError,
): RuleError[] =>
  Object.entries(given ?? {})
    .sort()
    .flatMap(([k, v]) => (ok(k, v) ? [] : [error(k, v)]));

/** OC 5.2, 6.3(8): replacements in a town and units returning at a point, each among this turn's choices. */
function checkReorganise(s: OcState, side: OcSide, o: OcOrders): RuleError[] {
  const towns = side === 'british' ? replacementChoices(s) : [];
  const returns = returnChoices(s, side);
  const replacementErrors = entryErrors(
    o.replacements,
    (town, u) => towns.find((x) => x.town === town)?.units.includes(u),
    (town, u) =>
      ocError(
        'oc/replace/unit',
        'OC 5.2[1]',
        {
          en: `${nameOf(s, u).en} cannot take a replacement in ${nameOf(s, town).en} (an in-supply British unit there that lost a step)`,
          ja: `${nameOf(s, u).ja}は${nameOf(s, town).ja}で補充を受けられません`,
        },
        `replacements.${town}`,
        ['OC 5.2[2]'],
      ),
  );
  const returnErrors = entryErrors(
    o.returns,
    (u, p) => returns.find((x) => x.unit === u)?.points.includes(p),
    (u, p) =>
      ocError(
        'oc/return/point',
        'OC 6.3(8)③',
        {
          en: `${nameOf(s, u).en} does not return at ${nameOf(s, p).en} this turn`,
          ja: `${nameOf(s, u).ja}は今ターン${nameOf(s, p).ja}に復帰できません`,
        },
        `returns.${u}`,
      ),
  );
  return [...replacementErrors, ...returnErrors];
}

function checkTargets(
  s: OcState,
  firers: string[],
  candidates: string[],
  given: Record<string, string>,
  key: string,
  rule: string,
): RuleError[] {
  return Object.entries(given)
    .sort()
    .flatMap(([f, t]) => {
      if (!firers.includes(f))
        return [
          ocError(
            'oc/target/firer',
            rule,
            { en: `${nameOf(s, f).en} does not fire in this combat`, ja: `${nameOf(s, f).ja}はこの戦闘で射撃しません` },
            `${key}.${f}`,
          ),
        ];
      if (!candidates.includes(t))
        return [
          ocError(
            'oc/target/target',
            'OC 6.3(2)[2]',
            {
              en: `${nameOf(s, t).en} cannot be its target (only ${candidates.map((c) => nameOf(s, c).en).join(', ')})`,
              ja: `${nameOf(s, t).ja}は目標にできません(可能: ${candidates.map((c) => nameOf(s, c).ja).join('、')})`,
            },
            `${key}.${f}`,
          ),
        ];
      return [];
    });
}

function checkStanding(s: OcState, side: OcSide, o: OcOrders): RuleError[] {
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  for (const [i, u] of (o.standing?.counterattack?.prefer ?? []).entries())
    if (!ix.unit.has(u) || ix.unit.get(u)!.side === side)
      errors.push(
        ocError(
          'oc/standing/prefer',
          'OC 6.3(2)[3]',
          { en: `${nameOf(s, u).en} is not an enemy unit`, ja: `${nameOf(s, u).ja}は敵ユニットではありません` },
          `standing.counterattack.prefer.${i}`,
        ),
      );
  for (const [loc, pref] of Object.entries(o.standing?.counterattackAt ?? {}).sort()) {
    if (!ix.area.has(loc) && !ix.point.has(loc))
      errors.push(
        ocError(
          'oc/standing/location',
          'OC 2.1',
          { en: `"${loc}" is no area or point`, ja: `「${loc}」はエリアでもポイントでもありません` },
          `standing.counterattackAt.${loc}`,
        ),
      );
    for (const u of pref?.prefer ?? [])
      if (!ix.unit.has(u) || ix.unit.get(u)!.side === side)
        errors.push(
          ocError(
            'oc/standing/prefer',
            'OC 6.3(2)[3]',
            {
              en: `${nameOf(s, u).en} is not an enemy unit`,
              ja: `${nameOf(s, u).ja}は敵ユニットではありません`,
            },
            `standing.counterattackAt.${loc}`,
          ),
        );
  }
  for (const [i, a] of (o.standing?.queue ?? []).entries()) {
    const where = ix.area.has(a.at) || ix.point.has(a.at);
    const own = (a.units ?? []).every((u) => ix.unit.get(u)?.side === side);
    if (a.at === 'pass' || !where || !own)
      errors.push(
        ocError(
          'oc/standing/queue',
          'OC 6.1',
          {
            en: `queued activation ${i + 1} names no location of the map or units not yours`,
            ja: `予約活性化${i + 1}の場所かユニットが正しくありません`,
          },
          `standing.queue.${i}`,
        ),
      );
  }
  return errors;
}

/** Every rule problem with `orders` from `seat`. */
export function validate(s: OcState, seat: SeatId, o: OcOrders): RuleError[] {
  if (seat !== 'british' && seat !== 'axis')
    return [ocError('oc/seat', 'OC 4.0[1]', { en: `no seat ${seat}`, ja: `${seat}という席はありません` })];
  const point = pointOf(s, seat);
  const errors: RuleError[] = [...checkStanding(s, seat, o)];
  const asked = (key: keyof OcOrders, when: boolean) => {
    if (o[key] !== undefined && !when) errors.push(notOwed(key));
    return o[key] !== undefined && when;
  };
  if (asked('setup', point === 'OC-D1')) errors.push(...checkSetup(s, o.setup!));
  const reorganising = point === 'OC-D2' || point === 'OC-D3';
  if (asked('replacements', reorganising) || asked('returns', reorganising))
    errors.push(...checkReorganise(s, seat, o));
  if (asked('activation', point === 'OC-D4')) errors.push(...checkActivation(s, seat, o.activation!));
  else if (point === 'OC-D4')
    errors.push(
      ocError(
        'oc/activate/missing',
        'OC 3.1②',
        { en: 'an activation or a pass is owed', ja: '活性化かパスが必要です' },
        'activation',
      ),
    );
  const phase = s.phase;
  if (asked('counterattack', point === 'OC-D8') && phase.kind === 'counterattack')
    errors.push(
      ...checkTargets(
        s,
        phase.combat.defenders,
        phase.combat.attackers,
        o.counterattack!,
        'counterattack',
        'OC 6.3(2)[1]',
      ),
    );
  if (asked('targets', point === 'OC-D7') && phase.kind === 'targets') {
    const alive = phase.combat.attackers.filter((u) => s.units[u].status === 'map');
    errors.push(...checkTargets(s, alive, phase.combat.defenders, o.targets!, 'targets', 'OC 6.3(2)[2]'));
  }
  return errors;
}
