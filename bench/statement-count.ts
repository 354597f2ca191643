/**
 * Counts the statements every pg client of this process sends (Prisma's adapter included: it runs on pg.Client),
 * BEGIN and COMMIT among them, so a bench can report statements per item without pg_stat_statements.
 * Also reads the CPU of this process and of the Postgres backends serving a database (when Postgres runs on this
 * machine: /proc/<pid>/stat), so CPU per item can be reported on a loaded machine where wall time says little.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const counts = new Map<string, number>();
/** Named counts of the queries whose text matches a pattern: [round trips, statements]. */
const matching: { name: string; pattern: RegExp; calls: number; statements: number }[] = [];
let statementsInAll = 0;

/** Also counts, under `name`, the queries whose text matches `pattern` (see {@link matchingCounts}). */
export function countMatching(name: string, pattern: RegExp): void {
  matching.push({ name, pattern, calls: 0, statements: 0 });
}

/** The named counts: round trips (queries sent) and statements (a batched `BEGIN; ...; COMMIT` text counts each). */
export function matchingCounts(): Record<string, { calls: number; statements: number }> {
  return Object.fromEntries(matching.map((m) => [m.name, { calls: m.calls, statements: m.statements }]));
}

/** Statements sent so far, a batched text counting each of its statements (round trips: statementCounts().total). */
export const statementsSent = (): number => statementsInAll;
/** With BENCH_STATEMENTS=1: every distinct statement text and its count, printed to stderr at exit. */
const texts = process.env.BENCH_STATEMENTS ? new Map<string, number>() : null;
if (texts)
  process.on('exit', () => {
    for (const [t, n] of [...texts].sort((a, b) => b[1] - a[1]))
      process.stderr.write(`${n}\t${t.replace(/\s+/g, ' ').slice(0, 400)}\n`);
  });
let total = 0;

const original = pg.Client.prototype.query as (...args: any[]) => any;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: any[]) {
  const first = args[0];
  const text: string = typeof first === 'string' ? first : (first?.text ?? '');
  // The first word, from the text's start only (a round trip's text may hold hundreds of kB of literals).
  const kind = /^\s*(\S+)/.exec(text.slice(0, 64))?.[1]?.toUpperCase() ?? '?';
  total++;
  // A text of several statements (simple protocol: `BEGIN; EXECUTE ...; COMMIT`) is one round trip, several statements.
  const inText = text.includes(';') ? text.split(/;\s*(?=[A-Za-z])/).filter((s) => s.trim()).length : 1;
  statementsInAll += inText;
  for (const m of matching)
    if (m.pattern.test(text)) {
      m.calls++;
      m.statements += inText;
    }
  if (texts) texts.set(text, (texts.get(text) ?? 0) + 1);
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

/** Statements sent so far: the total and by first word (SELECT, INSERT, BEGIN, ...). */
export function statementCounts(): { total: number; byKind: Record<string, number> } {
  return { total, byKind: Object.fromEntries(counts) };
}

/** The difference of two counts, divided by `per` (statements per item). */
export function statementsPer(
  before: ReturnType<typeof statementCounts>,
  after: ReturnType<typeof statementCounts>,
  per: number,
): { total: number; byKind: Record<string, number> } {
  const byKind: Record<string, number> = {};
  for (const [k, v] of Object.entries(after.byKind)) {
    const d = v - (before.byKind[k] ?? 0);
    if (d) byKind[k] = +(d / per).toFixed(2);
  }
  return { total: +((after.total - before.total) / per).toFixed(2), byKind };
}

/** CPU seconds (user + system) of a process from /proc, or 0 when it cannot be read. */
export function cpuSecondsOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of this process. */
export function ownCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** CPU seconds of the Postgres backends connected to database `name` (0 when Postgres is not on this machine). */
export async function backendCpuSeconds(serverUrl: string, name: string): Promise<number> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    return rows.reduce((sum, r) => sum + cpuSecondsOf(r.pid), 0);
  } finally {
    await c.end();
  }
}
