/**
 * Time zones picked from a list: every IANA zone this runtime knows (`Intl.supportedValuesOf('timeZone')`, UTC
 * first), and the console reader's own zone, kept in the `pbem_zone` cookie (path `/console`) once chosen.
 */
import type { FastifyRequest } from 'fastify';
import { isTimeZone } from '../i18n/index.ts';

export const ZONE_COOKIE = 'pbem_zone';

/** Every zone a `<select>` offers: UTC, then the runtime's IANA zones in their order. */
export const timeZones: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

/** The zone a value names, if it is one the list offers or the runtime knows; else `fallback`. */
export function zoneOr(value: unknown, fallback = 'UTC'): string {
  return typeof value === 'string' && value.length < 64 && isTimeZone(value) ? value : fallback;
}

/** The console reader's zone: the `pbem_zone` cookie, else UTC. */
export function consoleZoneOf(request: FastifyRequest): string {
  return zoneOr(request.cookies?.[ZONE_COOKIE]);
}

/** Every zone as the `<option>`s of a `<select>`, `selected` marked (zone names are plain ASCII: no escaping). */
const optionsHtml = timeZones.map((z) => `<option>${z}</option>`).join('');

/** The zone list as `<option>`s with `selected` chosen; an unknown value becomes UTC. */
export function zoneOptionsHtml(selected: unknown): string {
  const zone = zoneOr(selected);
  return optionsHtml.replace(`<option>${zone}</option>`, `<option selected>${zone}</option>`);
}
