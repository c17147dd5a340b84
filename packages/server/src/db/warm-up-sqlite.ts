import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { WarmUpLimits, WarmUpReport } from './warm-up.js';

/**
 * What a search, then the page showing its results, reads, most needed first: the items' search
 * index (FTS5 keeps it in shadow tables), the items' rows, the records' search index and rows,
 * the items' indexes (lists), then the links and names shown beside each item. `*` as in GLOB,
 * `index:T` the indexes of T.
 */
const OBJECTS = [
  'items_fts_*',
  'items',
  'records_fts_*',
  'records',
  'index:items',
  'item_participants',
  'index:item_participants',
  'item_tags',
  'index:item_tags',
  'item_categories',
  'index:item_categories',
  'participants',
  'tags',
  'categories',
  'files',
  'index:files',
];

/**
 * Runs in a worker thread, so that the synchronous driver's reads never hold up the server's
 * event loop. Plain JavaScript kept as text: the server is bundled into one file (no separate
 * worker entry), and the driver is loaded from the path the server resolved.
 * Each object's pages are walked through the `dbstat` table, which reads every page of the b-tree
 * (overflow pages included, where FTS5 keeps its large blocks and SQLite long texts): the
 * operating system's cache then holds them. Each object in its own statement, so no read
 * transaction outlives one object's walk (WAL checkpoints wait for those).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, objects, budgetBytes, deadline } = workerData;
const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 1000 });
try {
  const objectsLike = db
    .prepare("select name from sqlite_schema where type in ('table', 'index') and rootpage > 0 and name glob ? order by name")
    .pluck();
  const indexesOf = db
    .prepare("select name from sqlite_schema where type = 'index' and rootpage > 0 and tbl_name = ? order by name")
    .pluck();
  const names = [];
  for (const object of objects) {
    const matched = object.startsWith('index:') ? indexesOf.all(object.slice(6)) : objectsLike.all(object);
    for (const name of matched) if (!names.includes(name)) names.push(name);
  }
  const pages = db.prepare('select pgsize from dbstat where name = ?').pluck();
  const report = { bytes: 0, objects: [], complete: true };
  for (const name of names) {
    let bytes = 0;
    let stopped = false;
    for (const size of pages.iterate(name)) {
      bytes += size;
      if (report.bytes + bytes >= budgetBytes || Date.now() >= deadline) {
        stopped = true;
        break;
      }
    }
    report.bytes += bytes;
    report.objects.push({ name, bytes });
    if (stopped) {
      report.complete = false;
      break;
    }
  }
  parentPort.postMessage(report);
} finally {
  db.close();
}
`;

/** Reads the search indexes and hot tables of an SQLite database file into the OS's cache. */
export function warmUpSqlite(file: string, limits: WarmUpLimits): Promise<WarmUpReport> {
  if (limits.signal?.aborted) return Promise.resolve({ bytes: 0, objects: [], complete: false });
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const deadline = Date.now() + limits.timeMs;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver, file, objects: OBJECTS, budgetBytes: limits.budgetBytes, deadline },
    });
    // The walk checks the deadline between pages; this is for a page read that never returns.
    const backstop = setTimeout(() => void worker.terminate(), limits.timeMs + 5_000);
    backstop.unref();
    // A server closing does not wait for its warm-up.
    worker.unref();
    limits.signal?.addEventListener('abort', () => void worker.terminate());
    worker.once('message', (report: WarmUpReport) => resolve(report));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(backstop);
      reject(new Error(`the warm-up worker stopped (${code})`));
    });
  });
}
