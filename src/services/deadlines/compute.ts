/**
 * Pure deadline arithmetic: when a step's orders are due, given the game's deadline settings, the step type (the
 * decision points owed), the absences of the seats that owe orders, and the moment the step opened. No clock, no
 * I/O: every instant comes in as an argument. Time zones are IANA zones through Intl.
 *
 * The settings (Game.deadlines JSON, documented in docs/deadlines.md):
 *   { "timeZone": "Asia/Tokyo", "skipWeekends": true, "weekendDays": [0, 6],
 *     "default": { "length": "3d" },
 *     "steps": { "AW-D5": { "length": "7d", "at": "20:00" } } }
 * A rule has a length (time that must elapse: weekend days and absences do not count), an optional local time of
 * day the deadline is rounded up to, or both. `{}` (the default) means the game has no deadlines.
 */
import { z } from 'zod';
import type { Owed } from '../../engine/types.ts';
import { isTimeZone } from '../../i18n/index.ts';
import { checked } from '../input-issues.ts';

const UNITS: Record<string, number> = { w: 7 * 86400, d: 86400, h: 3600, m: 60, s: 1 };

/** Parses "7d", "3d12h", "90m", "45s", "1w" (or a number of seconds) into seconds; null when malformed. */
export function parseDuration(value: string | number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  const text = value.trim().toLowerCase();
  if (!/^(\d+\s*[wdhms]\s*)+$/.test(text)) return null;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)\s*([wdhms])/g)) total += Number(n) * UNITS[unit];
  return total;
}

/** Longest deadline length a rule may give: a year (anything longer is a typing slip, and dates overflow). */
export const MAX_DEADLINE_SECONDS = 366 * 86400;

const durationSchema = z
  .union([z.string().max(40), z.number()])
  .refine(
    (v) => parseDuration(v) !== null,
    checked(
      'deadlines/duration',
      'a duration like "3d", "36h", "90m", "1w" or a whole number of seconds',
      '「3d」「36h」「90m」「1w」のような期間、または秒数（整数）にしてください',
    ),
  )
  .refine(
    (v) => (parseDuration(v) ?? 0) <= MAX_DEADLINE_SECONDS,
    checked(
      'deadlines/too-long',
      `at most ${MAX_DEADLINE_SECONDS / 86400} days`,
      `最長${MAX_DEADLINE_SECONDS / 86400}日までです`,
    ),
  );
const zoneSchema = z
  .string()
  .max(64)
  .refine(
    isTimeZone,
    checked(
      'deadlines/time-zone',
      'unknown IANA time zone (e.g. "Asia/Tokyo", "Europe/London", "UTC")',
      '不明なタイムゾーンです（例: 「Asia/Tokyo」「Europe/London」「UTC」）',
    ),
  );
