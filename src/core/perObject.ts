// A view of an object made once and kept while the object lives: a dev rebuild's model keeps every unchanged
// service as the very object of the rebuild before, so the views pages take of it are the same objects too,
// and comparing a page with the last one's (build/treeKeys.ts sameKeyJson) does not walk them again.

/** `make` called once per object; the same result for the same object after. */
export function perObject<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}
