/**
 * bench/map-pictures-memory: how much the process grows while the mails' map-picture renderer draws many different
 * pictures (src/mail/map-image.ts, resvg's WebAssembly build in a thread). Every resvg object is freed after each
 * picture; a leak shows as growth of about a picture's pixels per picture. The JavaScript garbage is collected before
 * each reading, so what is left is what the renderer keeps. RSS on a shared machine is noisy: a memory figure, not a
 * test.
 *   npm run bench:map-pictures-memory                      # 20 warm-up pictures, then 200
 *   MAP_PICTURES=600 npm run bench:map-pictures-memory
 * Last line: { pictures, width, height, rssMBBefore, rssMBAfter, grownMB }
 */
import { printFigures } from './report.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MapPictures, pictureFonts } from '../src/mail/map-image.ts';

const WIDTH = 600;
const HEIGHT = 400;
const count = Number(process.env.MAP_PICTURES ?? 200);

/** A different picture each time: labels in both scripts and shapes placed by `n`. */
function svgNumber(n: number): string {
  const shapes = Array.from({ length: 20 }, (_, i) => {
    const x = (n * 37 + i * 53) % (WIDTH - 40);
    const y = (n * 11 + i * 29) % (HEIGHT - 40);
    const fill = ((n * 97 + i * 7919) % 0xffffff).toString(16).padStart(6, '0');
    return `<rect x="${x}" y="${y}" width="40" height="30" fill="#${fill}"/><text x="${x}" y="${y + 20}" font-size="12">${n}-${i} 海域</text>`;
  });
  const frame = `width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${frame}><rect width="${WIDTH}" height="${HEIGHT}" fill="#dfeaf2"/>${shapes.join('')}</svg>`;
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const rssMB = (): number => {
  collectGarbage();
  return process.memoryUsage().rss / 2 ** 20;
};

const pictures = new MapPictures(pictureFonts());
for (let n = 0; n < 20; n++) await pictures.render(svgNumber(n)); // the wasm heap reaches its working size
const before = rssMB();
for (let n = 20; n < 20 + count; n++) await pictures.render(svgNumber(n));
const after = rssMB();
await pictures.close();
const round = (v: number) => Math.round(v * 10) / 10;
console.log(`map pictures: RSS ${round(before)} MB after the warm-up, ${round(after)} MB after ${count} more`);
printFigures({
  pictures: count,
  width: WIDTH,
  height: HEIGHT,
  rssMBBefore: round(before),
  rssMBAfter: round(after),
  grownMB: round(after - before),
});
