/**
 * A value as a `jsonb` column gives it back, so that a row the service writes and keeps using (instead of reading it
 * back) holds exactly what a read would have given: JSON's reading of the value (undefined fields dropped, dates as
 * text, non-finite numbers as null), with each object's keys in jsonb's order. Postgres stores an object's keys
 * sorted, shorter keys first and keys of one length by their bytes (the jsonb documentation: "jsonb does not
 * preserve the order of object keys"), and reads them back in that order.
 */
export function asStoredJsonb(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : reorder(JSON.parse(text));
}

/** Objects' keys in jsonb's order, recursively (the value is what JSON.parse gives). */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort(jsonbKeyOrder)) out[key] = reorder(source[key]);
  return out;
}

/** jsonb's order of two keys: by length in UTF-8 bytes, then byte by byte. */
function jsonbKeyOrder(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}
