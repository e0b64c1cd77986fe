import type { Executor } from '../db/database';

/**
 * A named prepared statement built once per database handle (the pool or PGlite client) and reused:
 * building a drizzle query costs more CPU than running it on the hot paths. A transaction gets its
 * own statement object each time (it is short-lived), the database keeps one.
 */
export function preparedPerDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const cache = new WeakMap<object, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) cache.set(db, (statement = build(db)));
    return statement;
  };
}
