/**
 * The name table of Operation Crusader (src/engine/names.ts): each unit with its counter label ("7 Armd", "7機甲")
 * and full name ("7th Armoured Brigade", "第7機甲旅団"), each point and area with its name; the counters, the order
 * text and its echo, the mails and the pages all use it. Aliases are the other spellings players write.
 */
import type { NameEntry, NameTable } from '../../../engine/names.ts';
import type { OcData } from './schema.ts';

/** Spellings players write for a unit besides its id, labels and names (OC 2.3 counters). */
const UNIT_ALIASES: Record<string, readonly string[]> = {
  '21pz': ['21 Panzer', '21st Panzer', '21 Pz Div', '21装甲師団'],
  '15pz': ['15 Panzer', '15th Panzer', '15 Pz Div', '15装甲師団'],
  '90le': ['90 Light', '90th Light', '90 Lt', '90軽師団'],
  '7arm': ['7 Armoured', '7th Armoured', '7 Armd Bde', '7機甲旅団'],
  '22arm': ['22 Armoured', '22nd Armoured', '22 Armd Bde', '22機甲旅団'],
  '4arm': ['4 Armoured', '4th Armoured', '4 Armd Bde', '4機甲旅団'],
  '7sg': ['7th Support', '7 Support Group'],
  '1sa': ['1st South African', '1 SA Div', '南ア1師'],
  '2sa': ['2nd South African', '2 SA Div', '南ア2師'],
  '22gds': ['22nd Guards', '22 Guards', 'Guards'],
  nz: ['NZ', '2nd New Zealand', 'New Zealand', 'NZ Div', 'ニュージーランド', 'NZ2'],
  '4ind': ['4th Indian', '4 Indian', 'インド4'],
  '1atb': ['1st Army Tank', '1 Army Tank'],
  '32atb': ['32nd Army Tank', '32 Army Tank'],
  '70div': ['70th Division', '70 Division', '70th Infantry'],
  polish: ['Polish', 'Polish Brigade', 'Carpathian', 'ポーランド'],
};

/** Spellings players write for a point besides its id and names. */
const POINT_ALIASES: Record<string, readonly string[]> = {
  'west-coast': ['Via Balbia', 'バルビア街道'],
  'west-trigh': ['Trigh el Abd', 'トリグ・エル・アブド'],
  'east-coast': ['Coast road', '海岸道路'],
  'south-track': ['Giarabub track', 'Track to Giarabub', 'ジャラブブ道'],
  halfaya: ['Halfaya', 'ハルファヤ'],
  capuzzo: ['Capuzzo', 'カプッツォ'],
  maddalena: ['Maddalena', 'マッダレーナ'],
};

/** The name table of a data set: units, points, areas (an area's label is its number). */
export function ocNames(data: OcData): NameTable {
  const units: NameEntry[] = data.units.map((u) => ({
    id: u.id,
    kind: 'unit',
    label: u.short,
    name: u.name,
    aliases: UNIT_ALIASES[u.id] ?? [],
  }));
  const points: NameEntry[] = data.points.map((p) => ({
    id: p.id,
    kind: 'point',
    label: p.name,
    name: p.name,
    aliases: POINT_ALIASES[p.id] ?? [],
  }));
  const areas: NameEntry[] = data.areas.map((a) => {
    const n = String(Number(a.id));
    return {
      id: a.id,
      kind: 'area',
      label: { en: a.id, ja: a.id },
      name: a.name,
      aliases: [n, `area${a.id}`, `area${n}`, `エリア${a.id}`, `エリア${n}`],
    };
  });
  return [...units, ...points, ...areas];
}
