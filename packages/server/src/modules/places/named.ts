import { searchFold, type NamedPlace, type PlaceListQuery } from '@kinfolio/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import { presentPlace } from './repository.js';

type Db = Kysely<Database>;

/** `%` and `_` match themselves in a LIKE pattern escaped with `\`. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Named places some live item or record is at, by name (folded: accents and case ignored), with
 * `query` those whose name contains it; each with how many live entries use it. Places known only
 * by a position (a photo's GPS) are not listed: there is no name to offer.
 */
export async function namedPlaces(db: Db, query: PlaceListQuery): Promise<Page<NamedPlace>> {
  const window = pageWindow(query);
  const key = searchFold(query.query.trim());
  const used = (table: 'items' | 'records') =>
    sql<number>`(select count(*) from ${sql.table(table)} e
      where e.place_id = p.id and e.deleted_at is null)`;
  const base = db
    .selectFrom('places as p')
    .where('p.name', '<>', '')
    .$if(key !== '', (q) =>
      q.where(sql<boolean>`p.name_folded like ${`%${escapeLike(key)}%`} escape '\\'`),
    )
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('items as e')
            .select('e.id')
            .whereRef('e.place_id', '=', 'p.id')
            .where('e.deleted_at', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('records as e')
            .select('e.id')
            .whereRef('e.place_id', '=', 'p.id')
            .where('e.deleted_at', 'is', null),
        ),
      ]),
    );
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('p')
      .select([used('items').as('items_count'), used('records').as('records_count')])
      .orderBy('p.name_folded')
      .orderBy('p.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    window,
    total: Number(total.n),
    data: rows.map(({ items_count, records_count, ...row }) => ({
      id: row.id,
      ...presentPlace(row)!,
      count: Number(items_count) + Number(records_count),
    })),
  };
}
