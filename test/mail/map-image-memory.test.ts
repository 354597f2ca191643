/**
 * The map picture's renderer keeps its memory flat: every resvg object (the parsed tree, the rendered image) is freed
 * after each picture, so a process that delivers the welcome mails of thousands of games does not grow by the size of
 * every picture it drew. Measured on the real renderer thread: two hundred different pictures, the process's RSS
 * after a warm-up against after the run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, test } from 'vitest';
import { MapPictures, pictureFonts } from '../../src/mail/map-image.ts';

const pictures = new MapPictures(pictureFonts());
afterAll(() => pictures.close());

/** A different picture each time: a 600 px map with labels in both scripts and shapes placed by `n`. */
function svgNumber(n: number): string {
  const shapes = Array.from({ length: 20 }, (_, i) => {
    const x = (n * 37 + i * 53) % 560;
    const y = (n * 11 + i * 29) % 360;
    return `<rect x="${x}" y="${y}" width="40" height="30" fill="#${((n * 97 + i * 7919) % 0xffffff).toString(16).padStart(6, '0')}"/><text x="${x}" y="${y + 20}" font-size="12">${n}-${i} 海域</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400"><rect width="600" height="400" fill="#dfeaf2"/>${shapes.join('')}</svg>`;
}

// The JavaScript garbage (each picture's PNG buffer, the test's own strings) is collected before each reading, so
// that what is left is what the renderer keeps: resvg's WebAssembly heap, which never shrinks.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const rssMB = (): number => {
  collectGarbage();
  return process.memoryUsage().rss / 2 ** 20;
};

test('200 different pictures through the real renderer: RSS grows by well under a picture per picture', async () => {
  expect(pictureFonts().length).toBeGreaterThan(0);
  for (let n = 0; n < 20; n++) await pictures.render(svgNumber(n)); // warm-up: the wasm heap reaches its working size
  const before = rssMB();
  for (let n = 20; n < 220; n++) {
    const png = await pictures.render(svgNumber(n));
    expect(png.length).toBeGreaterThan(1000);
  }
  const grown = rssMB() - before;
  // A leaked picture holds its 600x400 RGBA pixels (0.9 MB) and its tree: 200 of them would be about 200 MB.
  console.log(`map pictures: RSS grew ${grown.toFixed(1)} MB over 200 pictures`);
  expect(grown).toBeLessThan(40);
}, 300_000);
