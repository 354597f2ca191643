/**
 * The development mail sink: with no SMTP_URL, outbound mail is written as .eml files into MAIL_SINK_DIR (one
 * file per outbox row, written once), and listed at /dev/mail.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Writes one message under a stable name; a second write of the same row is a no-op. */
export async function writeToSink(dir: string, name: string, message: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
  try {
    await stat(file);
    return file; // already delivered: never twice
  } catch {
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, message);
    await rename(tmp, file);
    return file;
  }
}

/** One .eml file of the sink. */
export interface SinkEntry {
  file: string;
  size: number;
  mtime: Date;
  subject: string;
  to: string;
}

function header(raw: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** The newest `limit` files of the sink, newest first, with their To and (decoded) Subject. */
export async function listSink(dir: string, limit = 200): Promise<SinkEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names.map(async (file) => {
      const full = join(dir, file);
      const st = await stat(full);
      const head = (await readFile(full))
        .subarray(0, 16_384)
        .toString('utf8')
        .split(/\r?\n\r?\n/)[0];
      return {
        file,
        size: st.size,
        mtime: st.mtime,
        subject: decodeWords(header(head, 'Subject')),
        to: decodeWords(header(head, 'To')),
      };
    }),
  );
  return entries.sort((a, b) => b.mtime.getTime() - a.mtime.getTime() || (a.file < b.file ? 1 : -1)).slice(0, limit);
}

/** Reads one sink file by its plain name (no paths). */
export async function readSinkFile(dir: string, file: string): Promise<Buffer | null> {
  if (!/^[A-Za-z0-9._-]+\.eml$/.test(file)) return null;
  const full = resolve(dir, file);
  if (!full.startsWith(resolve(dir))) return null;
  try {
    return await readFile(full);
  } catch {
    return null;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= / ?Q?) for display. */
export function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*(?==\?)?/g, (_m, charset: string, enc: string, data: string) => {
    try {
      const buf =
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'binary',
            );
      return new TextDecoder(charset.toLowerCase() === 'utf-8' ? 'utf-8' : charset).decode(buf);
    } catch {
      return data;
    }
  });
}