const timeOfDaySchema = z
  .string()
  .refine(
    (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
    checked(
      'deadlines/time-of-day',
      'a local time of day "HH:MM", 00:00 to 23:59',
      '「HH:MM」形式の時刻（00:00〜23:59）にしてください',
    ),
  );

/** One step type's deadline: a length, a local time of day, or a length rounded up to a local time of day. */
export const deadlineRuleSchema = z
  .object({
    length: durationSchema.optional(),
    /** Local time of day "HH:MM" in `timeZone` the deadline falls on (the first such time after the length). */
    at: timeOfDaySchema.optional(),
    timeZone: zoneSchema.optional(),
    skipWeekends: z.boolean().optional(),
  })
  .strict();

/** A game's deadline settings (the Game.deadlines JSON). Strict: an unknown key is an error, never ignored. */
export const deadlineSettingsSchema = z
  .object({
    /** Zone of `at` times and of weekend days; UTC when unset. */
    timeZone: zoneSchema.default('UTC'),
    /** Weekend days do not count towards a length, and no deadline falls on one. */
    skipWeekends: z.boolean().default(false),
    /** 0 = Sunday ... 6 = Saturday. */
    weekendDays: z.array(z.number().int().min(0).max(6)).max(6).default([0, 6]),
    /** Rule for step types without their own. */
    default: deadlineRuleSchema.optional(),
    /** Per step type: a decision point id (e.g. "AW-D5") or its short form ("D5"). */
    steps: z
      .record(
        z
          .string()
          .regex(
            /^[A-Za-z0-9._-]{1,40}$/,
            checked(
              'deadlines/step-type',
              'a decision point id such as "AW-D5" or "D5"',
              '「AW-D5」や「D5」のような決定点のIDにしてください',
            ),
          ),
        deadlineRuleSchema,
      )
      .refine(
        (steps) => Object.keys(steps).length <= 64,
        checked('deadlines/too-many-steps', 'at most 64 step types', '手順の種類は64までです'),
      )
      .default({}),
  })
  .strict();

export type DeadlineRule = z.infer<typeof deadlineRuleSchema>;
export type DeadlineSettings = z.output<typeof deadlineSettingsSchema>;

/** Reads stored settings; anything invalid reads as "no deadlines" rather than breaking a running game. */
export function readDeadlineSettings(raw: unknown): DeadlineSettings {
  const parsed = deadlineSettingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : deadlineSettingsSchema.parse({});
}

/** A rule resolved for one step type: every field filled in. */
export interface EffectiveRule {
  lengthSeconds: number;
  at: string | null;
  timeZone: string;
  skipWeekends: boolean;
  weekendDays: readonly number[];
}

/** The rule of a decision point (exact id, then its short form after the game prefix, then the default); null = none. */
export function ruleFor(settings: DeadlineSettings, point: string): EffectiveRule | null {
  const short = point.includes('-') ? point.slice(point.indexOf('-') + 1) : point;
  const rule = settings.steps[point] ?? settings.steps[short] ?? settings.default;
  if (!rule || (rule.length === undefined && rule.at === undefined)) return null;
  return {
    lengthSeconds: rule.length === undefined ? 0 : (parseDuration(rule.length) ?? 0),
    at: rule.at ?? null,
    timeZone: rule.timeZone ?? settings.timeZone,
    skipWeekends: rule.skipWeekends ?? settings.skipWeekends,
    weekendDays: settings.weekendDays,
  };
}

/** A half-open interval [start, end) of time, e.g. a seat's absence. */
export interface Interval {
  start: Date;
  end: Date;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Wall-clock parts of an instant in a zone. */
export function localParts(ms: number, timeZone: string): LocalParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ms))) out[p.type] = p.value;
  return {
    year: +out.year,
    month: +out.month,
    day: +out.day,
    hour: +out.hour % 24,
    minute: +out.minute,
    second: +out.second,
    weekday: WEEKDAYS[out.weekday],
  };
}

/** The instant of a wall-clock time in a zone. In a DST gap the later valid instant is used. */
export function zonedToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (ms: number): number => {
    const p = localParts(ms, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  const back = localParts(t, timeZone);
  if (Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) < wall) t += 3600_000; // DST gap
  return t;
}

/** Local midnight starting the day `days` after the local day of `ms`. */
function localMidnight(ms: number, days: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return zonedToInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, timeZone);
}

/** Pauses of the clock: weekend days (in the rule's zone) and the absences of one seat. */
class Pauses {
  private readonly absences: { start: number; end: number }[];
  constructor(
    private readonly rule: EffectiveRule,
    absences: readonly Interval[],
  ) {
    this.absences = mergeIntervals(absences);
  }

  private isWeekend(ms: number): boolean {
    return this.rule.skipWeekends && this.rule.weekendDays.includes(localParts(ms, this.rule.timeZone).weekday);
  }

  /** When `ms` is inside a pause, the end of that pause; else null. */
  pauseEndAt(ms: number): number | null {
    if (this.isWeekend(ms)) {
      let end = localMidnight(ms, 1, this.rule.timeZone);
      while (this.isWeekend(end)) end = localMidnight(end, 1, this.rule.timeZone);
      return end;
    }
    const a = this.absences.find((x) => x.start <= ms && ms < x.end);
    return a ? a.end : null;
  }

