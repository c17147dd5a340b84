// The items module's public face: other modules and app.ts import only from here.
export { registerItemRoutes } from './routes.js';
export { hardDeleteItem, insertItem } from './service.js';
export { compactListMonths } from './list-months.js';
export { keepSearchRanges, makeSearchRanges } from './search-ranges.js';
export { findItemForUpdate, narrowItems, type ItemNarrowing } from './repository.js';
export { cut, escapeHtml, plainText, sanitizeContent, searchTerms, snippet } from './text.js';
export { searchWords, type ExtraSearch } from './queries.js';
