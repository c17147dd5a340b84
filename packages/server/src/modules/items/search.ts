import { LIMITS, type ItemType } from '@kinfolio/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { pageByRank, rankOrder, rankOrderSql } from './listing.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** FTS5 strings in double quotes are literal; the trailing * makes the last one a prefix. */
function ftsTerms(terms: string[]): string {
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** Rows of a full-text match: the matching item ids with a relevance score (higher is better). */
export interface MatchRow {
  item_id: number;
  score: number;
}

const CAP = LIMITS.searchMatchesMax;

/** Every term, the last one as a prefix. */
function tsExpression(terms: string[]): string {
  return terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
}

const tsQuery = (terms: string[]) =>
  sql`to_tsquery('simple'::regconfig, kinfolio_unaccent(${tsExpression(terms)}))`;

/**
 * PostgreSQL: the planner's estimate of the live items matching `terms`, close for a common word
 * (2,503 for the 2,561 matches of `embr:*` at 100,000 items, 25,511 for the 22,553 of `the:*`),
 * often far too high for a rarer prefix (3,688 for 273); 1 ms.
 */
async function plannedMatches(db: Executor, terms: string[]): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`
    explain (format json)
    select 1 from item_search where search_vector @@ ${tsQuery(terms)}
  `.execute(db);
  return Number(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * PostgreSQL: the `CAP` newest live items matching `terms` with an id above `above`, each with its
 * score, and how many match there. The GIN index of `item_search` (migration 0029) gives the
 * matches of the id ranges above `above` only, each then a narrow row read, and sorted by
 * `id + 0`: ordered by `id`, PostgreSQL would walk the primary key backwards reading every row's
 * tsvector until it had enough, far longer for a rarer word. A word with more matches than the
 * bound is common: its score is then 1 with the words in the title, else 0 (the relevance of so
 * many needs the word's frequency over the whole archive, a walk of every match).
 */
function pgCandidatesAbove(terms: string[], above: number | undefined) {
  return sql<CandidateRow & { matches: number }>`
    select c.id as item_id, coalesce(c.parent_id, c.id) as family_id, c.date, c.matches,
      case when c.matches > ${CAP} then ${pgScore(terms, true)} else ${pgScore(terms, false)} end
        as score
    from (
      select id, parent_id, date, title_vector, search_vector, count(*) over () as matches
      from item_search
      where search_vector @@ ${tsQuery(terms)}
        ${above === undefined ? sql`` : sql`and id > ${above}`}
      order by id + 0 desc limit ${CAP}
    ) c
  `;
}

/**
 * PostgreSQL: the newest live items matching `terms` with an id above `above`, up to one past the
 * bound, scored as a common word's, for a walk of the primary key (WALK).
 */
function pgWalkedCandidates(terms: string[], above: number) {
  return sql<CandidateRow>`
    select id as item_id, coalesce(parent_id, id) as family_id, date,
      ${pgScore(terms, true)} as score
    from item_search
    where search_vector @@ ${tsQuery(terms)} and id > ${above}
    order by id desc limit ${CAP + 1}
  `;
}

/** A live item matching a search over every type, with its score and what families group by. */
export interface CandidateRow extends MatchRow {
  /** The original's id: the item's own, or its parent's for a translation. */
  family_id: number;
  date: string | null;
}

/**
 * The live items of every type matching `terms` (all of them, the last one as a prefix), case-
 * and accent-insensitively, each with a relevance score, for `/api/search`. Only the
 * `LIMITS.searchMatchesMax` most recently added matches are candidates (a common word matches a
 * good part of the archive, and scoring all of it took seconds); relevance is computed for those
 * only, and for a `common` word (more matches than that) it is 1 with the words in the title,
 * else 0 (see pgCandidatesAbove). Computed once per request: the total and the page are both read from
 * these rows, where counting and paging each in SQL ran the whole search again (twice the time).
 * `terms` are letters and digits only (see searchTerms), and are passed as parameters besides.
 */
export async function allTypesCandidates(
  db: Executor,
  dialect: Dialect,
  terms: string[],
): Promise<{ common: boolean; rows: CandidateRow[] }> {
  if (dialect === 'postgres') {
    const found = (rows: (CandidateRow & { matches: number })[]) => ({
      common: Number(rows[0]?.matches ?? 0) > CAP,
      rows: rows.map(({ matches: _, ...row }) => ({ ...row, score: Number(row.score) })),
    });
    // A common word's newest matches are among the newest ids where its share of the archive gives
    // half as many again as the bound: only those rows are read (the id ranges below are pruned
    // before any read, migration 0029), not every match (a fifth of the archive for `the`:
    // 250 ms at 100,000 items, against 15). The share is first the planner's, then the one found
    // among those ids (14,442 estimated for the 8,698 matches of `reve:*`); too few matches for
    // the bound there, every match. From the index: with its estimate, PostgreSQL would read the
    // whole table (390 ms).
    const candidates = (above: number | undefined) =>
      withPlan(db, BITMAP, (trx) => pgCandidatesAbove(terms, above).execute(trx)).then((r) =>
        found(r.rows),
      );
    const { newest } = await db
      .selectFrom('item_search')
      .select((eb) => eb.fn.max('id').as('newest'))
      .executeTakeFirstOrThrow();
    const ids = Number(newest);
    /** Matches per id, from the newest one back. */
    let density = (await plannedMatches(db, terms)) / ids;
    if (density * ids > CAP && walkBeatsIndex(density, ids)) {
      // Through twice the ids the estimate calls for: a bounded walk even when it was far off.
      const span = Math.ceil((2 * (CAP + 1)) / density);
      const { rows } = await withPlan(db, WALK, (trx) =>
        pgWalkedCandidates(terms, ids - span).execute(trx),
      );
      if (rows.length > CAP) {
        const candidates = rows.slice(0, CAP);
        return {
          common: true,
          rows: candidates.map((row) => ({ ...row, score: Number(row.score) })),
        };
      }
      density = rows.length / Math.min(span, ids);
    }
    for (let attempt = 0; attempt < 2 && density * ids > CAP; attempt++) {
      const window = Math.ceil((1.5 * (CAP + 1)) / density);
      if (window >= ids) break;
      const windowed = await candidates(ids - window);
      if (windowed.common) return windowed;
      density = windowed.rows.length / window;
    }
    return candidates(undefined);
  }
  // The newest matches, one past the bound to tell a common word: FTS5 walks the match backwards
  // by rowid and stops there.
  const { rows: newest } = await sql<{ id: number }>`
    select rowid as id from items_fts where items_fts match ${`kind : "live" AND ${ftsText(terms)}`}
    order by rowid desc limit ${CAP + 1}
  `.execute(db);
  const common = newest.length > CAP;
  const ids = newest.slice(0, CAP).map((row) => Number(row.id));
  if (ids.length === 0) return { common, rows: [] };
  const oldest = ids[ids.length - 1]!;
  // Title hits (common) or the bm25 score of the text alone (see ftsCandidates) of the matches
  // from the oldest candidate on; those that are not candidates (in the trash) are left out below.
  const { rows: scored } = await (
    common
      ? sql<{ id: number; score: number }>`
        select rowid as id, 1 as score from items_fts
        where items_fts match ${`{title} : (${ftsTerms(terms)})`} and rowid >= ${oldest}
      `
      : sql<{ id: number; score: number }>`
        select rowid as id, -rank as score from items_fts
        where items_fts match ${ftsText(terms)} and rowid >= ${oldest}
      `
  ).execute(db);
  const scores = new Map(scored.map((row) => [Number(row.id), Number(row.score)]));
  const { rows } = await sql<Omit<CandidateRow, 'score'>>`
    select id as item_id, coalesce(parent_id, id) as family_id, date from items
    where id in (${sql.join(ids)}) and deleted_at is null
  `.execute(db);
  return { common, rows: rows.map((row) => ({ ...row, score: scores.get(row.item_id) ?? 0 })) };
}

/** Of the items `ids`, those matching `terms` (any trash state; no candidate bound, no score). */
export function matchAmong(
  dialect: Dialect,
  terms: string[],
  ids: number[],
): RawBuilder<{ item_id: number }> {
  if (ids.length === 0) ids = [0];
  if (dialect === 'postgres') {
    const query = tsQuery(terms);
    return sql`(
      select id as item_id from items
      where id in (${sql.join(ids)}) and search_vector @@ ${query}
    )`;
  }
  // A rowid range, not `rowid IN (…)`: FTS5 would run the whole query again for each value.
  // LIMIT -1 keeps SQLite from pushing the caller's `IN` down into the FTS5 scan.
  return sql`(
    select rowid as item_id from items_fts
    where items_fts match ${ftsText(terms)}
      and rowid between ${Math.min(...ids)} and ${Math.max(...ids)}
    limit -1
  )`;
}

function ftsText(terms: string[]): string {
  return `{title body} : (${ftsTerms(terms)})`;
}

/**
 * SQLite: the `CAP` newest matches of `scoped` (FTS5 walks a match backwards by rowid and stops
 * there), each with a score. For a word that matches fewer items (not `common`), the bm25 score of
 * the text alone, without scope tokens: scoring a query that names scope tokens costs their
 * document frequencies, a walk of posting lists as long as the archive ("live", "tpost"), and the
 * kind column weighs 0, so the scores are the same. FTS5 scores the text matches from the oldest
 * candidate on that are candidates (`rowid + 0` keeps FTS5 from taking the IN list as its own
 * constraint, which would run the query once per value). For a `common` word, 1 when the words
 * are in the title, else 0 (see pgCandidatesAbove). LIMIT -1 keeps SQLite from flattening the subquery
 * into an aggregate, where bm25 cannot be evaluated.
 */
function ftsCandidates(terms: string[], scoped: string, common: boolean): RawBuilder<MatchRow> {
  const candidates = sql`c as (
    select rowid as id from items_fts where items_fts match ${scoped}
    order by rowid desc limit ${CAP}
  )`;
  if (common) {
    return sql<MatchRow>`(
      with ${candidates}
      select c.id as item_id, c.id in (
        select rowid from items_fts
        where items_fts match ${`{title} : (${ftsTerms(terms)})`}
          and rowid >= (select min(id) from c)
        limit -1
      ) as score
      from c
    )`;
  }
  return sql<MatchRow>`(
    with ${candidates}
    select f.rowid as item_id, -f.rank as score
    from items_fts f
    where items_fts match ${ftsText(terms)}
      and f.rowid >= (select min(id) from c) and (f.rowid + 0) in (select id from c)
    limit -1
  )`;
}

/** What a per-type search looks at: live items of one type, optionally of one language. */
export interface SearchScope {
  type: ItemType;
  language?: string | undefined;
}

/**
 * A per-type search: how many live items match (up to `LIMITS.searchMatchesMax`, the candidates
 * of allTypesCandidates within the scope), and one page of them in rank order (rankOrder). When
 * fewer items match than that bound, every match is ranked, as it always was; else titles first,
 * then newest (see pgCandidatesAbove). `count` comes first and tells which.
 */
export function scopedSearch(dialect: Dialect, terms: string[], scope: SearchScope) {
  let common = false;
  // Counted up to one past the bound, to tell a common word (see pgCandidatesAbove).
  const counted = (n: number) => {
    common = n > CAP;
    return Math.min(n, CAP);
  };
  if (dialect === 'postgres') return pgScopedSearch(terms, scope);
  const scopeTokens = [`t${scope.type}`, 'live', ...(scope.language ? [`l${scope.language}`] : [])];
  const scoped = `kind : (${scopeTokens.map((token) => `"${token}"`).join(' AND ')}) AND ${ftsText(terms)}`;
  return {
    async count(db: Executor): Promise<number> {
      // The scope tokens spare a lookup in `items` (a wide row) per match; LIMIT bounds the walk.
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from (
          select 1 from items_fts where items_fts match ${scoped} limit ${CAP + 1}
        )
      `.execute(db);
      return counted(Number(rows[0]?.n ?? 0));
    },
    async page(db: Executor, limit: number, offset: number): Promise<MatchRow[]> {
      if (common) {
        // Scores of 1 or 0: the ties are the rule, every candidate's date is read.
        const { rows } = await sql<MatchRow>`
          select m.item_id, m.score from ${ftsCandidates(terms, scoped, true)} m
          join items i on i.id = m.item_id
          order by ${rankOrderSql(sql.ref('m.score'), sql.ref('i.date'), sql.ref('i.id'))}
          limit ${limit} offset ${offset}
        `.execute(db);
        return rows;
      }
      const { rows } = await sql<MatchRow>`
        select item_id, score from ${ftsCandidates(terms, scoped, false)}
      `.execute(db);
      const hits = rows.map((row) => ({ id: Number(row.item_id), score: Number(row.score) }));
      const page = await pageByRank(hits, limit, offset, async (ids) => {
        const dated = await db
          .selectFrom('items')
          .select(['id', 'date'])
          .where('id', 'in', ids)
          .execute();
        return new Map(dated.map((row) => [row.id, row.date]));
      });
      return page.map((hit) => ({ item_id: hit.id, score: hit.score }));
      return rows;
    },
  };
}

/** The newest live items of a scope read to tell a word's share of it. */
const SAMPLE = 400;

/**
 * PostgreSQL's plan settings for a query to take its matches from a GIN index as a bitmap: its
 * estimate of a prefix's matches is often far off (40,191 for none of `fam:*` in messages), and
 * with a LIMIT it then walks the table, reading every row's tsvector (3.9 s at a million items);
 * JIT compiles such plans (their costs are high) for 30 to 160 ms more than they run. SET LOCAL
 * lasts until the end of the transaction: in a caller's transaction they are left as they are.
 */
const BITMAP = sql`set local enable_seqscan = off; set local enable_indexscan = off; set local jit = off`;

/**
 * The settings for a walk of the primary key backwards, each row checked against the words (see
 * walkBeatsIndex), where PostgreSQL would take a common word's matches from the GIN index.
 */
const WALK = sql`set local enable_seqscan = off; set local enable_bitmapscan = off; set local jit = off`;

async function withPlan<T>(
  db: Executor,
  settings: RawBuilder<unknown>,
  run: (db: Executor) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await settings.execute(trx);
    return run(trx);
  });
}

/**
 * Whether the newest `CAP` matches of a word found in `density` items per id (from the newest
 * id, `ids`, back) are found sooner by walking the primary key backwards, reading every row (about
 * `CAP / density` of them, matching or not) than from the GIN index, which first gathers every
 * match of the archive (about `density * ids`) before the rows among the newest ids are read.
 * At a million items, 26 to 60 ms against 278 to 343 for `the:*` (a quarter of the archive), 30
 * to 82 against 46 to 152 for `nouvel:*` (5 %); at 100,000 items, `the:*` 9 against 15 ms, but
 * the index for `sie:*` (5.6 %: 16 against 28 ms).
 */
const walkBeatsIndex = (density: number, ids: number) => CAP / density < density * ids;

/**
 * PostgreSQL's candidates of a search (the newest `CAP` live matches of the scope, newest first)
 * and whether more items match (a common word). The GIN index gives the matches, but each is then
 * a row read from `item_search` (narrow rows, but about 830 MB at a million items, and 128 MB of shared
 * buffers hold few of them): fine for the up to `CAP` matches of a rarer word, far too
 * slow for the 68,035 live mails `for:*` matches (2.5 s). So the scope's newest live items are
 * read first (SAMPLE), each checked against the words, to tell the word's share of the scope.
 * A word common enough is then walked on newest first (walkBeatsIndex); else the type's own GIN
 * index (migrations 0024, 0029) gives the matches among the newest ids where that share gives
 * half as many again as the bound (the older id ranges pruned, the rest of the window filtered;
 * from `items`, with the index's bitmap ANDed with the primary key's range, that read only 1,626
 * of the 12,015 live posts `فليضفها:*` matches, 114 against 3,500 ms, load 12), or, too few
 * there, every match.
 */
async function pgCandidates(
  db: Executor,
  terms: string[],
  scope: SearchScope,
): Promise<{ common: boolean; ids: number[] }> {
  const query = tsQuery(terms);
  const live = (db: Executor) =>
    db
      .selectFrom('item_search')
      .where('type', '=', scope.type)
      .$if(scope.language !== undefined, (q) => q.where('language', '=', scope.language!));
  const sample = await db
    .selectFrom(
      live(db)
        .select(['id', sql<string>`search_vector`.as('search_vector')])
        .orderBy('id', 'desc')
        .limit(SAMPLE)
        .as('w'),
    )
    .select(['w.id', sql<boolean>`w.search_vector @@ ${query}`.as('hit')])
    .orderBy('w.id', 'desc')
    .execute();
  const found = sample.filter((row) => row.hit).map((row) => Number(row.id));
  // Every live item of the scope was read: these are all the matches.
  if (sample.length < SAMPLE) return { common: false, ids: found };
  const indexed = (trx: Executor, above: number | undefined) =>
    live(trx)
      .select('id')
      .where(sql<boolean>`search_vector @@ ${query}`)
      .$if(above !== undefined, (q) => q.where('id', '>', above!))
      .orderBy(sql`id + 0`, 'desc')
      .limit(CAP + 1)
      .execute();
  if (found.length > 0) {
    const top = Number(sample[0]!.id);
    /** The ids the sample went through (of every type and trash state). */
    const spanned = top - Number(sample[sample.length - 1]!.id) + 1;
    let density = found.length / spanned;
    if (walkBeatsIndex(density, top)) {
      // Through twice the ids the sample's share calls for (it is the newest items' share only).
      const span = Math.ceil((2 * (CAP + 1)) / density);
      const rows = await withPlan(db, WALK, (trx) =>
        live(trx)
          .select('id')
          .where(sql<boolean>`search_vector @@ ${query}`)
          .where('id', '>', top - span)
          .orderBy('id', 'desc')
          .limit(CAP + 1)
          .execute(),
      );
      if (rows.length > CAP)
        return { common: true, ids: rows.slice(0, CAP).map((r) => Number(r.id)) };
      density = Math.max(rows.length, 1) / Math.min(span, top);
    }
    // Fewer matches there than the bound (the newest items' share was higher than their
    // elders'): the share found there sizes a second window, before every match is read.
    for (let attempt = 0; attempt < 2; attempt++) {
      const window = Math.ceil((1.5 * (CAP + 1)) / density);
      if (window >= top) break;
      const rows = await withPlan(db, BITMAP, (trx) => indexed(trx, top - window));
      if (rows.length > CAP)
        return { common: true, ids: rows.slice(0, CAP).map((r) => Number(r.id)) };
      density = Math.max(rows.length, 1) / window;
    }
  }
  // Every match is read from the table either to count it or to find the newest: one scan.
  const rows = await withPlan(db, BITMAP, (trx) => indexed(trx, undefined));
  return { common: rows.length > CAP, ids: rows.slice(0, CAP).map((row) => Number(row.id)) };
}

/**
 * A word's score among PostgreSQL candidates of `item_search`: title hit for a common word (from
 * the title's part of the vector, kept inline in the row: the whole vector of a long item is
 * stored out of line, one more page to read per candidate), else ts_rank.
 */
function pgScore(terms: string[], common: boolean) {
  return common
    ? sql<number>`case when title_vector @@ ${tsQuery(terms)} then 1 else 0 end`
    : sql<number>`ts_rank(search_vector, ${tsQuery(terms)})`;
}

/** scopedSearch on PostgreSQL: the candidates of pgCandidates, each scored. */
function pgScopedSearch(terms: string[], scope: SearchScope) {
  let found = { common: false, ids: [] as number[] };
  return {
    async count(db: Executor): Promise<number> {
      found = await pgCandidates(db, terms, scope);
      return found.ids.length;
    },
    async page(db: Executor, limit: number, offset: number): Promise<MatchRow[]> {
      if (found.ids.length === 0) return [];
      return db
        .selectFrom('item_search')
        .where(sql<boolean>`id = any(${found.ids}::integer[])`)
        .select(['id as item_id', pgScore(terms, found.common).as('score')])
        .$call((q) =>
          rankOrder(sql.ref('score'), sql.ref('date'), sql.ref('id')).reduce(
            (query, [expression, direction]) => query.orderBy(expression, direction),
            q,
          ),
        )
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}

/** A family of `/api/search`: an original with its translations, ranked by its best live hit. */
export interface RankedFamily {
  family_id: number;
  score: number;
  /** The latest date among its hits ('' when none has one). */
  date: string;
}

/**
 * The families of these hits, best hit first, then latest date, then newest original; undated
 * families after dated ones of the same score (as SQLite ordered them in SQL).
 */
export function rankFamilies(rows: CandidateRow[]): RankedFamily[] {
  const families = new Map<number, RankedFamily>();
  for (const row of rows) {
    const id = Number(row.family_id);
    const date = row.date ?? '';
    const family = families.get(id);
    if (!family) families.set(id, { family_id: id, score: row.score, date });
    else {
      family.score = Math.max(family.score, row.score);
      if (date > family.date) family.date = date;
    }
  }
  return [...families.values()].sort(
    (a, b) =>
      b.score - a.score ||
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      b.family_id - a.family_id,
  );
}
