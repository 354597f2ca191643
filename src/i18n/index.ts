/** Japanese and English wherever a player reads: locale choice and date formatting in a seat's time zone. */
import type { Locale, Text } from '../engine/words.ts';

export type { Locale } from '../engine/words.ts';

export const LOCALES: readonly Locale[] = ['en', 'ja'];

export function asLocale(value: string | null | undefined): Locale {
  return value === 'ja' ? 'ja' : 'en';
}

/** Picks the text of a locale. */
export function tr(text: Text, locale: Locale): string {
  return text[locale];
}

/** Picks a locale from an Accept-Language header (Japanese when it is preferred over English). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** A date and time in a time zone, e.g. "2026-11-29 20:00 (Asia/Tokyo)" / "2026年11月29日 20:00 (Asia/Tokyo)". */
export function formatDateTime(date: Date, timeZone: string, locale: Locale): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  if (locale === 'ja') {
    const wd =
      ({ Sun: '日', Mon: '月', Tue: '火', Wed: '水', Thu: '木', Fri: '金', Sat: '土' } as Record<string, string>)[
        get('weekday')
      ] ?? '';
    const day = `${Number(get('year'))}年${Number(get('month'))}月${Number(get('day'))}日(${wd})`;
    return `${day} ${get('hour')}:${get('minute')} (${timeZone})`;
  }
  return `${get('weekday')} ${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${timeZone})`;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(zone);
  return true;
}

// The zones found valid so far: building a formatter to check one costs about 0.3 ms, and every new seat checks its.
// Bounded, as the runtime also accepts a name in any letter case.
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 2000;
