/**
 * The console's amend forms: for each seat that owes orders at the open step, the seat's own order form (built
 * from its choices by src/web/form.ts, exactly as its page builds it), prefilled with its orders on file, posting to
 * `/console/games/:gameId/seats/:side/orders`; the orders as JSON stay behind an "expert" disclosure.
 */
import type { ChoiceTree, RuleError } from '../../../engine/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { formModel } from '../../../web/form.ts';

/** A refused amendment of one seat: the engine's errors and what the moderator sent, shown in that seat's form. */
export interface AmendProblems {
  side: string;
  errors: RuleError[];
  submitted: unknown;
}

/** One seat's amend form as the console page draws it. */
export interface AmendForm {
  side: string;
  form: ReturnType<typeof formModel>;
  actionBase: string;
  idPrefix: string;
  json: string;
  open: boolean;
}

/** The amend form of every seat that owes (`choices`), prefilled with `onFile` orders or what was just refused. */
export function amendFormsOf(
  choices: Map<string, ChoiceTree>,
  onFile: Record<string, { orders: unknown } | undefined>,
  locale: Locale,
  base: string,
  problems?: AmendProblems,
): AmendForm[] {
  return [...choices].map(([side, tree]) => {
    const mine = problems?.side === side ? problems : undefined;
    const current = mine ? mine.submitted : onFile[side]?.orders;
    return {
      side,
      form: formModel(tree, locale, current, mine?.errors ?? []),
      actionBase: `${base}/seats/${encodeURIComponent(side)}`,
      idPrefix: `amend-${side}-`,
      json: JSON.stringify(current ?? {}),
      open: !!mine || choices.size === 1,
    };
  });
}
