import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared (queries with `in (…)` lists of many lengths are many). */
const CACHED_STATEMENTS = 500;
/**
 * Statements with more parameters are not kept: bulk statements (`in (…)` lists of hundreds,
 * inserts of hundreds of rows) come in as many texts as lengths, each prepared one holds a
 * program as long as its parameters, and their work dwarfs their preparation. Kept, they made a
 * chat's import grow by some 45 MB from 20,000 to 100,000 lines, its days being of every length.
 */
const CACHED_MAX_PARAMETERS = 64;

/** Whether `sql` has more than `max` `?` placeholders. */
function manyParameters(sql: string, max: number): boolean {
  let count = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', at + 1)) {
    if (++count > max) return true;
  }
  return false;
}

/**
 * The connection as Kysely's SQLite dialect sees it, its statements kept prepared by their
 * text: preparing a statement (compiling it and the triggers it fires) cost more than running
 * it on an import's writes. A statement still being iterated is not shared: a fresh one is
 * prepared. SQLite prepares a kept statement again by itself after a schema change.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last, so that the first is the one to drop.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept && !manyParameters(sql, CACHED_MAX_PARAMETERS)) {
        statements.set(sql, statement);
        if (statements.size > CACHED_STATEMENTS) {
          statements.delete(statements.keys().next().value!);
        }
      }
      return statement;
    },
  };
}
