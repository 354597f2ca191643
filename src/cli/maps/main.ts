/**
 * `npm run maps`: writes every game's map on the real theatre (src/games/<id>/data/map.json) from its config
 * (src/games/<id>/data/geography.ts, export `GEOGRAPHY`), and prints each file's size. `--check` writes nothing and
 * fails when a committed file differs from a fresh generation.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeoConfig } from '../../engine/geography.ts';
import { generateMap } from './generate.ts';

const GAMES = fileURLToPath(new URL('../../games/', import.meta.url));

/** The games that have a geography config, with their config file and map file. */
export function mapFiles(): { id: string; config: string; map: string }[] {
  return readdirSync(GAMES)
    .map((id) => ({ id, config: join(GAMES, id, 'data', 'geography.ts'), map: join(GAMES, id, 'data', 'map.json') }))
    .filter((f) => existsSync(f.config))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** A map as the committed file's text: one ring to a line. */
export function mapText(config: GeoConfig): string {
  const map = generateMap(config);
  const ring = (r: readonly (readonly number[])[]) => JSON.stringify(r);
  const lines = [
    '{',
    `  "source": ${JSON.stringify(map.source)},`,
    `  "reconstructed": ${map.reconstructed},`,
    `  "width": ${map.width},`,
    `  "height": ${map.height},`,
    `  "land": [\n${map.land.map((r) => `    ${ring(r)}`).join(',\n')}\n  ],`,
    `  "regions": {${Object.entries(map.regions)
      .map(([id, r]) => {
        const label = r.label ? `, "label": ${JSON.stringify(r.label)}` : '';
        return `\n    ${JSON.stringify(id)}: {"anchor": ${JSON.stringify(r.anchor)}${label}, "outline": ${ring(r.outline)}}`;
      })
      .join(',')}${Object.keys(map.regions).length ? '\n  ' : ''}},`,
    `  "places": ${JSON.stringify(map.places)}${map.hexGrid ? ',' : ''}`,
    ...(map.hexGrid ? [`  "hexGrid": ${JSON.stringify(map.hexGrid)}`] : []),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const f of mapFiles()) {
    const { GEOGRAPHY } = (await import(f.config)) as { GEOGRAPHY: GeoConfig };
    const text = mapText(GEOGRAPHY);
    const old = existsSync(f.map) ? readFileSync(f.map, 'utf8') : '';
    if (check) {
      if (old !== text) stale++;
      console.log(`${f.id}: ${old === text ? 'up to date' : 'differs from a fresh generation'}`);
    } else {
      writeFileSync(f.map, text);
      console.log(`${f.id}: ${f.map} (${Buffer.byteLength(text)} bytes)`);
    }
  }
  if (stale) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
