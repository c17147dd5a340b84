import type {
  RecordEntity,
  RecordListQuery,
  RecordListRow,
  RecordRevision,
  SearchGroup,
} from '@kinfolio/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import { escapeHtml, listEntryRevisions, searchWords, snippet } from '../items/index.js';
import { recordEntity } from './entity.js';
import { presentRecord, presentRecordRows } from './present.js';
import { recordsRepository, type RecordFilter, type RecordRow } from './repository.js';
import { recordMatches } from './search.js';

/** Around the first match in the transcript, else the summary, the info, the title; escaped. */
function snippetOf(row: RecordRow, words: string[]): string {
  return (
    snippet(row.rawtranscription, words) ||
    snippet(row.summary, words) ||
    snippet(row.info, words) ||
    snippet(row.title, words) ||
    escapeHtml(row.preview)
  );
}

/**
 * `GET /api/records`: live records (or the trash), filtered by person, language and owner;
 * with a search of 3 characters or more, the matches best first, each with its snippet.
 */
export async function listRecords(
  ctx: AppContext,
  query: RecordListQuery,
): Promise<Page<RecordListRow>> {
  const window = pageWindow(query);
  const filter: RecordFilter = {
    trash: query.trash,
    lang: query.lang,
    owner: query.owner,
    participant: query.participant,
  };
  const repo = recordsRepository(ctx.db);
  const words = searchWords(query.query);
  if (words) {
    if (words.length === 0) return { window, total: 0, data: [] };
    const matches = recordMatches(ctx.dialect, words, query.trash);
    const matched = repo
      .filtered(filter)
      .innerJoin(matches.as('m'), (join) => join.onRef('m.record_id', '=', 'r.id'));
    const [counted, hits] = await Promise.all([
      matched.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      matched
        .select(['r.id', 'm.score'])
        .orderBy('m.score', 'desc')
        .orderBy(sql`case when r.registration_date is null then 1 else 0 end`)
        .orderBy('r.registration_date', 'desc')
        .orderBy('r.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    ]);
    const byId = new Map((await repo.byIds(hits.map((h) => h.id))).map((row) => [row.id, row]));
    const rows = hits.flatMap((hit) => (byId.has(hit.id) ? [byId.get(hit.id)!] : []));
    const data = await presentRecordRows(ctx.db, rows, (row) => snippetOf(row, words));
    return { window, total: Number(counted.n), data };
  }
  const [total, rows] = await Promise.all([
    repo.count(filter),
    repo.page(filter, window.limit, window.offset),
  ]);
  return { window, total, data: await presentRecordRows(ctx.db, rows) };
}

/** One record, in the trash or not. */
export async function findRecord(ctx: AppContext, id: number): Promise<RecordEntity> {
  const row = await recordsRepository(ctx.db).find(id);
  if (!row) throw notFound();
  return presentRecord(ctx.db, row);
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
      .orderBy('m.score', 'desc')
      .orderBy(sql`coalesce(r.registration_date, r.created_at)`, 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const rows = new Map((await repo.byIds(best.map((b) => b.id))).map((row) => [row.id, row]));
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
          snippet: snippetOf(row, words),
        },
      ],
    };
    return [{ score: Number(hit.score), date, group }];
  });
  return { total: Number(counted.n), hits };
}
