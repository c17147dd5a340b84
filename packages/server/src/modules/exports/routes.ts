import { routes, type DownloadEntry } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, found, HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage, say } from '../../i18n/translate.js';
import { sendStored } from '../../storage/index.js';
import { listBackupDownloads } from '../backups/index.js';
import { listRecordMp3s } from '../records/index.js';
import { exportsDb } from './table.js';
import { EXPORT_JOB, exportKey, MIME_TYPES, presentExport, type ExportPayload } from './service.js';

/** An ASCII stand-in for the download's name, for clients that ignore `filename*`. */
const asciiName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');

/** RFC 6266: the ASCII `filename` and, always, the exact name as UTF-8 `filename*` (RFC 8187). */
export function attachmentHeader(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encoded}`;
}

/**
 * The admin's exports and the downloads list (the `/admin/tabAdminParam/downloads` tab): an
 * export is a row in `exports` and a job on the queue (declareExportJobs) that writes its bytes
 * into the exports storage.
 */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = exportsDb(ctx.db);

  const row = async (id: number) =>
    found(await db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst());

  addRoute(app, routes.downloads, async (request) => {
    const language = requestLanguage(request);
    const rows = await db.selectFrom('exports').selectAll().orderBy('id', 'desc').execute();
    const exports: DownloadEntry[] = [];
    for (const r of rows) {
      const info = await presentExport(ctx, r, language);
      exports.push({
        kind: 'export',
        key: `export-${r.id}`,
        name: r.file_name ?? `${info.scope_label ?? r.scope} (${r.format})`,
        size: info.size,
        date: r.finished_at ?? r.created_at,
        who: r.created_by_name,
        url: info.url,
        export: info,
      });
    }
    const mp3s: DownloadEntry[] = (await listRecordMp3s(ctx)).map((mp3) => ({
      kind: 'mp3',
      key: `mp3-${mp3.recordId}`,
      name: mp3.name,
      size: mp3.size,
      date: mp3.createdAt,
      who: null,
      url: mp3.url,
      export: null,
    }));
    const backups: DownloadEntry[] = (await listBackupDownloads(ctx)).map((backup) => ({
      kind: 'backup',
      key: `backup-${backup.id}`,
      name: backup.name,
      size: backup.size,
      date: backup.date,
      who: backup.who,
      url: backup.url,
      export: null,
    }));
    const data = [...exports, ...backups, ...mp3s].sort((a, b) => b.date.localeCompare(a.date));
    return { data };
  });

  addRoute(app, routes.exportCreate, async (request, reply) => {
    const { scope, type, category_id: categoryId, format } = request.body;
    let value: string;
    if (scope === 'type') {
      if (!type) throw fieldError('type', 'exports.type_required');
      if (format === 'eml' && type !== 'mail') throw fieldError('format', 'exports.eml_mails_only');
      value = type;
    } else {
      if (!categoryId) throw fieldError('category_id', 'exports.category_required');
      const category = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('id', '=', categoryId)
        .executeTakeFirst();
      if (!category) throw fieldError('category_id', 'exports.category_missing');
      value = String(categoryId);
    }
    const user = request.auth.user!;
    const inserted = await db
      .insertInto('exports')
      .values({
        kind: scope,
        format,
        scope: value,
        file_name: null,
        status: 'queued',
        job_id: null,
        created_by: user.id,
        created_by_name: user.name,
        created_at: ctx.now().toISOString(),
        finished_at: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const language = requestLanguage(request);
    const jobId = await ctx.jobs.enqueue<ExportPayload>(EXPORT_JOB, {
      exportId: inserted.id,
      language,
    });
    await db.updateTable('exports').set({ job_id: jobId }).where('id', '=', inserted.id).execute();
    reply.code(202);
    return {
      message: say(request, 'exports.queued'),
      export: await presentExport(ctx, await row(inserted.id), language),
    };
  });

  addRoute(app, routes.exportStatus, async (request) =>
    presentExport(ctx, await row(request.params.id), requestLanguage(request)),
  );

  addRoute(app, routes.exportDownload, async (request, reply) => {
    const r = await row(request.params.id);
    if (r.status !== 'done' || !r.file_name) throw new HttpError(409, 'exports.not_ready');
    // Always with the exact UTF-8 name (sendStored's disposition adds it only when needed).
    reply.header('Content-Disposition', attachmentHeader(r.file_name));
    const key = exportKey(r);
    return sendStored(
      {
        storage: ctx.storage.exports,
        key,
        size: Number(r.size),
        // Ids are never reused, and an export's bytes are written once.
        etag: `"${key}"`,
        type: MIME_TYPES[r.format],
        cacheControl: 'private, no-store',
        csp: "default-src 'none'; sandbox",
        ranges: true,
      },
      request,
      reply,
    );
  });

  addRoute(app, routes.exportDelete, async (request) => {
    const r = await row(request.params.id);
    await db.deleteFrom('exports').where('id', '=', r.id).execute();
    await ctx.storage.exports.delete(exportKey(r));
    return { message: say(request, 'exports.deleted') };
  });
}
