import {
  ITEM_TYPES,
  type ItemType,
  type PlanningEntry,
  type PlanningUnit,
} from '@kinfolio/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { narrowItems, type ItemNarrowing } from '../items/index.js';

/**
 * What the planning reads: live items of `itemTypes` with a date and, when `records`, live records
 * with a registration date, both narrowed alike. Dates are ISO text (UTC) in both engines, so a
 * bucket is a prefix of it (`substr`, the same on SQLite and PostgreSQL) and a range a text
 * comparison the (type, deleted_at, date, id) and (deleted_at, registration_date, id) indexes serve.
 */
export interface PlanningScope {
  itemTypes: ItemType[];
  records: boolean;
  narrowing: ItemNarrowing;
  /** Only this month-day (`06-12`) of any year. */
  monthDay?: string;
}

/** How many leading characters of an ISO date name its bucket. */
const PREFIX: Record<PlanningUnit, number> = { decade: 3, year: 4, month: 7, day: 10 };

function itemsSide(db: Kysely<Database>, scope: PlanningScope) {
  if (scope.itemTypes.length === 0) return undefined;
  let query = db
    .selectFrom('items as i')
    .where('i.deleted_at', 'is', null)
    .where('i.date', 'is not', null);
  // The whole list is the same as no condition: left out so the planner is free to scan by date.
  if (scope.itemTypes.length < ITEM_TYPES.length)
    query = query.where('i.type', 'in', scope.itemTypes);
  query = narrowItems(query, scope.narrowing);
  if (scope.monthDay) query = query.where(sql`substr(i.date, 6, 5)`, '=', scope.monthDay);
  return query;
}

function recordsSide(db: Kysely<Database>, scope: PlanningScope) {
  if (!scope.records) return undefined;
  const { language, dateFrom, dateBefore, participantIds = [] } = scope.narrowing;
  let query = db
    .selectFrom('records as r')
    .where('r.deleted_at', 'is', null)
    .where('r.registration_date', 'is not', null);
  if (language) query = query.where('r.lang', '=', language);
  if (dateFrom !== undefined) query = query.where('r.registration_date', '>=', dateFrom);
  if (dateBefore !== undefined) query = query.where('r.registration_date', '<', dateBefore);
  for (const id of participantIds) {
    query = query.where('r.id', 'in', (eb) =>
      eb.selectFrom('record_people').select('record_id').where('participant_id', '=', id),
    );
  }
  if (scope.monthDay) {
    query = query.where(sql`substr(r.registration_date, 6, 5)`, '=', scope.monthDay);
  }
  return query;
}

/**
 * Both sides as one derived table `u` of (type, id, date) only: read from the date indexes alone,
 * without the rows' text, so a scan of the whole archive (on this day) stays in the index.
 */
function keys(db: Kysely<Database>, scope: PlanningScope) {
  const items = itemsSide(db, scope)?.select([
    'i.type as type',
    'i.id as id',
    sql<string>`i.date`.as('date'),
  ]);
  const records = recordsSide(db, scope)?.select([
    sql<string>`'record'`.as('type'),
    'r.id as id',
    sql<string>`r.registration_date`.as('date'),
  ]);
  if (items && records) return items.unionAll(records).as('u');
  return (items ?? records)?.as('u');
}

/** Both sides as one derived table `u` with the columns of a planning entry. */
function entries(db: Kysely<Database>, scope: PlanningScope) {
  const items = itemsSide(db, scope)?.select([
    'i.type as type',
    'i.id as id',
    'i.title as title',
    sql<string>`i.date`.as('date'),
    'i.language as language',
    'i.preview as preview',
  ]);
  const records = recordsSide(db, scope)?.select([
    sql<string>`'record'`.as('type'),
    'r.id as id',
    'r.title as title',
    sql<string>`r.registration_date`.as('date'),
    'r.lang as language',
    'r.preview as preview',
  ]);
  if (items && records) return items.unionAll(records).as('u');
  return (items ?? records)?.as('u');
}

const toEntry = (row: {
  type: string;
  id: number;
  title: string;
  date: string;
  language: string;
  preview: string;
}): PlanningEntry => ({ ...row, id: Number(row.id), type: row.type as PlanningEntry['type'] });

