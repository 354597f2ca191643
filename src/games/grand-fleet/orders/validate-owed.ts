/**
 * Refusals about what is owed: an answer not owed now says why, citing the rule that skips its decision point when
 * the position shows it (GF 7(a)[4], GF 7(b)[4a] …); a missing answer cites the rule that makes it owed; a
 * standing order the rules can never apply is refused instead of being dropped when its time comes.
 */
import type { RuleError } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import type { GfOrders } from './schema.ts';
import { POINTS } from '../rules/owed.ts';
import { interceptionTargets, placeableHexes } from '../rules/placement.ts';
import type { GfState } from '../state.ts';
import { fieldWord } from './text-words.ts';

/** A rule error resting on several rules (the first is the one broken). */
export const errs = (code: string, en: string, ja: string, rules: string[], path: string): RuleError => ({
  ...{ code: `gf/${code}`, message: { en, ja }, rule: rules.join(', '), rules, path },
});

/** Why a decision point is passed over in this position: its rules and the reason, or null when not known. */
interface Skip {
  rules: string[];
  en: string;
  ja: string;
}

const inArmament = (s: GfState): boolean => s.phase.kind.startsWith('arm-');

/** GF 7(a)[4], [5]: the turn just ended by an outbreak of unrestricted submarine warfare (no initiative, no battle). */
function outbreakSkip(s: GfState): Skip | null {
  if (s.usw === null || s.usw !== s.turn - 1 || !inArmament(s)) return null;
  return {
    rules: ['GF 7(a)[4]', 'GF 7(a)[5]'],
    en: `unrestricted submarine warfare broke out on turn ${s.usw}, so that turn had no initiative determination and no decisive battle`,
    ja: `${s.usw}ターンに無制限潜水艦戦が発生したため、そのターンの主導権決定と決戦はありませんでした`,
  };
}

/** D7: only the German answers a "Choice" result, never after an outbreak, never in the historical game. */
function uswSkip(s: GfState, side: Side): Skip | null {
  if (side === 'british')
    return {
      rules: ['GF 7(a)[2]'],
      en: 'only the German player chooses on a "Choice" result',
      ja: '「選択」の結果で決めるのはドイツ側だけです',
    };
  if (s.options.historical)
    return {
      rules: ['GF 12[3]'],
      en: 'in the historical game unrestricted submarine warfare breaks out on turn 6 without any roll or choice',
      ja: 'ヒストリカルゲームでは無制限潜水艦戦は6ターンに自動的に発生し、判定も選択もありません',
    };
  if (s.usw !== null)
    return {
      rules: s.usw === s.turn - 1 && inArmament(s) ? ['GF 7(a)[4]', 'GF 7(a)[6]'] : ['GF 7(a)[6]'],
      en: `unrestricted submarine warfare broke out on turn ${s.usw}; from then on the USW Table is rolled instead`,
      ja: `無制限潜水艦戦は${s.usw}ターンに発生済みです。以後は無制限潜水艦戦表を振ります`,
    };
  if (s.turn === 1 && inArmament(s))
    return {
      rules: ['GF 7(a)[1]'],
      en: 'there is no submarine warfare check on turn 1',
      ja: '1ターンには潜水艦戦判定はありません',
    };
  return null;
}

/** D9/D10: a difference of 4 or more forces the battle (GF 7(b)[4a]; on both sides under GF-A24). */
function forcedSkip(s: GfState, key: 'battle' | 'accept'): Skip | null {
  if (!s.offensive || s.difference < 4) return null;
  if (key === 'accept' && s.options.forcedBattle !== 'forcedOnBoth') return null;
  return {
    rules: key === 'battle' ? ['GF 7(b)[4a]'] : ['GF 7(b)[4a]', 'GF-A24'],
    en: `the initiative dice differ by ${s.difference} (4 or more): the decisive battle is forced, ${key === 'battle' ? 'no declaration is made' : 'it cannot be refused'}`,
    ja: `主導権のダイスの差が${s.difference}（4以上）なので決戦は強制です（${key === 'battle' ? '宣言はありません' : '拒否できません'}）`,
  };
}

