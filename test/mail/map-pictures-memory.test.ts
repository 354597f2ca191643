/**
 * The mails' map-picture renderer keeps its memory flat (resvg's objects live in the WebAssembly heap, out of the
 * garbage collector's reach, and are freed by hand after each picture) and gives it back when idle. Measured as the
 * thread's memory outside its JavaScript heap, which holds the WebAssembly heap: with the objects kept, it grows by
 * about a picture's pixels per picture (700 × 400 × 4 bytes, about 1 MB); freed, it stays
 * within a few MB of its working size. Process RSS is not used: on a shared machine it varies by tens of MB.
 */
import { afterEach, expect, test } from 'vitest';
import { MapPictures, pictureFonts, pngSize } from '../../src/mail/map-image.ts';

const WIDTH = 700; // 640 and wider: drawn at its own size (a narrower region is drawn at twice its size)
const HEIGHT = 400;
const MB = 2 ** 20;

/** A different picture for each `n`: shapes and labels (both scripts) placed and coloured by `n`. */
function picture(n: number): string {
  const shapes = Array.from({ length: 12 }, (_, i) => {
    const x = (n * 37 + i * 53) % (WIDTH - 40);
    const y = (n * 11 + i * 29) % (HEIGHT - 40);
    const fill = ((n * 97 + i * 7919) % 0xffffff).toString(16).padStart(6, '0');
    return `<rect x="${x}" y="${y}" width="40" height="30" fill="#${fill}"/><text x="${x}" y="${y + 20}" font-size="12">${n}-${i} 海域</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#dfeaf2"/>${shapes.join('')}</svg>`;
}

let pictures: MapPictures | null = null;
afterEach(async () => {
  await pictures?.close();
});

test('300 different pictures leave the renderer within 16 MB of its working size', async () => {
  pictures = new MapPictures(pictureFonts());
  for (let n = 0; n < 10; n++) await pictures.render(picture(n));
  const before = await pictures.heapBytes();
  for (let n = 10; n < 310; n++) {
    const png = await pictures.render(picture(n));
    if (n % 100 === 0) expect(pngSize(png)).toEqual({ width: WIDTH, height: HEIGHT });
  }
  const grown = (await pictures.heapBytes()) - before;
  expect(before).toBeGreaterThan(0);
  expect(grown / MB).toBeLessThan(16);
}, 120_000);

test('the thread stops when idle and starts again for the next picture', async () => {
  pictures = new MapPictures(pictureFonts(), 200);
  expect(pictures.running).toBe(false);
  await pictures.render(picture(1));
  expect(pictures.running).toBe(true);
  await expect.poll(() => pictures?.running, { timeout: 5_000, interval: 50 }).toBe(false);
  expect(pngSize(await pictures.render(picture(2)))).toEqual({ width: WIDTH, height: HEIGHT });
}, 30_000);
