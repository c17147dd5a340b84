import {
  PostgresAdapter,
  sql,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key in either dialect. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * PostgreSQL: AFTER statement triggers on `items` named `<prefix>_<op>`, one per operation, each
 * running its statements over the transition tables `new_items` and `old_items` (so that a bulk
 * write runs them once, not once per row).
 */
export async function createItemStatementTriggers(
  db: Kysely<unknown>,
  prefix: string,
  bodies: Record<'insert' | 'update' | 'delete', RawBuilder<unknown>[]>,
): Promise<void> {
  const transitions = {
    insert: 'new table as new_items',
    update: 'old table as old_items new table as new_items',
    delete: 'old table as old_items',
  };
  for (const [op, body] of Object.entries(bodies) as [
    keyof typeof transitions,
    RawBuilder<unknown>[],
  ][]) {
    const name = `${prefix}_${op}`;
    await createTriggerFunction(db, name, body, 'null');
    await sql`
      create trigger ${sql.raw(name)} after ${sql.raw(op)} on items
      referencing ${sql.raw(transitions[op])}
      for each statement execute function ${sql.raw(name)}()
    `.execute(db);
  }
}

/** PostgreSQL: a plpgsql trigger function `name` running `body`'s statements, returning `returns`. */
export async function createTriggerFunction(
  db: Kysely<unknown>,
  name: string,
  body: RawBuilder<unknown>[],
  returns: 'old' | 'null',
): Promise<void> {
  await sql`
    create function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
      ${sql.join(
        body.map((statement) => sql`${statement};`),
        sql`\n`,
      )}
      return ${sql.raw(returns)};
    end $$
  `.execute(db);
}
