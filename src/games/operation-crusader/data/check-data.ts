/** Checks of a data set beyond its shape: unique ids, references, the set-ups (OC-A01, OC-A02). */
import { geographyProblems } from '../../../engine/geography.ts';
import type { OcData } from './schema.ts';

/** Every problem found (empty: usable). */
export function checkData(d: OcData): string[] {
  const problems: string[] = [];
  const places = new Set([...d.areas.map((a) => a.id), ...d.points.map((p) => p.id)]);
  const units = new Set(d.units.map((u) => u.id));
  if (places.size !== d.areas.length + d.points.length) problems.push('area and point ids must be unique');
  if (units.size !== d.units.length) problems.push('unit ids must be unique');
  for (const a of d.areas)
    for (const x of [...a.points, ...a.neighbours]) if (!places.has(x)) problems.push(`area ${a.id}: unknown ${x}`);
  for (const r of d.roads)
    for (const x of [r.from, r.to, ...r.areas])
      if (!places.has(x)) problems.push(`road ${r.from}-${r.to}: unknown ${x}`);
  for (const [u, at] of Object.entries(d.axisSetup))
    if (!units.has(u) || !places.has(at)) problems.push(`axis set-up ${u} at ${at}`);
  for (const [u, at] of Object.entries(d.britishDefaultSetup))
    if (!units.has(u) || !places.has(at)) problems.push(`british set-up ${u} at ${at}`);
  for (const u of d.units)
    if (u.side === 'axis' && !d.axisSetup[u.id]) problems.push(`axis unit ${u.id} has no set-up`);
  for (const x of [d.tobruk, d.bardia, ...d.britishSetupAreas]) if (!places.has(x)) problems.push(`unknown place ${x}`);
  problems.push(...geographyProblems(d.geography, places));
  return problems;
}
