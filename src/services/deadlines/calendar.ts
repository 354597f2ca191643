/**
 * The data of a seat's iCalendar feed, found by the seat's secret calendar token: the deadlines of the steps the
 * seat owes (or owed) orders at, newest first (the current one and up to 20 before it). A person holding several
 * seats has one feed, by its own calendar token: the deadlines of the steps any of its seats owes orders at.
 */
import { gameDefinition, type ServiceDeps } from '../deps.ts';
import { seatText } from '../../engine/game-package.ts';
import { owedOf, readState } from './step-state.ts';

/** One deadline in the feed. */
export interface CalendarEvent {
  uid: string;
  at: Date;
  summary: string;
  description: string;
  url?: string;
  sequence: number;
  /** Minutes before the deadline at which the calendar alerts (none when empty). */
  alarmMinutes?: number[];
}

/** The feed of a token, or null for an unknown token. */
export async function calendarFeedFor(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'games'>,
  token: string,
): Promise<{ name: string; events: CalendarEvent[] } | null> {
  const game = {
    select: { id: true, name: true, game: true, mode: true, options: true, reminderHours: true },
  } as const;
  const seat = await deps.db.seat.findUnique({
    where: { calendarToken: token },
    select: { side: true, locale: true, game },
  });
  const person = seat
    ? null
    : await deps.db.person.findUnique({
        where: { calendarToken: token },
        select: { game, locale: true, seats: { select: { side: true }, orderBy: { side: 'asc' } } },
      });
  const holder = seat
    ? { game: seat.game, locale: seat.locale, sides: [seat.side] }
    : person && { ...person, sides: person.seats.map((s) => s.side) };
  if (!holder?.sides.length) return null;
  const steps = await deps.db.step.findMany({
    where: { gameId: holder.game.id, deadlineAt: { not: null } },
    orderBy: { number: 'desc' },
    take: 40,
    select: { id: true, number: true, status: true, owed: true, deadlineAt: true, deadlineState: true },
  });
  const domain = deps.config.MAIL_DOMAIN;
  const page = `${deps.config.PUBLIC_URL}/g/${holder.game.id}`;
  const hours = holder.game.reminderHours.filter((h) => h <= 48).map((h) => h * 60);
  const alarms = [...new Set(hours)].sort((a, b) => b - a);
  // The entries speak the holder's language and name its seats by the game's names for them.
  const ja = holder.locale === 'ja';
  const def = gameDefinition(deps, holder.game.game);
  const named = (sides: string[]) =>
    sides
      .map((side) => seatText(def, holder.game.mode, side, holder.game.options)[ja ? 'ja' : 'en'])
      .join(ja ? '、' : ', ');
  const who = named(holder.sides);
  const events: CalendarEvent[] = [];
  for (const s of steps) {
    const mine = owedOf(s).filter((o) => holder.sides.includes(o.seat));
    if (!mine.length || !s.deadlineAt) continue;
    const open = s.status === 'open';
    const points = [...new Set(mine.map((o) => o.point))].join(', ');
    const sides = named([...new Set(mine.map((o) => o.seat))]);
    const due = ja ? `命令の締切 ステップ ${s.number}` : `orders due, step ${s.number}`;
    const prompts = (lc: 'en' | 'ja') => mine.map((o) => o.prompt[lc]).join('\n');
    events.push({
      // One seat's feed keeps its UIDs; a person's names its seats.
      uid: `step-${s.id}-${seat ? seat.side : holder.sides.join('+')}@${domain}`,
      at: s.deadlineAt,
      summary: `${open ? '' : '✓ '}${holder.game.name}: ${due} (${sides})`,
      description: `${points}\n${prompts(ja ? 'ja' : 'en')}\n${prompts(ja ? 'en' : 'ja')}\n${page}`,
      url: page,
      sequence: readState(s.deadlineState).changes ?? 0,
      alarmMinutes: open ? alarms : [],
    });
    if (events.length >= 21) break;
  }
  return { name: `${holder.game.name} (${who})`, events };
}
