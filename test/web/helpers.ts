/** Helpers of the web tests: a cookie jar over app.inject, CSRF tokens read from pages, and game creation. */
import type { FastifyInstance } from 'fastify';

/** Cookies set by responses, sent back on later requests (path scoping ignored: tests use one game). */
export class Jar {
  cookies = new Map<string, string>();
  take(setCookie: string | string[] | undefined): void {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A browser-like client over inject. */
export function client(app: FastifyInstance, headers: Record<string, string> = {}) {
  const jar = new Jar();
  const send = async (method: 'GET' | 'POST', url: string, form?: Record<string, string | string[]>) => {
    const payload = form
      ? new URLSearchParams(
          Object.entries(form).flatMap(([k, v]) => [v].flat().map((x): [string, string] => [k, x])),
        ).toString()
      : undefined;
    const res = await app.inject({
      method,
      url,
      headers: {
        cookie: jar.header(),
        ...(payload !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    jar.take(res.headers['set-cookie']);
    return res;
  };
  return {
    jar,
    get: (url: string) => send('GET', url),
    post: (url: string, form: Record<string, string | string[]>) => send('POST', url, form),
  };
}

/** The CSRF token of the first form of a page. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF token on the page');
  return m[1];
}

/** The player links and the moderator link shown after creating a game in the console. */
export function linksOf(html: string): { seats: Record<string, string>; moderator: string; gameId: string } {
  const seats: Record<string, string> = {};
  for (const m of html.matchAll(/class="player-link" data-side="([^"]+)" href="([^"]+)"/g))
    seats[m[1]] = m[2].replace(/&amp;/g, '&');
  const mod = /class="moderator-link" href="([^"]+)"/.exec(html);
  const gameId = /\/play\/([^?]+)\?/.exec(Object.values(seats)[0] ?? '')?.[1] ?? '';
  return { seats, moderator: (mod?.[1] ?? '').replace(/&amp;/g, '&'), gameId };
}