  /** Start of the first pause strictly after `ms` (Infinity when none). */
  nextPauseStart(ms: number): number {
    let next = Infinity;
    if (this.rule.skipWeekends) {
      for (let i = 1; i <= 7; i++) {
        const midnight = localMidnight(ms, i, this.rule.timeZone);
        if (this.isWeekend(midnight)) {
          next = midnight;
          break;
        }
      }
    }
    const a = this.absences.find((x) => x.start > ms);
    return a ? Math.min(next, a.start) : next;
  }
}

/** Sorted, non-overlapping copy of some intervals (ms). */
function mergeIntervals(list: readonly Interval[]): { start: number; end: number }[] {
  const sorted = list
    .map((i) => ({ start: i.start.getTime(), end: i.end.getTime() }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** `from` plus `seconds` of running clock: time inside pauses does not count. */
function elapse(from: number, seconds: number, pauses: Pauses): number {
  let t = from;
  let remaining = seconds * 1000;
  for (let guard = 0; guard < 10_000; guard++) {
    const end = pauses.pauseEndAt(t);
    if (end !== null) {
      t = end;
      continue;
    }
    if (remaining <= 0) return t;
    const next = pauses.nextPauseStart(t);
    if (t + remaining <= next) return t + remaining;
    remaining -= next - t;
    t = next;
  }
  return t;
}

/** The first local `at` time at or after `ms` on a day that is not a pause day. */
function roundUpToLocalTime(ms: number, rule: EffectiveRule, pauses: Pauses): number {
  const [hh, mm] = (rule.at as string).split(':').map(Number);
  for (let day = 0; day < 400; day++) {
    const midnight = localMidnight(ms, day, rule.timeZone);
    const p = localParts(midnight, rule.timeZone);
    const candidate = zonedToInstant(p.year, p.month, p.day, hh, mm, rule.timeZone);
    if (candidate < ms) continue;
    if (pauses.pauseEndAt(candidate) !== null) continue;
    return candidate;
  }
  return ms;
}

/** The deadline of one rule for one seat whose absences are given. */
export function deadlineForRule(openedAt: Date, rule: EffectiveRule, absences: readonly Interval[] = []): Date {
  const pauses = new Pauses(rule, absences);
  let t = elapse(openedAt.getTime(), rule.lengthSeconds, pauses);
  if (rule.at) t = roundUpToLocalTime(t, rule, pauses);
  return new Date(t);
}

/** What the deadline of a step depends on. */
export interface StepDeadlineInput {
  openedAt: Date;
  settings: DeadlineSettings;
  owed: readonly Pick<Owed, 'seat' | 'point'>[];
  /** Absences per seat (engine seat id); only seats that owe orders move the deadline. */
  absences?: Readonly<Record<string, readonly Interval[]>>;
  /** Moderator adjustments (extend positive, shorten negative) and extend-once, in seconds. */
  adjustSeconds?: number;
}

/**
 * The deadline of a step: per owed seat, the rule of its decision point with that seat's absences not counting;
 * the latest of these, then the moderator's adjustment. Null when nothing is owed or no rule applies.
 */
export function computeStepDeadline(input: StepDeadlineInput): Date | null {
  let latest: number | null = null;
  for (const o of input.owed) {
    const rule = ruleFor(input.settings, o.point);
    if (!rule) continue;
    const t = deadlineForRule(input.openedAt, rule, input.absences?.[o.seat] ?? []).getTime();
    latest = latest === null ? t : Math.max(latest, t);
  }
  if (latest === null) return null;
  return new Date(latest + (input.adjustSeconds ?? 0) * 1000);
}

/** The moments a reminder is due: `hours` before the deadline, only those still ahead of `now`, latest first. */
export function reminderTimes(deadlineAt: Date, hours: readonly number[], now: Date): { hours: number; at: Date }[] {
  return [...new Set(hours)]
    .sort((a, b) => b - a)
    .map((h) => ({ hours: h, at: new Date(deadlineAt.getTime() - h * 3600_000) }))
    .filter((r) => r.at.getTime() > now.getTime());
}

/** Whether an order received at `receivedAt` was on time, late (after the deadline) for a step due at `deadlineAt`. */
export function punctualityOf(receivedAt: Date, deadlineAt: Date | null): 'on-time' | 'late' {
  return deadlineAt === null || receivedAt.getTime() <= deadlineAt.getTime() ? 'on-time' : 'late';
}
