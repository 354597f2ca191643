/**
 * What every page shares: the reader's language (switch cookie, then the seat's language, then the browser's),
 * cookie settings, the data every template gets, and safe local redirects.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyGame, GameEvent, RuleError } from '../engine/types.ts';
import { asLocale, formatDateTime, localeFromAcceptLanguage, type Locale } from '../i18n/index.ts';
import { t, type StringKey, wordFor } from './strings.ts';
import type { WebSessionInfo } from './sessions.ts';

export const LANG_COOKIE = 'pbem_lang';
export const PLAY_COOKIE = 'pbem_play';
export const CONSOLE_COOKIE = 'pbem_console';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session of the page (set by the session guards of src/server/routes/web). */
    webSession: WebSessionInfo | null;
    /** Read by @fastify/csrf-protection (its session mode): the session's CSRF secret. */
    session: { _csrf?: string } | null;
  }
}

/** The reader's language: an explicit switch wins, then the seat's setting, then Accept-Language. */
export function localeOf(request: FastifyRequest, seatLocale?: string | null): Locale {
  const chosen = request.cookies?.[LANG_COOKIE];
  if (chosen === 'en' || chosen === 'ja') return chosen;
  if (seatLocale === 'en' || seatLocale === 'ja') return asLocale(seatLocale);
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/** Cookie settings: HTTP-only, SameSite=Lax (the magic link arrives as a top-level navigation), Secure over HTTPS. */
export function cookieOptions(publicUrl: string, path: string, maxAgeSeconds?: number) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:') ? true : ('auto' as const),
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** A local path to go back to after switching language (never another site). */
export function safeBack(back: unknown): string {
  return typeof back === 'string' && /^\/(?![/\\])[^\s]*$/.test(back) && back.length < 500 ? back : '/';
}

/** The data every template receives. */
export function pageData(request: FastifyRequest, reply: FastifyReply, locale: Locale, extra: Record<string, unknown>) {
  const here = request.url.replace(/([?&])token=[^&]*/g, '$1').replace(/[?&]$/, '');
  return {
    locale,
    t: (key: StringKey, params?: Record<string, string | number>) => t(locale, key, params),
    tr: (text: { en: string; ja: string } | undefined | null) => (text ? text[locale] : ''),
    word: (prefix: string, value: string) => wordFor(locale, prefix, value),
    when: (date: Date | string | null | undefined, zone = 'UTC') =>
      date ? formatDateTime(new Date(date), zone, locale) : '',
    csrf: request.session ? reply.generateCsrf() : '',
    langUrl: `/lang?to=${locale === 'ja' ? 'en' : 'ja'}&back=${encodeURIComponent(safeBack(here))}`,
    ...extra,
  };
}

/**
 * One event as a line of the history: the game's own sentence for it (`describeEvent`, rule id included) in the
 * reader's language; dice are marked so the page can set them apart. A game the service does not know gets the
 * event's type and fields.
 */
export function historyLine(
  game: Pick<AnyGame, 'describeEvent'> | undefined,
  e: GameEvent,
  locale: Locale,
): { kind: 'die' | 'event'; text: string } {
  const kind = e.type === 'die' ? 'die' : 'event';
  if (game) return { kind, text: game.describeEvent(e, locale) };
  const fields = Object.entries(e)
    .filter(([k]) => !['type', 'rule', 'visibleTo'].includes(k))
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
  return { kind, text: `${e.type}${fields ? ` ${fields}` : ''}${e.rule ? ` (${e.rule})` : ''}` };
}

/** Rule errors as plain lines (for messages not tied to one field). */
export function errorLines(errors: RuleError[], locale: Locale): { message: string; rule: string }[] {
  return errors.map((e) => ({ message: e.message[locale], rule: e.rule }));
}
