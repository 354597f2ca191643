/**
 * The map picture of a mail: the board's SVG (src/web/map-svg.ts) rasterised to PNG with resvg (its binary ships in
 * the npm package), at delivery time and off the event loop, so that neither a step's resolution nor a request waits
 * for it. Gmail and Outlook show no SVG, but they show an inline PNG referenced by `cid:` from the HTML part.
 *
 * Fonts: resvg reads the system's fonts. The SVG names a list of families for browsers; resvg would try each for
 * every text, then fall back glyph by glyph, which costs seconds for a Japanese map. So the picture is drawn with one
 * family that has every glyph it needs: a Japanese font (Debian: fonts-ipafont-gothic) when the map holds Japanese
 * text, else DejaVu Sans. A missing family falls back to whatever the system has.
 */
import { renderAsync } from '@resvg/resvg-js';

const LATIN = 'DejaVu Sans';
const JAPANESE = 'IPAPGothic';
/** Kana, CJK ideographs and full-width forms. */
const JAPANESE_TEXT = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** The family a map is drawn with. */
export function pictureFont(svg: string): string {
  return JAPANESE_TEXT.test(svg) ? JAPANESE : LATIN;
}

/** Renders one of our map SVGs (family on the root element) to PNG bytes. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const family = pictureFont(svg);
  const one = svg.replace(/font-family="[^"]*"/, `font-family="${family}"`);
  const image = await renderAsync(one, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: family, sansSerifFamily: family },
    logLevel: 'off',
  });
  return image.asPng();
}

/** Width and height of a PNG, read from its IHDR chunk; null when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((b, i) => png[i] !== b)) return null;
  if (String.fromCharCode(png[12], png[13], png[14], png[15]) !== 'IHDR') return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