function skipOf(s: GfState, side: Side, key: keyof GfOrders): Skip | null {
  if (key === 'usw') return uswSkip(s, side);
  if (key === 'dice') return outbreakSkip(s);
  if (key === 'battle' || key === 'accept') return outbreakSkip(s) ?? forcedSkip(s, key);
  return null;
}

/** An answer given for a point not owed now: with the rule that skips that point when the position shows it. */
export function notOwedError(s: GfState, side: Side, key: keyof GfOrders): RuleError {
  const skip = skipOf(s, side, key);
  const [en, ja] = [fieldWord(key, 'en'), fieldWord(key, 'ja')];
  if (!skip) return errs('not-owed', `${en}: not owed now`, `${ja}: 今は不要です`, ['GF 4'], key);
  return errs('not-owed', `${en}: not owed now: ${skip.en}`, `${ja}: 今は不要です。${skip.ja}`, skip.rules, key);
}

/** The rule that makes each point's answer owed when it is left out (GF 8[2][5]: placement has no pass). */
const OWED_BY: Record<string, string[]> = {
  D11: ['GF 8[1][6]'],
  D13: ['GF 8[2][5]', 'GF 8[2][2]'],
};

/** The answer owed at point `d` was left out: cite the rule that owes it. */
export function missingError(d: string, field: keyof GfOrders): RuleError {
  const rules = OWED_BY[d] ?? [...POINTS[d].rule.split(', '), 'GF 4'];
  const why =
    d === 'D13'
      ? {
          en: ': a side with markers left must place one (there is no pass)',
          ja: '（マーカーが残っている側は配置しなければならず、パスはありません）',
        }
      : { en: '', ja: '' };
  const [en, ja] = [fieldWord(field, 'en'), fieldWord(field, 'ja')];
  return errs('missing', `${en} is owed (${d})${why.en}`, `${ja} が必要です（${d}）${why.ja}`, rules, field);
}

/** Standing orders the rules can never apply, refused now rather than dropped later (spec 5.2). */
export function standingErrors(s: GfState, side: Side, standing: GfOrders['standing']): RuleError[] {
  const placeable = placeableHexes(s);
  const errors: RuleError[] = [];
  for (const p of standing?.placements ?? []) {
    const path = 'standing.placements';
    if (!placeable.includes(p.hex))
      errors.push(
        errs('hex', `hex ${p.hex} cannot take a marker`, `ヘクス ${p.hex} には配置できません`, ['GF 8[2][2]'], path),
      );
    if (p.marker !== 'down' && p.marker > s.data.markers[side])
      errors.push(
        errs(
          'marker',
          `fleet ${p.marker}: you have ${s.data.markers[side]} fleet markers`,
          `艦隊 ${p.marker} のマーカーはありません（${s.data.markers[side]} 個まで）`,
          ['GF 8[1][3]', 'GF 8[2][1]'],
          path,
        ),
      );
  }
  for (const m of standing?.intercepts ?? []) {
    const path = 'standing.intercepts';
    if (!placeable.includes(m.from) || !placeable.includes(m.to))
      errors.push(
        errs(
          'intercept-hex',
          `no hex ${m.from} or ${m.to} to intercept between`,
          `ヘクス ${m.from} または ${m.to} がありません`,
          ['GF 8[3][4]'],
          path,
        ),
      );
    else if (!interceptionTargets(s, m.from).includes(m.to))
      errors.push(
        errs(
          'intercept-to',
          `${m.to} is not next to ${m.from}: an interception moves to an adjacent hex`,
          `${m.to} は ${m.from} に隣接していません（迎撃移動は隣接ヘクスへ）`,
          ['GF 8[3][4]'],
          path,
        ),
      );
  }
  const usw = standing?.usw ? uswSkip(s, side) : null;
  // GF 7(a)[1]: a German standing choice sent on turn 1 waits for the checks of later turns.
  if (usw && usw.rules[0] !== 'GF 7(a)[1]')
    errors.push(
      errs(
        'standing-usw',
        `a standing USW choice can never be used: ${usw.en}`,
        `無制限潜水艦戦の選択の常備命令は使われません。${usw.ja}`,
        usw.rules,
        'standing.usw',
      ),
    );
  return errors;
}
