/**
 * Looking up a table's entry with a key that came from outside: a query value (?notice=, ?done=,
 * ?refused=), a header, a stored row, a payment gateway's answer, a setting. `table[key]` and
 * `key in table` also find what every object inherits: `?notice=constructor` read Object's
 * constructor, a function, which crashed the page that rendered it (issue 42). These see the
 * table's own entries only; anything else is `undefined` (or false), as an unknown key is.
 */
export function isKeyOf<T extends object>(table: T, key: unknown): key is keyof T & string {
  return typeof key === 'string' && Object.hasOwn(table, key);
}

/** The table's own entry for `key`, or undefined (for an inherited name, a non-string, an unknown key). */
export function lookup<T extends object>(table: T, key: unknown): T[keyof T] | undefined {
  return isKeyOf(table, key) ? table[key] : undefined;
}
