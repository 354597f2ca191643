/** What the fuzz tests (test/api/fuzz.test.ts) report: clipped counterexamples, and the requests per route. */
import fc from 'fast-check';
export { mulberry32 } from './seeded.ts';

/** Shortens a text for a failure message (generated strings run to 70,000 characters). */
export const clip = (text: string, n = 300): string =>
  text.length > n ? `${text.slice(0, n)}... (${text.length} chars)` : text;

/** Reports a failure with the counterexample clipped, and the seed and path to replay it. */
export function reporter<T>(out: fc.RunDetails<T>): void {
  if (!out.failed) return;
  throw new Error(
    clip(`${fc.defaultReportMessage(out) ?? 'property failed'}`, 1500) +
      `\n${clip(String((out.errorInstance as Error | undefined)?.message ?? ''), 4000)}`,
  );
}

/** Counts sorted by key, as `key:count` words. */
export const countsText = (counts: Iterable<[string | number, number]>): string =>
  [...counts]
    .sort()
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');

/** Requests and their statuses, by route. */
export class RequestTally {
  private readonly byRoute = new Map<string, { requests: number; statuses: Map<number, number> }>();

  /** Counts one answer of a route. */
  count(key: string, status: number): void {
    const entry = this.byRoute.get(key) ?? { requests: 0, statuses: new Map() };
    entry.requests++;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    this.byRoute.set(key, entry);
  }

  /** The lines of the summary: requests in all, statuses in all, then each route's. */
  summary(routes: number, seconds: string, seed: number): string[] {
    const entries = [...this.byRoute.values()];
    const total = entries.reduce((n, e) => n + e.requests, 0);
    const statuses = new Map<number, number>();
    for (const e of entries) for (const [s, n] of e.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
    return [
      `fuzz: ${routes} routes, ${total} requests in ${seconds} s (seed ${seed})`,
      `fuzz: statuses ${countsText(statuses)}`,
      ...[...this.byRoute].map(
        ([route, e]) => `fuzz:   ${route.padEnd(52)} ${String(e.requests).padStart(4)}  ${countsText(e.statuses)}`,
      ),
    ];
  }
}
