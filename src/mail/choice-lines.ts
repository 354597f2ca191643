/**
 * Choices written as order lines, for a reply template whose default orders are empty (a choice the engine makes
 * when the player says nothing, e.g. the box of an arriving ship): each open field's first choice written in the
 * game's order syntax, commented out (`#`), under a comment listing every choice. Sent as they are the lines change
 * nothing; a player removes the `#` of the lines it wants and edits the value. Pure, built from the choice tree and
 * the game's own grammar, so that it names no game.
 */
import type { ChoiceField, ChoiceTree } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { formatOrderText, type TextGame } from '../orders-text/game-text.ts';

/** The most fields a template writes as choices (a long list is for HELP). */
const MAX_FIELDS = 24;

/** A deep copy of an orders object with `value` at the dotted `key` (objects created on the way). */
function withValue(orders: unknown, key: string, value: unknown): Record<string, unknown> {
  const root = structuredClone((orders ?? {}) as Record<string, unknown>);
  const segments = key.split('.');
  let node = root;
  for (const seg of segments.slice(0, -1)) {
    if (!node[seg] || typeof node[seg] !== 'object') node[seg] = {};
    node = node[seg] as Record<string, unknown>;
  }
  node[segments.at(-1)!] = value;
  return root;
}

/** The values a field's first choice may be stored as (the schema decides: text, number or a list of either). */
function candidates(field: ChoiceField): unknown[] {
  const first = field.options[0]?.value;
  if (first === undefined) return [];
  const scalar = /^-?\d+$/.test(first) ? [first, Number(first)] : [first];
  return field.kind === 'many' ? scalar.map((v) => [v]) : scalar;
}

/** The lines a field's first choice adds to the default orders, or [] when the grammar cannot write it. */
function firstChoiceLines(
  game: TextGame,
  ctx: { data: unknown; seat: string; choices: ChoiceTree },
  base: unknown,
  baseLines: readonly string[],
  field: ChoiceField,
  locale: Locale,
): string[] {
  for (const value of candidates(field)) {
    const orders = withValue(base, field.key, value);
    if (game.ordersSchema && !game.ordersSchema.safeParse(orders).success) continue;
    const lines = formatOrderText(game, ctx, orders, locale).filter((l) => !baseLines.includes(l));
    if (lines.length && !lines.some((l) => l.trimStart().startsWith('{'))) return lines;
  }
  return [];
}

/** The choices of a field as a comment: its name, then every choice by its value and name. */
function choicesComment(field: ChoiceField, locale: Locale): string {
  const named = field.options.map((o) =>
    o.label[locale] && o.label[locale] !== o.value ? `${o.value} ${o.label[locale]}` : o.value,
  );
  const shown = named.length > 12 ? [...named.slice(0, 12), '…'] : named;
  const label = field.label[locale] || field.key;
  return `# ${label}: ${shown.join(' | ')}`;
}

/**
 * The open choices of a seat written as commented order lines (see the file's comment): for each field without a
 * default value, a comment listing its choices and its first choice as a line. [] when none can be written.
 */
export function choiceLines(
  game: TextGame,
  data: unknown,
  seat: string,
  choices: ChoiceTree,
  defaults: unknown,
  locale: Locale,
): string[] {
  const ctx = { data, seat, choices };
  const baseLines = formatOrderText(game, ctx, defaults, locale);
  const out: string[] = [];
  for (const field of choices.fields.slice(0, MAX_FIELDS)) {
    if (field.defaultValue !== undefined || field.dependsOn) continue;
    if (field.kind !== 'one' && field.kind !== 'many') continue;
    const lines = firstChoiceLines(game, ctx, defaults, baseLines, field, locale);
    if (lines.length) out.push(choicesComment(field, locale), ...lines.map((l) => `# ${l}`));
  }
  return out;
}
