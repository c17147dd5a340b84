import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Every row of these tables as text, rows sorted, tables in the order given: two equal answers
 * around a refused request prove it changed nothing.
 */
export async function tablesState(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(db);
    parts.push(
      rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n'),
    );
  }
  return parts.join('\n--\n');
}
