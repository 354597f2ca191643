import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  computeStepDeadline,
  deadlineForRule,
  deadlineSettingsSchema,
  localParts,
  parseDuration,
  readDeadlineSettings,
  reminderTimes,
  ruleFor,
  zonedToInstant,
  type EffectiveRule,
} from '../../src/services/deadlines/compute.ts';

const rule = (r: Partial<EffectiveRule>): EffectiveRule => ({
  lengthSeconds: 0,
  at: null,
  timeZone: 'UTC',
  skipWeekends: false,
  weekendDays: [0, 6],
  ...r,
});
const d = (iso: string) => new Date(iso);

describe('durations', () => {
  test.each([
    ['7d', 7 * 86400],
    ['3d12h', 3 * 86400 + 12 * 3600],
    ['90m', 5400],
    ['45s', 45],
    ['1w', 7 * 86400],
    [3600, 3600],
    ['soon', null],
    ['', null],
    [-5, null],
  ])('%s -> %s', (input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });
});

describe('deadline of one rule', () => {
  test.each([
    // [why, openedAt, rule, expected]
    ['plain length: 3 days', '2026-03-02T10:00:00Z', rule({ lengthSeconds: 3 * 86400 }), '2026-03-05T10:00:00Z'],
    [
      'local time only: next 20:00 in Tokyo (11:00Z)',
      '2026-03-02T10:00:00Z',
      rule({ at: '20:00', timeZone: 'Asia/Tokyo' }),
      '2026-03-02T11:00:00Z',
    ],
    [
      'local time already passed today: tomorrow',
      '2026-03-02T12:00:00Z',
      rule({ at: '20:00', timeZone: 'Asia/Tokyo' }),
      '2026-03-03T11:00:00Z',
    ],
    [
      'length then rounded up to 20:00 Tokyo',
      '2026-03-02T10:00:00Z',
      rule({ lengthSeconds: 2 * 86400, at: '20:00', timeZone: 'Asia/Tokyo' }),
      '2026-03-04T11:00:00Z',
    ],
    // Friday 2026-03-06 10:00Z + 1 day: Saturday and Sunday do not count -> Monday 10:00Z.
    [
      'weekend days do not count',
      '2026-03-06T10:00:00Z',
      rule({ lengthSeconds: 86400, skipWeekends: true }),
      '2026-03-09T10:00:00Z',
    ],
    [
      'a step opened on Saturday starts counting on Monday',
      '2026-03-07T15:00:00Z',
      rule({ lengthSeconds: 3600, skipWeekends: true }),
      '2026-03-09T01:00:00Z',
    ],
    [
      'an at-time never falls on a weekend day',
      '2026-03-06T12:00:00Z',
      rule({ at: '20:00', timeZone: 'Asia/Tokyo', skipWeekends: true }),
      '2026-03-09T11:00:00Z',
    ],
    [
      'weekend in the rule zone (Tokyo Saturday starts Friday 15:00Z)',
      '2026-03-06T14:00:00Z',
      rule({ lengthSeconds: 7200, timeZone: 'Asia/Tokyo', skipWeekends: true }),
      '2026-03-08T16:00:00Z',
    ],
    [
      'DST spring forward in New York: 20:00 local is 00:00Z next day',
      '2026-03-08T12:00:00Z',
      rule({ at: '20:00', timeZone: 'America/New_York' }),
      '2026-03-09T00:00:00Z',
    ],
    [
      'before DST: 20:00 EST is 01:00Z',
      '2026-03-07T12:00:00Z',
      rule({ at: '20:00', timeZone: 'America/New_York' }),
      '2026-03-08T01:00:00Z',
    ],
  ])('%s', (_why, opened, r, expected) => {
    expect(deadlineForRule(d(opened), r).toISOString()).toBe(new Date(expected).toISOString());
  });

  test('an absence inside the window moves the deadline by its length', () => {
    const absences = [{ start: d('2026-03-03T00:00:00Z'), end: d('2026-03-05T00:00:00Z') }];
    expect(deadlineForRule(d('2026-03-02T10:00:00Z'), rule({ lengthSeconds: 3 * 86400 }), absences).toISOString()).toBe(
      '2026-03-07T10:00:00.000Z',
    );
  });

  test('an absence after the deadline does not move it', () => {
    const absences = [{ start: d('2026-03-10T00:00:00Z'), end: d('2026-03-12T00:00:00Z') }];
    expect(deadlineForRule(d('2026-03-02T10:00:00Z'), rule({ lengthSeconds: 86400 }), absences).toISOString()).toBe(
      '2026-03-03T10:00:00.000Z',
    );
  });

  test('overlapping absences count once', () => {
    const absences = [
      { start: d('2026-03-03T00:00:00Z'), end: d('2026-03-04T00:00:00Z') },
      { start: d('2026-03-03T12:00:00Z'), end: d('2026-03-04T12:00:00Z') },
    ];
    expect(deadlineForRule(d('2026-03-02T00:00:00Z'), rule({ lengthSeconds: 2 * 86400 }), absences).toISOString()).toBe(
      '2026-03-05T12:00:00.000Z',
    );
  });
});

