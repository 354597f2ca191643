/**
 * New candidate orders from good ones: the computer player treats orders as what they are in every game here, a
 * JSON object whose fields (and the entries of fields that are records: a placement per unit, targets per ship) are
 * separate parts of the decision. A graft copies one such part from another legal draw into the best candidate so
 * far, a local step that random draws alone would rarely take; the engine's `validate` then keeps or refuses it.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The parts of orders: each field, or each entry of a field that is a record. */
function partsOf(orders: Record<string, unknown>): [string, string | null][] {
  const parts: [string, string | null][] = [];
  for (const [key, value] of Object.entries(orders)) {
    if (isRecord(value) && Object.keys(value).length) for (const sub of Object.keys(value)) parts.push([key, sub]);
    else parts.push([key, null]);
  }
  return parts;
}

/**
 * `base` with one part (picked with `rand`) taken from `donor`, or null when they are not objects or the graft
 * would change nothing.
 */
export function graft(base: unknown, donor: unknown, rand: () => number): unknown {
  if (!isRecord(base) || !isRecord(donor)) return null;
  const parts = partsOf(donor);
  if (!parts.length) return null;
  const [key, sub] = parts[Math.floor(rand() * parts.length)];
  const out: Record<string, unknown> = { ...base };
  if (sub === null) out[key] = donor[key];
  else out[key] = { ...(isRecord(base[key]) ? base[key] : {}), [sub]: (donor[key] as Record<string, unknown>)[sub] };
  return out;
}
