import type { Compilable, CompiledQuery } from 'kysely';
import { dialectOf, type DB, type Dialect } from './index.ts';
import { keepPrepared } from './prepared-statements.ts';

/** What stands for argument `index` while the query is built once: a string no caller would pass. */
const standIn = (index: number) => `\u0000hearsay-argument-${index}\u0000`;

/**
 * A query whose SQL never depends on its values, built and compiled once per dialect (so once for every transaction
 * too): each call runs that SQL, on the handle it is given, with the real values in the stand-ins' places. Kysely
 * otherwise builds and compiles the query again on every call, which was a quarter of the CPU of a signed-in album
 * page. Only for fixed shapes: no lists (`in`), no optional conditions, and `build` must use each argument as a value
 * as it is, never look into it (a first run that finds one changed or missing throws): while it is built, every
 * argument is a stand-in string, whatever its type. PostgreSQL keeps each one prepared on every connection that runs
 * it (prepared-statements.ts).
 */
export function precompiled<A extends (string | number | null)[], O>(build: (db: DB, ...args: A) => Compilable<O>) {
  const compiled = new Map<Dialect, { query: CompiledQuery<O>; slots: (number | undefined)[] }>();
  function compile(db: DB, arity: number) {
    const standIns = Array.from({ length: arity }, (_, index) => standIn(index));
    const query = build(db, ...(standIns as A)).compile();
    const slots = query.parameters.map((parameter) => {
      const index = standIns.indexOf(parameter as string);
      if (index === -1 && typeof parameter === 'string' && parameter.includes('\u0000'))
        throw new Error(`precompiled: an argument was changed while building: ${query.sql}`);
      return index === -1 ? undefined : index;
    });
    standIns.forEach((_, index) => {
      if (!slots.includes(index)) throw new Error(`precompiled: argument ${index} is not a value of the query: ${query.sql}`);
    });
    keepPrepared(query.sql);
    return { query, slots };
  }
  return async function run(db: DB, ...args: A): Promise<O[]> {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) compiled.set(dialect, (entry = compile(db, args.length)));
    const { query, slots } = entry;
    const parameters = query.parameters.map((parameter, position) => {
      const slot = slots[position];
      return slot === undefined ? parameter : args[slot];
    });
    const result = await db.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}
