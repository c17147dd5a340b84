// The items module's public face: other modules and app.ts import only from here.
export { registerItemRoutes } from './routes.js';
export { contentColumns, insertItem, insertItemRow, reviseItem } from './service.js';
export { hardDeleteItem } from './item-entity.js';
export { compactListMonths } from './list-months.js';
export { keepSearchRanges, makeSearchRanges } from './search-ranges.js';
export { findItemForUpdate, narrowItems, type ItemNarrowing } from './repository.js';
export { cut, escapeHtml, plainText, sanitizeContent, searchTerms, snippet } from './text.js';
export { searchWords, type ExtraSearch } from './queries.js';
export { matchAmong } from './search.js';
// The machinery every kind of entry shares (items, records), given the entry's definition.
export type {
  Actor,
  BulkFields,
  EntityDefinition,
  EntityMessages,
  EntryRow,
  LinkSets,
} from './entity.js';
export {
  findEntry,
  hardDeleteEntry,
  listEntryRevisions,
  setEntryTrashed,
  storeRevision,
  updateEntry,
} from './entries.js';
export { bulkAnswer, deleteBulkForGood, runBulk } from './bulk.js';
export { RECORD_REVISIONS } from './revisions.repository.js';
export {
  dayStart,
  listPage,
  rankOrder,
  searchPage,
  snippetIn,
  type ListSource,
  type PageQuery,
  type SearchSource,
} from './listing.js';
export { linksRepository, sameIds, sortedIds } from './links.repository.js';