export function planningRepository(db: Kysely<Database>) {
  return {
    /** Counts per (bucket, kind), oldest bucket first: one GROUP BY over both sides. */
    async buckets(scope: PlanningScope, unit: PlanningUnit) {
      const length = sql.lit(PREFIX[unit]);
      const items = itemsSide(db, scope)?.select([
        sql<string>`substr(i.date, 1, ${length})`.as('b'),
        'i.type as k',
      ]);
      const records = recordsSide(db, scope)?.select([
        sql<string>`substr(r.registration_date, 1, ${length})`.as('b'),
        sql<string>`'record'`.as('k'),
      ]);
      const source = items && records ? items.unionAll(records) : (items ?? records);
      if (!source) return [];
      const rows = await db
        .selectFrom(source.as('u'))
        .select(['u.b', 'u.k', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['u.b', 'u.k'])
        .orderBy('u.b')
        .execute();
      return rows.map((row) => ({ bucket: row.b, kind: row.k, count: Number(row.n) }));
    },

    async count(scope: PlanningScope): Promise<number> {
      const source = keys(db, scope);
      if (!source) return 0;
      const row = await db
        .selectFrom(source)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page in time order (kind, then id, break ties). */
    async page(scope: PlanningScope, limit: number, offset: number): Promise<PlanningEntry[]> {
      const source = entries(db, scope);
      if (!source) return [];
      const rows = await db
        .selectFrom(source)
        .selectAll()
        .orderBy('u.date')
        .orderBy('u.type')
        .orderBy('u.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toEntry);
    },

    /** Counts per year, newest first, at most `years` of them. */
    async years(scope: PlanningScope, years: number) {
      const source = keys(db, scope);
      if (!source) return [];
      const rows = await db
        .selectFrom(source)
        .select([
          sql<string>`substr(u.date, 1, 4)`.as('y'),
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .groupBy(sql`substr(u.date, 1, 4)`)
        .orderBy(sql`substr(u.date, 1, 4)`, 'desc')
        .limit(years)
        .execute();
      return rows.map((row) => ({ year: row.y, count: Number(row.n) }));
    },

    /**
     * The first `perYear` entries of each year from `fromYear` on, in time order: ranked on the
     * keys, then only those rows read.
     */
    async firstOfYears(
      scope: PlanningScope,
      fromYear: string,
      perYear: number,
    ): Promise<PlanningEntry[]> {
      const source = keys(db, scope);
      if (!source) return [];
      const ranked = db
        .selectFrom(source)
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by substr(u.date, 1, 4) order by u.date, u.type, u.id)`.as(
            'rn',
          ),
        )
        .where(sql`substr(u.date, 1, 4)`, '>=', fromYear)
        .as('w');
      const chosen = await db
        .selectFrom(ranked)
        .select(['w.type', 'w.id'])
        .where('w.rn', '<=', perYear)
        .execute();
      const itemIds = chosen.filter((row) => row.type !== 'record').map((row) => Number(row.id));
      const recordIds = chosen.filter((row) => row.type === 'record').map((row) => Number(row.id));
      const [items, records] = await Promise.all([
        itemIds.length
          ? db
              .selectFrom('items as i')
              .select([
                'i.type as type',
                'i.id as id',
                'i.title as title',
                sql<string>`i.date`.as('date'),
                'i.language as language',
                'i.preview as preview',
              ])
              .where('i.id', 'in', itemIds)
              .execute()
          : [],
        recordIds.length
          ? db
              .selectFrom('records as r')
              .select([
                sql<string>`'record'`.as('type'),
                'r.id as id',
                'r.title as title',
                sql<string>`r.registration_date`.as('date'),
                'r.lang as language',
                'r.preview as preview',
              ])
              .where('r.id', 'in', recordIds)
              .execute()
          : [],
      ]);
      return [...items, ...records]
        .map(toEntry)
        .sort(
          (a, b) => a.date.localeCompare(b.date) || a.type.localeCompare(b.type) || a.id - b.id,
        );
    },
  };
}
