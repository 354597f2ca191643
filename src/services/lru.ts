/** Least-recently-used bookkeeping on a plain Map (insertion order is recency order). */

/** Sets `key` as the most recently used entry; drops the least recently used one beyond `max` entries. */
export function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key); // most recently used last
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
