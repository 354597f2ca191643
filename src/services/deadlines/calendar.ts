/**
 * The data of a seat's iCalendar feed, found by the seat's secret calendar token: the deadlines of the steps the
 * seat owes (or owed) orders at, newest first (the current one and up to 20 before it).
 */
import type { ServiceDeps } from '../deps.ts';
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
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  token: string,
): Promise<{ name: string; events: CalendarEvent[] } | null> {
  const seat = await deps.db.seat.findUnique({
    where: { calendarToken: token },
    select: { side: true, game: { select: { id: true, name: true, reminderHours: true } } },
  });
  if (!seat) return null;
  const steps = await deps.db.step.findMany({
    where: { gameId: seat.game.id, deadlineAt: { not: null } },
    orderBy: { number: 'desc' },
    take: 40,
    select: { id: true, number: true, status: true, owed: true, deadlineAt: true, deadlineState: true },
  });
  const domain = deps.config.MAIL_DOMAIN;
  const page = `${deps.config.PUBLIC_URL}/g/${seat.game.id}`;
  const alarms = [...new Set(seat.game.reminderHours.filter((h) => h <= 48).map((h) => h * 60))].sort((a, b) => b - a);
  const events: CalendarEvent[] = [];
  for (const s of steps) {
    const mine = owedOf(s).filter((o) => o.seat === seat.side);
    if (!mine.length || !s.deadlineAt) continue;
    const open = s.status === 'open';
    const points = [...new Set(mine.map((o) => o.point))].join(', ');
    events.push({
      uid: `step-${s.id}-${seat.side}@${domain}`,
      at: s.deadlineAt,
      summary: `${open ? '' : '✓ '}${seat.game.name}: orders due, step ${s.number} (${seat.side})`,
      description: `${points}\n${mine.map((o) => o.prompt.en).join('\n')}\n${mine.map((o) => o.prompt.ja).join('\n')}\n${page}`,
      url: page,
      sequence: readState(s.deadlineState).changes ?? 0,
      alarmMinutes: open ? alarms : [],
    });
    if (events.length >= 21) break;
  }
  return { name: `${seat.game.name} (${seat.side})`, events };
}
