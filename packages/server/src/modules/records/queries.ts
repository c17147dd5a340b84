import type {
  RecordListQuery,
  RecordListRow,
  RecordRevision,
  SearchGroup,
} from '@kinfolio/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import {
  dayStart,
  listEntryRevisions,
  listPage,
  rankOrder,
  searchPage,
  searchWords,
  snippetIn,
  type SearchSource,
} from '../items/index.js';
import { recordEntity } from './entity.js';
import { presentRecordRows } from './present.js';
import { listOrder, recordsRepository, type RecordFilter } from './repository.js';
import { recordMatches } from './search.js';
import { segmentHits } from './segments/search.js';

/**
 * `GET /api/records`: live records (or the trash), filtered by person, language, owner and
 * recording date, in the order asked; with a search of 3 characters or more, the matches best
 * first, each with its snippet (and the segment the words are in, if any).
 */
export async function listRecords(
  ctx: AppContext,
  query: RecordListQuery,
): Promise<Page<RecordListRow>> {
  const filter: RecordFilter = {
    trash: query.trash,
    lang: query.lang,
    owner: query.owner,
    participant: query.participant,
    dateFrom: dayStart(query.date_from),
    dateBefore: dayStart(query.date_to, 1),
    sort: query.sort === 'relevance' ? undefined : query.sort,
  };
  const repo = recordsRepository(ctx.db);
  const words = searchWords(query.query);
  if (words?.length === 0) return { window: pageWindow(query), total: 0, data: [] };
  if (words) {
    return searchPage(
      query,
      words,
      recordSearch(ctx, words, filter, query.sort !== undefined && query.sort !== 'relevance'),
      recordEntity.snippetColumns,
      repo.byIds,
      async (rows, snippetOf) => {
        const [presented, hits] = await Promise.all([
          presentRecordRows(ctx.db, rows, snippetOf),
          segmentHits(
            ctx,
            rows.map((row) => row.id),
            words,
          ),
        ]);
        return presented.map((row) => {
          const segment = hits.get(row.id);
          return segment ? { ...row, segment } : row;
        });
      },
    );
  }
  return listPage(
    query,
    { count: () => repo.count(filter), rows: (limit, offset) => repo.page(filter, limit, offset) },
    (rows) => presentRecordRows(ctx.db, rows),
  );
}

/**
 * The records of `filter` matching `words`, in rank order (by recording date within a score), or
 * in the filter's list order when `listed`.
 */
function recordSearch(
  ctx: AppContext,
  words: string[],
  filter: RecordFilter,
  listed: boolean,
): SearchSource {
  const matched = recordsRepository(ctx.db)
    .filtered(filter)
    .innerJoin(recordMatches(ctx.dialect, words, filter.trash).as('m'), (join) =>
      join.onRef('m.record_id', '=', 'r.id'),
    );
  return {
    async count() {
      const row = await matched
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async hits(limit, offset) {
      const selected = matched.select('r.id');
      const ordered = listed
        ? listOrder(filter.sort).reduce(
            (query, [expression, direction]) => query.orderBy(expression, direction),
            selected,
          )
        : rankOrder(sql.ref('m.score'), sql.ref('r.registration_date'), sql.ref('r.id')).reduce(
            (query, [expression, direction]) => query.orderBy(expression, direction),
            selected,
          );
      const rows = await ordered.limit(limit).offset(offset).execute();
      return rows.map((row) => row.id);
    },
  };
}

/** A record's revisions, newest first, with the current names of their people. */
export function listRecordRevisions(
  ctx: AppContext,
  id: number,
  query: { page: number; per_page: number },
): Promise<Page<RecordRevision>> {
  return listEntryRevisions<RecordRevision>(ctx, recordEntity, id, query);
}

/** A live record matching a search across the archive (`GET /api/search`). */
export interface RecordSearchHit {
  score: number;
  date: string;
  group: SearchGroup;
}

/**
 * Records' part of `GET /api/search`: how many live records match, and the best `limit` of them
 * as search groups of one version each (the record in its language), with their snippets. When
 * the items' search is of a word too common to rank (`titleScore`), records are scored as items
 * then are: 1 with the words in the title, else 0; newest recording first within a score.
 */
export async function searchRecordGroups(
  ctx: AppContext,
  words: string[],
  limit: number,
  titleScore: boolean,
): Promise<{ total: number; hits: RecordSearchHit[] }> {
  const repo = recordsRepository(ctx.db);
  const matched = repo
    .filtered({ trash: false })
    .innerJoin(recordMatches(ctx.dialect, words, false, titleScore).as('m'), (join) =>
      join.onRef('m.record_id', '=', 'r.id'),
    );
  const [counted, best] = await Promise.all([
    matched.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    matched
      .select(['r.id', 'm.score'])
      .$call((q) =>
        rankOrder(
          sql.ref('m.score'),
          sql`coalesce(r.registration_date, r.created_at)`,
          sql.ref('r.id'),
        ).reduce((query, [expression, direction]) => query.orderBy(expression, direction), q),
      )
      .limit(limit)
      .execute(),
  ]);
  const rows = new Map((await repo.byIds(best.map((b) => b.id))).map((row) => [row.id, row]));
  const segments = await segmentHits(
    ctx,
    best.map((b) => b.id),
    words,
  );
  const hits = best.flatMap((hit): RecordSearchHit[] => {
    const row = rows.get(hit.id);
    if (!row) return [];
    const date = row.registration_date ?? row.created_at;
    const group: SearchGroup = {
      type: 'record',
      original_id: row.id,
      date,
      versions: [
        {
          id: row.id,
          language: row.lang,
          title: row.title || row.number,
          preview: row.preview,
          matched: true,
          snippet: snippetIn(row, recordEntity.snippetColumns, words),
          ...(segments.has(row.id) ? { segment: segments.get(row.id)! } : {}),
        },
      ],
    };
    return [{ score: Number(hit.score), date, group }];
  });
  return { total: Number(counted.n), hits };
}
