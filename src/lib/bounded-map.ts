// The caches and memories of a running server (prepared statements, query plans, verified keys, report
// statements) are Maps kept to a bound: past it the oldest entry goes first. A Map iterates in insertion
// order, so its first key is the oldest; no library needed for that.

/** Sets `key` in `map`, first dropping the oldest entry when the map already holds `max`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): Map<K, V> {
  if (map.size >= max) map.delete(map.keys().next().value!);
  return map.set(key, value);
}
