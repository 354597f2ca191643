/**
 * Bodies shaped like each route's own (JSON and forms), so that fuzzed requests get past the schema to the
 * handlers' checks (test/api/fuzz.test.ts).
 */
import fc from 'fast-check';
import { type BodySpec, hostileBody, hostileString, hostileValue, nestedText, type RouteSpec } from './fuzz.ts';

const UNITS = [
  'C01',
  'C02',
  'C03',
  'C07',
  'C09',
  'GB-DD1',
  'US-DD1',
  'US-DD2',
  'GB-CVE1',
  'AIR1',
  'U01',
  'U02',
  'U05',
  'U12',
  'ZZ9',
];
const AREAS = ['AF', 'AM', 'CB', 'CG', 'WA', 'XX'];
/** A plausible value most of the time, a hostile one sometimes. */
const mostly = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: hostileValue });
const unit = fc.constantFrom(...UNITS);
const area = fc.constantFrom(...AREAS);

/** Atlantic Wolves orders of every field, with real and unknown unit and area ids. */
export const awOrdersLike: fc.Arbitrary<unknown> = fc.record(
  {
    placement: mostly(fc.dictionary(unit, area, { maxKeys: 14 })),
    escorts: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 3 }), { maxKeys: 4 })),
    ubs: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 4 }), { maxKeys: 4 })),
    air: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 3 }), { maxKeys: 2 })),
    response: mostly(fc.oneof(area, fc.constant('stay'))),
    reinforce: mostly(fc.array(unit, { maxLength: 4 })),
    step2: mostly(fc.dictionary(area, fc.integer({ min: -1, max: 13 }), { maxKeys: 5 })),
    step3: mostly(
      fc.dictionary(unit, fc.record({ area, face: fc.constantFrom('up', 'down', 'sideways') }), { maxKeys: 5 }),
    ),
    overflow: mostly(fc.array(unit, { maxLength: 3 })),
    replace: mostly(fc.dictionary(unit, area, { maxKeys: 3 })),
    standing: mostly(
      fc.record(
        {
          responseTable: fc.dictionary(
            unit,
            fc.array(fc.oneof(area, fc.constantFrom('stay', 'ask')), { minLength: 1, maxLength: 3 }),
            { maxKeys: 3 },
          ),
          step2Plan: fc.array(area, { maxLength: 12 }),
          reinforce: fc.array(unit, { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const iso = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  hostileString,
);
const deadlinesLike = fc.record(
  {
    timeZone: mostly(fc.constantFrom('UTC', 'Asia/Tokyo', 'Mars/Olympus')),
    skipWeekends: mostly(fc.boolean()),
    weekendDays: mostly(fc.array(fc.integer({ min: -1, max: 7 }), { maxLength: 3 })),
    default: mostly(
      fc.record(
        {
          length: mostly(fc.constantFrom('3d', '36h', '30', '-3d', '99999999d', 90_000)),
          at: mostly(fc.constantFrom('20:00', '25:99')),
        },
        { requiredKeys: [] },
      ),
    ),
    steps: mostly(
      fc.dictionary(fc.constantFrom('AW-D5', 'D3', 'x y'), fc.record({ length: fc.constantFrom('1d', '7d') }), {
        maxKeys: 2,
      }),
    ),
  },
  { requiredKeys: [] },
);
const seatLike = (side: string) =>
  fc.record(
    {
      side: mostly(fc.constant(side)),
      email: mostly(fc.constantFrom('a@example.org', 'b@example.org', 'bad')),
      name: mostly(fc.string({ maxLength: 20 })),
      locale: mostly(fc.constantFrom('en', 'ja', 'fr')),
      timeZone: mostly(fc.constantFrom('UTC', 'Asia/Tokyo', 'Mars/Olympus')),
    },
    { requiredKeys: ['side', 'email'] },
  );

/** Bodies shaped like each JSON route's own, by `METHOD url`. */
const JSON_BODIES: Record<string, fc.Arbitrary<unknown>> = {
  'POST /api/games': fc.record(
    {
      game: mostly(fc.constantFrom('atlantic-wolves', 'chess')),
      mode: mostly(fc.constantFrom('mail', 'standard')),
      name: mostly(fc.string({ maxLength: 30 })),
      moderatorEmail: mostly(fc.constantFrom('m@example.org')),
      seats: mostly(fc.tuple(seatLike('allied'), seatLike('german'))),
      deadlines: deadlinesLike,
      review: mostly(fc.constantFrom('auto', 'moderator')),
      options: mostly(fc.constant({})),
      graceSeconds: mostly(fc.nat()),
      reminderHours: mostly(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 })),
    },
    { requiredKeys: ['game', 'mode', 'seats', 'deadlines'] },
  ),
  'POST /api/games/:id/orders': fc.record({ orders: awOrdersLike }),
  'PUT /api/games/:id/seats/:side/orders': fc.record(
    { orders: awOrdersLike, reason: mostly(fc.string({ maxLength: 40 })) },
    { requiredKeys: ['orders'] },
  ),
  'POST /api/games/:id/steps/:n/reject': fc.record({ reason: mostly(fc.string({ minLength: 1, maxLength: 40 })) }),
  'POST /api/games/:id/pause': fc.record({ reason: mostly(fc.string({ maxLength: 40 })) }, { requiredKeys: [] }),
  'PUT /api/games/:id/seats/:side': fc.record(
    {
      email: mostly(fc.constantFrom('new@example.org', 'x')),
      name: mostly(fc.string({ maxLength: 20 })),
      locale: mostly(fc.constantFrom('en', 'ja')),
      timeZone: mostly(fc.constantFrom('UTC', 'Mars/Olympus')),
    },
    { requiredKeys: ['email'] },
  ),
  'PUT /api/games/:id/deadline': fc.record({ deadlineAt: mostly(fc.oneof(iso, fc.constant(null))) }),
  'POST /api/games/:id/deadline/extend': fc.record({ seconds: mostly(fc.integer({ min: -100, max: 6_000_000 })) }),
  'POST /api/games/:id/deadline/shorten': fc.record({ seconds: mostly(fc.integer({ min: -100, max: 6_000_000 })) }),
  'POST /api/games/:id/absences': fc.record({ startsAt: iso, endsAt: iso }),
  'POST /api/games/:id/webhooks': fc.record(
    {
      url: mostly(
        fc.constantFrom(
          'https://example.org/hook',
          'http://127.0.0.1:1/x',
          'ftp://x',
          'https://discord.com/api/webhooks/1/abc',
        ),
      ),
      events: mostly(fc.array(fc.constantFrom('result', 'reminder', 'missed', 'moved', 'nope'), { maxLength: 3 })),
    },
    { requiredKeys: ['url'] },
  ),
};

/** Form fields of the web routes (CSRF token given or not), by `METHOD url`. */
function formBodies(csrf: string): Record<string, fc.Arbitrary<Record<string, string>>> {
  const token = fc.constantFrom(csrf, 'forged', '');
  const field = fc.oneof(
    fc.constantFrom(
      ...UNITS.map((u) => `placement.${u}`),
      'response',
      'text',
      'reason',
      'email',
      'deadlineAt',
      'orders',
    ),
    hostileString,
  );
  const fields = fc.dictionary(field, fc.oneof(area, unit, hostileString), { maxKeys: 8 });
  const text = fc
    .array(
      fc.constantFrom(
        'PLACE C01 C02 -> WA',
        'PLACE C01 C02 C03 C04 C05 C06 -> CB',
        'ESCORT GB-DD1 U01',
        'HELP',
        'PLACE NOSUCHUNIT -> CB',
        '配置 11 WA',
      ),
      { maxLength: 4 },
    )
    .map((l) => l.join('\n'));
  const withToken = (a: fc.Arbitrary<Record<string, string>>) =>
    fc.tuple(token, a).map(([t, f]) => ({ ...f, _csrf: t }));
  return {
    'POST /play/:gameId/orders': withToken(fields),
    'POST /play/:gameId/orders/text': withToken(fc.oneof(text, hostileString).map((t) => ({ text: t }))),
    'POST /console/games': withToken(
      fc.record({
        game: fc.constantFrom('atlantic-wolves', 'x'),
        mode: fc.constantFrom('mail', 'standard'),
        'seat.allied.email': fc.constantFrom('a@example.org', 'bad'),
        'seat.german.email': fc.constant('g@example.org'),
        deadlinesJson: fc.oneof(fc.constantFrom('{"default":{"length":"3d"}}', '{"lenght":1}', '{'), hostileString),
        data: fc.oneof(fc.constant(''), fc.constant(nestedText(40))),
      }),
    ),
  };
}

/** A body for a route: one shaped like the route's own (JSON or form) most of the time, any hostile body otherwise. */
export function bodyFor(route: RouteSpec, csrf: string): fc.Arbitrary<BodySpec> {
  const key = `${route.method} ${route.url}`;
  const json = JSON_BODIES[key];
  const form =
    formBodies(csrf)[key] ??
    (route.url.startsWith('/console/games/') && route.method === 'POST'
      ? formBodies(csrf)['POST /play/:gameId/orders']
      : undefined);
  const shaped: fc.Arbitrary<BodySpec>[] = [];
  if (json)
    shaped.push(
      json.map((v) => ({ kind: 'shaped-json', contentType: 'application/json', payload: JSON.stringify(v) })),
    );
  if (form)
    shaped.push(
      form.map((f) => ({
        kind: 'shaped-form',
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(f).toString(),
      })),
    );
  if (!shaped.length) return hostileBody;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...shaped) }, { weight: 2, arbitrary: hostileBody });
}
