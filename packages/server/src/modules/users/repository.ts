import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
type Executor = Kysely<Database> | Transaction<Database>;
export type NewUser = Insertable<UsersTable>;
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;

export function usersRepository(db: Executor) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('email', '=', email);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    listAll(): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().orderBy('name').orderBy('id').execute();
    },
    listNames(): Promise<{ id: number; name: string; picture: string | null }[]> {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'picture'])
        .where('active', '=', 1)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Active admins other than `exceptId`; permissions are a JSON array of quoted names. */
    async countOtherActiveAdmins(exceptId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '!=', exceptId)
        .where('active', '=', 1)
        .where('permissions', 'like', '%"admin"%')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * Locks the admins' rows until the transaction ends (PostgreSQL only: SQLite has no row locks
     * and serialises write transactions), so two racing demotions cannot both see another admin.
     */
    async lockAdmins(): Promise<void> {
      await db
        .selectFrom('users')
        .select('id')
        .where('permissions', 'like', '%"admin"%')
        .forUpdate()
        .execute();
    },
    async insert(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    async update(id: number, changes: UserChanges): Promise<UserRow> {
      return db
        .updateTable('users')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
