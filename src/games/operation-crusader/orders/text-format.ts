/**
 * The canonical text of orders (the echo of every reply): reading it back gives the same orders. Units and places
 * are written by their labels in the reader's language (the name table), never by their ids.
 */
import type { Locale } from '../../../i18n/index.ts';
import type { OcActivation, OcOrders, OcPreference } from './schema.ts';

const W = {
  en: {
    pass: 'PASS',
    activate: 'ACTIVATE',
    move: 'MOVE',
    attack: 'ATTACK',
    no: 'NO',
    target: 'TARGET',
    counter: 'COUNTER',
    setup: 'SETUP',
    replace: 'REPLACE',
    return: 'RETURN',
    prefer: 'PREFER',
    at: 'AT',
    none: 'NONE',
    queue: 'QUEUE',
    clear: 'CLEAR',
    tank: 'TANK',
    infantry: 'INFANTRY',
  },
  ja: {
    pass: 'パス',
    activate: '活性化',
    move: '移動',
    attack: '攻撃',
    no: 'なし',
    target: '目標',
    counter: '反撃',
    setup: '配置',
    replace: '補充',
    return: '復帰',
    prefer: '反撃優先',
    at: '場所',
    none: 'なし',
    queue: '予約',
    clear: '取消',
    tank: '戦車',
    infantry: '歩兵',
  },
} as const;
const ORDER_WORDS = {
  en: {
    'lowest-hit': 'LOWEST-HIT',
    'highest-hit': 'HIGHEST-HIT',
    'most-steps': 'MOST-STEPS',
    'fewest-steps': 'FEWEST-STEPS',
  },
  ja: {
    'lowest-hit': '最低ヒット値',
    'highest-hit': '最高ヒット値',
    'most-steps': '最多ステップ',
    'fewest-steps': '最少ステップ',
  },
} as const;

/** A thing's label in the reader's language, from its id. */
export type Label = (id: string) => string;
const same: Label = (id) => id;

const pairs = (m: Record<string, string>, n: Label) =>
  Object.entries(m)
    .map(([a, b]) => `${n(a)} -> ${n(b)}`)
    .join(', ');

/** One activation in words. */
export function activationText(a: OcActivation, l: Locale, n: Label = same): string {
  const w = W[l];
  if (a.at === 'pass') return w.pass;
  const parts = [w.activate, n(a.at), ...(a.units ?? []).map(n)];
  if (a.path?.length) parts.push(w.move, a.path.map(n).join(' -> '));
  if (a.attack === 'no') parts.push(w.attack, w.no);
  else if (a.attack === 'yes')
    parts.push(w.attack, ...(a.targets && Object.keys(a.targets).length ? [pairs(a.targets, n)] : []));
  else if (a.targets && Object.keys(a.targets).length) parts.push(w.attack, pairs(a.targets, n));
  return parts.join(' ');
}

/** A standing counterattack preference in words (PREFER ...). */
export function preferenceText(p: OcPreference | null, l: Locale, n: Label, at?: string): string {
  const w = W[l];
  const head = at ? `${w.prefer} ${w.at} ${n(at)}` : w.prefer;
  if (!p) return `${head} ${w.none}`;
  const parts: string[] = [head, ...(p.prefer ?? []).map(n)];
  if (p.arm) parts.push(w[p.arm]);
  if (p.order) parts.push(ORDER_WORDS[l][p.order]);
  return parts.join(' ');
}

/** The orders as lines of text. */
export function formatOrders(o: OcOrders, l: Locale, n: Label = same): string[] {
  const w = W[l];
  const out: string[] = [];
  for (const [u, at] of Object.entries(o.setup ?? {})) out.push(`${w.setup} ${n(u)} ${n(at)}`);
  for (const [t, u] of Object.entries(o.replacements ?? {})) out.push(`${w.replace} ${n(t)} ${n(u)}`);
  for (const [u, p] of Object.entries(o.returns ?? {})) out.push(`${w.return} ${n(u)} ${n(p)}`);
  if (o.activation) out.push(activationText(o.activation, l, n));
  if (o.targets && Object.keys(o.targets).length) out.push(`${w.target} ${pairs(o.targets, n)}`);
  if (o.counterattack && Object.keys(o.counterattack).length) out.push(`${w.counter} ${pairs(o.counterattack, n)}`);
  if (o.standing?.counterattack !== undefined) out.push(preferenceText(o.standing.counterattack, l, n));
  for (const [at, p] of Object.entries(o.standing?.counterattackAt ?? {})) out.push(preferenceText(p, l, n, at));
  if (o.standing?.queue) {
    if (!o.standing.queue.length) out.push(`${w.queue} ${w.clear}`);
    for (const a of o.standing.queue) out.push(`${w.queue} ${activationText(a, l, n)}`);
  }
  return out;
}
