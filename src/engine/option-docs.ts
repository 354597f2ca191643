/** Documenting a game's options (src/engine/types.ts `OptionDoc`): one entry per option, its default from the schema. */
import type { OptionDoc } from './types.ts';

/**
 * The builder of a game's option entries: each entry's default is read from `defaults`, the game's options parsed
 * from `{}`, so the documented default is the one the engine plays.
 */
export function optionDocOf<Opt extends object>(defaults: Opt) {
  return (key: keyof Opt & string, rule: string, en: string, ja: string, values: OptionDoc['values']): OptionDoc => ({
    key,
    rule,
    description: { en, ja },
    values,
    default: defaults[key] as OptionDoc['default'],
  });
}