describe('step deadlines', () => {
  const settings = deadlineSettingsSchema.parse({
    default: { length: '3d' },
    steps: { 'AW-D5': { length: '7d' }, D3: { length: '1d' } },
  });

  test.each([
    ['AW-D5', '2026-03-09T00:00:00.000Z'],
    ['AW-D3', '2026-03-03T00:00:00.000Z'],
    ['AW-D9', '2026-03-05T00:00:00.000Z'],
  ])('step type %s', (point, expected) => {
    expect(
      computeStepDeadline({
        openedAt: d('2026-03-02T00:00:00Z'),
        settings,
        owed: [{ seat: 'allied', point }],
      })?.toISOString(),
    ).toBe(expected);
  });

  test('only absences of seats that owe orders count; the latest seat wins; adjustments apply after', () => {
    const absences = {
      german: [{ start: d('2026-03-02T00:00:00Z'), end: d('2026-03-03T00:00:00Z') }],
      allied: [{ start: d('2026-03-02T00:00:00Z'), end: d('2026-03-10T00:00:00Z') }],
    };
    const at = (owed: { seat: string; point: string }[], adjustSeconds = 0) =>
      computeStepDeadline({
        openedAt: d('2026-03-02T00:00:00Z'),
        settings,
        owed,
        absences,
        adjustSeconds,
      })?.toISOString();
    expect(at([{ seat: 'german', point: 'AW-D9' }])).toBe('2026-03-06T00:00:00.000Z');
    expect(
      at([
        { seat: 'german', point: 'AW-D9' },
        { seat: 'allied', point: 'AW-D9' },
      ]),
    ).toBe('2026-03-13T00:00:00.000Z');
    expect(at([{ seat: 'german', point: 'AW-D9' }], -3600)).toBe('2026-03-05T23:00:00.000Z');
  });

  test('no settings, no deadline; invalid stored settings read as none', () => {
    expect(
      computeStepDeadline({
        openedAt: d('2026-03-02T00:00:00Z'),
        settings: readDeadlineSettings({}),
        owed: [{ seat: 'a', point: 'X' }],
      }),
    ).toBeNull();
    expect(readDeadlineSettings({ default: { length: 'forever' } }).default).toBeUndefined();
    expect(ruleFor(readDeadlineSettings({ steps: { D1: {} } }), 'AW-D1')).toBeNull();
  });

  test('settings validation names the problem', () => {
    const bad = deadlineSettingsSchema.safeParse({ timeZone: 'Mars/Olympus', default: { at: '25:00' } });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues.map((i) => i.message))).toMatch(/time zone/);
  });
});

describe('reminders', () => {
  test('only future reminders, latest first, no duplicates', () => {
    const r = reminderTimes(d('2026-03-05T00:00:00Z'), [6, 48, 6, 100], d('2026-03-02T12:00:00Z'));
    expect(r.map((x) => [x.hours, x.at.toISOString()])).toEqual([
      [48, '2026-03-03T00:00:00.000Z'],
      [6, '2026-03-04T18:00:00.000Z'],
    ]);
  });
});

describe('properties', () => {
  const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'];
  const arbRule = fc.record({
    lengthSeconds: fc.integer({ min: 0, max: 14 * 86400 }),
    at: fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      { nil: null },
    ),
    timeZone: fc.constantFrom(...zones),
    skipWeekends: fc.boolean(),
    weekendDays: fc.constantFrom([0, 6], [5, 6], [0]),
  });
  const arbOpened = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => new Date(ms));
  const arbAbsences = fc.array(
    fc.tuple(fc.integer({ min: -5 * 86400, max: 20 * 86400 }), fc.integer({ min: 0, max: 5 * 86400 })),
    { maxLength: 3 },
  );

  test('a deadline is never before the opening plus the length, nor on a weekend day when they are skipped', () => {
    fc.assert(
      fc.property(arbOpened, arbRule, (opened, r) => {
        const t = deadlineForRule(opened, r);
        expect(t.getTime()).toBeGreaterThanOrEqual(opened.getTime() + r.lengthSeconds * 1000);
        if (r.skipWeekends) expect(r.weekendDays).not.toContain(localParts(t.getTime(), r.timeZone).weekday);
        if (r.at) {
          const p = localParts(t.getTime(), r.timeZone);
          const [hh, mm] = r.at.split(':').map(Number);
          // A wall time in a DST gap moves to the first valid instant after it.
          if (p.hour !== hh || p.minute !== mm)
            expect(zonedToInstant(p.year, p.month, p.day, hh, mm, r.timeZone)).toBe(t.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  test('absences never make a deadline earlier, and an absence adds at most its own length', () => {
    fc.assert(
      fc.property(arbOpened, arbRule, arbAbsences, (opened, r, raw) => {
        const plain = deadlineForRule(opened, { ...r, skipWeekends: false, at: null }).getTime();
        const absences = raw.map(([s, len]) => ({
          start: new Date(opened.getTime() + s * 1000),
          end: new Date(opened.getTime() + (s + len) * 1000),
        }));
        const moved = deadlineForRule(opened, { ...r, skipWeekends: false, at: null }, absences).getTime();
        expect(moved).toBeGreaterThanOrEqual(plain);
        expect(moved - plain).toBeLessThanOrEqual(raw.reduce((sum, [, len]) => sum + len * 1000, 0));
      }),
      { numRuns: 300 },
    );
  });
});
