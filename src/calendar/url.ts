/** The secret URL of a seat's iCalendar feed (for the welcome mail and the player page). */
export function calendarUrl(publicUrl: string, calendarToken: string): string {
  return `${publicUrl.replace(/\/$/, '')}/calendar/${calendarToken}.ics`;
}
