/**
 * A progress bar on stderr for long runs: on a terminal it appears once a run has taken a few seconds (a short run
 * prints nothing) and is cleared at the end, so stdout stays the result alone; `force` shows it from the start
 * whatever the stream is (a file or a pipe then gets one line per update, and the last one stays).
 */

/** Where the bar is written: process.stderr, or anything with the same members. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressOptions {
  stream: ProgressStream;
  total: number;
  /** What is counted (`games`). */
  unit: string;
  force?: boolean;
  /** How long a run goes before a terminal shows the bar, in milliseconds. */
  delayMs?: number;
  /** Least time between two updates, in milliseconds. */
  intervalMs?: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

/** A progress bar: `update` with the count done so far, `finish` at the end. */
export interface Progress {
  update(done: number): void;
  finish(): void;
}

const BAR = 24;

/** `m:ss` of a number of seconds. */
function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** One line of the bar: `[#####-----]  45%  4500/10000 games  1234/s  ETA 0:04`. */
export function progressLine(done: number, total: number, unit: string, elapsedMs: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * BAR);
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const eta = rate > 0 ? clock((total - done) / rate) : '?';
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}]`;
  return `${bar} ${percent}  ${done}/${total} ${unit}  ${Math.round(rate)}/s  ETA ${eta}`;
}

/** A progress bar on `stream` (see the module comment for when it shows). */
export function createProgress(opts: ProgressOptions): Progress {
  const now = opts.now ?? (() => performance.now());
  const tty = !!opts.stream.isTTY;
  const enabled = tty || !!opts.force;
  const delay = opts.force ? 0 : (opts.delayMs ?? 3000);
  const interval = opts.intervalMs ?? (tty ? 100 : 1000);
  const started = now();
  let shownAt: number | null = null;
  let last = 0;
  const draw = (done: number, t: number) => {
    const line = progressLine(done, opts.total, opts.unit, t - started);
    opts.stream.write(tty ? `\r${line.slice(0, Math.max(20, (opts.stream.columns ?? 80) - 1))}\x1b[K` : `${line}\n`);
    shownAt = t;
    last = done;
  };
  return {
    update(done) {
      if (!enabled) return;
      const t = now();
      if (t - started < delay) return;
      if (shownAt !== null && t - shownAt < interval && done < opts.total) return;
      draw(done, t);
    },
    finish() {
      if (shownAt === null) return;
      if (tty) opts.stream.write('\r\x1b[K');
      else if (last < opts.total) draw(opts.total, now());
    },
  };
}
