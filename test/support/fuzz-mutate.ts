/**
 * Mutation fuzzing: a valid body of a route with exactly one thing made hostile (a leaf replaced, a key added or
 * removed, a leaf nested thousands of levels deep), so that the request passes every check but one and reaches the
 * code behind them. Valid templates per route are here; the tests add the engine's legal orders.
 */
import fc from 'fast-check';
import { hostileString, hostileValue } from './fuzz.ts';

/** One change to a valid body; `pick` chooses the place (modulo the number of places). */
export interface Mutation {
  kind: 'none' | 'replace' | 'add' | 'delete' | 'deep';
  pick: number;
  value: unknown;
  key: string;
  depth: number;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('none', 'replace', 'replace', 'replace', 'add', 'add', 'delete', 'deep'),
  pick: fc.nat(),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom('lenght', 'deadlines', 'extra', '__proto__', 'constructor'), hostileString),
  depth: fc.oneof(fc.integer({ min: 20, max: 40 }), fc.integer({ min: 60, max: 5000 })),
});

type Path = (string | number)[];

/** Every place in a value: the value itself, each key of each object, each item of each array. */
function places(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) places(v, [...path, i], out);
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) places(v, [...path, k], out);
  return out;
}

/**
 * Stands for the deeply nested value in the mutated body until it is written as text (JSON.stringify would
 * overflow).
 */
const DEEP = '\u0002deep\u0002';

/** The body with the mutation applied, as JSON text (the template is not changed). */
export function mutatedJson(template: unknown, m: Mutation): string {
  const text = JSON.stringify(mutate(template, m)) ?? 'null';
  const at = text.indexOf(JSON.stringify(DEEP));
  if (at < 0) return text;
  const deep = `${'{"a":'.repeat(m.depth)}1${'}'.repeat(m.depth)}`;
  return text.slice(0, at) + deep + text.slice(at + JSON.stringify(DEEP).length);
}

/** The body with the mutation applied (a copy); a `deep` mutation leaves a marker that mutatedJson expands. */
function mutate(template: unknown, m: Mutation): unknown {
  const copy = structuredClone(template) as unknown;
  if (m.kind === 'none') return copy;
  const all = places(copy);
  const containers = all.filter((p) => {
    const v = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy);
    return v !== null && typeof v === 'object';
  });
  const path = (m.kind === 'add' ? containers : all)[m.pick % (m.kind === 'add' ? containers.length : all.length)];
  if (path.length === 0 && m.kind !== 'add') return m.kind === 'deep' ? DEEP : m.kind === 'delete' ? {} : m.value;
  const parentPath = m.kind === 'add' ? path : path.slice(0, -1);
  const parent = parentPath.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as Record<
    string | number,
    unknown
  >;
  const last = path[path.length - 1];
  if (m.kind === 'add') {
    if (Array.isArray(parent)) parent.push(m.value);
    else parent[m.key] = m.value;
  } else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = m.kind === 'deep' ? DEEP : m.value;
  return copy;
}

const future = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();

/** A valid body of each JSON route (the orders routes take the engine's legal orders instead), by `METHOD url`. */
export const TEMPLATES: Record<string, () => unknown> = {
  'POST /api/games': () => ({
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Fuzz game',
    review: 'auto',
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'allied', email: 'a@example.org', name: 'A', locale: 'en', timeZone: 'Europe/London' },
      { side: 'german', email: 'g@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    deadlines: {
      timeZone: 'Asia/Tokyo',
      skipWeekends: true,
      weekendDays: [0, 6],
      default: { length: '3d', at: '20:00' },
      steps: { 'AW-D5': { length: '7d' } },
    },
    graceSeconds: 3600,
    missedPolicy: 'wait',
    reminderHours: [48, 6],
  }),
  'POST /api/games/:id/steps/:n/reject': () => ({ reason: 'the dice were rolled twice' }),
  'POST /api/games/:id/pause': () => ({ reason: 'holiday' }),
  'PUT /api/games/:id/seats/:side': () => ({
    email: 'new@example.org',
    name: 'New player',
    locale: 'ja',
    timeZone: 'Asia/Tokyo',
  }),
  'PUT /api/games/:id/deadline': () => ({ deadlineAt: future(3) }),
  'POST /api/games/:id/deadline/extend': () => ({ seconds: 3600 }),
  'POST /api/games/:id/deadline/shorten': () => ({ seconds: 60 }),
  'POST /api/games/:id/absences': () => ({ startsAt: future(1), endsAt: future(3) }),
  'POST /api/games/:id/webhooks': () => ({ url: 'https://example.org/hook', events: ['result'] }),
};
