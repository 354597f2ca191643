/**
 * The map picture of a mail: the board's SVG (src/board-view/map-svg.ts) rasterised to PNG with resvg, at delivery
 * time, in a thread of its own, so that neither a step's resolution nor a request waits for it. Gmail and Outlook
 * show no SVG, but they show an inline PNG referenced by `cid:` from the HTML part.
 *
 * resvg's WebAssembly build (@resvg/resvg-wasm, shipped in the npm package) is used with the font files read once
 * into memory: the native build reads a font file again for every text it lays out, which makes a Japanese map cost
 * seconds (a 6 MB Japanese font, ~140 texts). Fonts: MAP_FONT_FILES, or the first of FONT_FILES found under the
 * system's font folders (Debian: fonts-dejavu-core, fonts-ipafont-gothic). Latin text is drawn with the first font;
 * Japanese glyphs are found in the others. Without any font the picture has no text, and a warning says so.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Font files looked for, by name, in this order: Latin regular and bold first, then Japanese. */
export const FONT_FILES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'LiberationSans-Regular.ttf',
  'LiberationSans-Bold.ttf',
  'ipagp.ttf',
  'ipag.ttf',
  'NotoSansCJK-Regular.ttc',
  'NotoSansJP-Regular.otf',
];
const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];

function filesUnder(dir: string, depth = 0): string[] {
  if (depth > 4 || !existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...filesUnder(join(dir, e.name), depth + 1));
    else out.push(join(dir, e.name));
  }
  return out;
}

/** The font files of the pictures: the configured list, or those of FONT_FILES found on this machine. */
export function pictureFonts(configured?: string): string[] {
  if (configured)
    return configured
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  const found = FONT_DIRS.flatMap((d) => filesUnder(d));
  return FONT_FILES.map((name) => found.find((f) => f.endsWith(`/${name}`))).filter((f): f is string => !!f);
}

type Pending = { resolve: (answer: WorkerAnswer) => void; reject: (e: Error) => void };
type WorkerAnswer = { id?: number; png?: Uint8Array; heapBytes?: number; error?: string };

/** How long the thread stays up with nothing to draw before it is stopped (its WebAssembly heap and fonts freed). */
const IDLE_MS = 60_000;

/**
 * Renders SVG documents to PNG in one worker thread, queued in order. The thread starts with the first picture and
 * stops after `idleMs` without one: a process that delivers no mail for a while does not hold its memory.
 */
export class MapPictures {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly fontFiles: string[],
    private readonly idleMs = IDLE_MS,
  ) {}

  private start(): Worker {
    const worker = new Worker(new URL('./map-image-worker.mjs', import.meta.url), {
      workerData: { fontFiles: this.fontFiles },
    });
    worker.on('message', (m: WorkerAnswer) => {
      const p = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id!);
      if (m.error === undefined) p.resolve(m);
      else p.reject(new Error(m.error));
      if (!this.pending.size) this.idle(worker);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`map picture thread stopped (${code})`)));
    return worker;
  }

  /** Lets the process exit while the thread waits, and stops the thread once it has waited `idleMs`. */
  private idle(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && !this.pending.size) void this.close();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private ask(message: { svg?: string; heap?: true }): Promise<WorkerAnswer> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker ??= this.start();
    const id = this.next++;
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, ...message });
    });
  }

  /** The PNG of an SVG document, at its own size. */
  async render(svg: string): Promise<Buffer> {
    if (!this.fontFiles.length)
      throw new Error(
        'no font for the map picture: install fonts-dejavu-core and fonts-ipafont-gothic, or set MAP_FONT_FILES',
      );
    const { png } = await this.ask({ svg });
    if (!png) throw new Error('map picture failed');
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** Whether the thread is running (it starts with a picture and stops when idle). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** The thread's memory outside its JavaScript heap (resvg's WebAssembly heap, the fonts): what a leak grows. */
  async heapBytes(): Promise<number> {
    return (await this.ask({ heap: true })).heapBytes ?? 0;
  }

  /** Stops the thread (it also lets the process exit while idle). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }
}

let shared: MapPictures | null = null;

/** The process's renderer, made on first use with the given (or found) fonts. */
export function mapPictures(configuredFonts?: string): MapPictures {
  shared ??= new MapPictures(pictureFonts(configuredFonts));
  return shared;
}

/** Width and height of a PNG, read from its IHDR chunk; null when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((b, i) => png[i] !== b)) return null;
  if (String.fromCharCode(png[12], png[13], png[14], png[15]) !== 'IHDR') return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
