/**
 * Atlantic Wolves events in words, in English and Japanese (history pages, result mails, `pbem replay --text`).
 *
 * Events hold ids. Names of units and areas come from the shipped data set (`defaultData`); an id it does not know
 * (a moderator-supplied data set with other ids) is shown as the id itself. Unit ids are what orders use, so a unit
 * is always shown by its id, with its name beside it where the name is known and the list is short.
 * Vocabulary follows the glossary of shared/rules/atlantic-wolves.md (増強, 配置, 対応移動, 護衛艦, 戦術空軍, 船団, 撃沈,
 * 損害, VP確認). Every description is one sentence ending with the rule id in parentheses when the event has one.
 * An event of an unknown type, or one missing a field its type needs, gets a generic line: never a throw.
 *
 * Each event type has its describer, in a file by phase: describe-turn.ts (turn start, reinforcement),
 * describe-placement.ts, describe-response.ts, describe-combat.ts, describe-end.ts (VP check, clean-up, game end),
 * describe-die.ts; their words are in describe-words.ts.
 */
import type { GameEvent } from '../../../engine/types.ts';
import { combatEvents } from './describe-combat.ts';
import { describeDie } from './describe-die.ts';
import { endEvents } from './describe-end.ts';
import { describeGeneric } from './describe-generic.ts';
import { placementEvents } from './describe-placement.ts';
import { responseEvents } from './describe-response.ts';
import { turnEvents } from './describe-turn.ts';
import { type Describer, type Locale, ruleId, type Say, sentence } from './describe-words.ts';

/** The describer of every event type this game emits (a Map: an event's type is never read as an object key). */
const DESCRIBERS = new Map<unknown, Describer>(
  Object.entries({
    die: describeDie,
    ...turnEvents,
    ...placementEvents,
    ...responseEvents,
    ...combatEvents,
    ...endEvents,
  }),
);

/** The sentence for one event of a type this game emits, or null. Throws `Missing` when a needed field is absent. */
function describeKnown(e: GameEvent, lc: Locale): string | null {
  const describe = DESCRIBERS.get(e.type);
  if (!describe) return null;
  const ja = lc === 'ja';
  const rule = ruleId(e.rule);
  const say: Say = {
    lc,
    ja,
    rule,
    s: (en, jaText, ...more) => sentence(ja ? jaText : en, lc, rule, ...more),
  };
  return describe(e, say);
}

/** One Atlantic Wolves event as a sentence for a player, in English or Japanese. Never throws. */
export function describeEvent(event: GameEvent, locale: 'en' | 'ja'): string {
  const lc: Locale = locale === 'ja' ? 'ja' : 'en';
  if (!event || typeof event !== 'object') return lc === 'ja' ? '（内容のない出来事）。' : '(An empty event.)';
  try {
    return describeKnown(event, lc) ?? describeGeneric(event, lc);
  } catch {
    // A field missing or of an unexpected kind: the generic line still tells the reader what was recorded.
  }
  try {
    return describeGeneric(event, lc);
  } catch {
    const type = typeof event.type === 'string' && event.type ? event.type : 'event';
    return lc === 'ja' ? `出来事「${type}」。` : `Event "${type}".`;
  }
}
