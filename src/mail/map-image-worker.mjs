// The map picture's renderer thread (src/mail/map-image.ts): resvg's WebAssembly build, initialised once, with the
// font files read once into memory. Plain JavaScript, so that it starts the same under any TypeScript loader.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
const fontBuffers = workerData.fontFiles.map((path) => readFileSync(path));

// A region of the map (a picture under 640 units wide) is drawn at twice its size, sharp on a phone's screen.
const fitOf = (svg) => {
  const width = Number(/<svg[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1]);
  return width > 0 && width < 640 ? { mode: 'zoom', value: 2 } : { mode: 'original' };
};

// resvg's objects live in the WebAssembly heap, out of the garbage collector's reach: the parsed tree and the
// rendered image are freed by hand after each picture, or every picture's pixels stay in the heap for good.
parentPort.on('message', ({ id, svg, heap }) => {
  // The thread's memory outside the JavaScript heap, the WebAssembly heap included: what a leak would grow.
  if (heap) return parentPort.postMessage({ id, heapBytes: process.memoryUsage().external });
  let resvg;
  let image;
  try {
    resvg = new Resvg(svg, { fitTo: fitOf(svg), font: { fontBuffers } });
    image = resvg.render();
    const png = image.asPng();
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  } finally {
    image?.free();
    resvg?.free();
  }
});
