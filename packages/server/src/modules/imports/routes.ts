import {
  hasPermission,
  importFromUploadBody,
  importOptionsSchema,
  importPathBody,
  routes,
  type ImportOptions,
  type UiLanguage,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { FieldValidationError, fieldError, found, HttpError } from '../../http/errors.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { serverPathKind } from '../../storage/index.js';
import { languageOf, say, type MessageKey } from '../../i18n/translate.js';
import { permissionsOf } from '../users/index.js';
import { checkImportOptions } from './options.js';
import { parseOptions, presentImport } from './repository.js';
import { registerImportUploadRoutes } from './upload-routes.js';
import { loadUpload, takeUpload } from './uploads.js';
import {
  createdTitles,
  findImport,
  listImports,
  reviewNearDuplicate,
  startImport,
  startPreviewed,
  storeImportUpload,
  undoImport,
  type ImportViewer,
} from './service.js';

const viewerOf = (request: FastifyRequest): ImportViewer => {
  const user = request.auth.user!;
  return { userId: user.id, admin: hasPermission({ permissions: permissionsOf(user) }, 'admin') };
};

/** A body that does not fit the schema: 422 naming its fields. */
function invalid(issues: { path: PropertyKey[] }[]): never {
  const fields: Record<string, MessageKey[]> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'body')] = ['validation.failed'];
  throw new FieldValidationError(fields, 'validation.failed');
}

const yes = (value: string) => ['1', 'true', 'on'].includes(value);

/**
 * Options sent as multipart fields beside the file (`folder_categories`, `language`, `preview`,
 * `people` as a JSON text, `one_item_per`, `date_order`, `time_zone`).
 */
function optionsOf(fields: Record<string, string>): ImportOptions {
  let people: unknown;
  if (fields.people) {
    try {
      people = JSON.parse(fields.people);
    } catch {
      invalid([{ path: ['people'] }]);
    }
  }
  const parsed = importOptionsSchema.safeParse({
    ...(fields.folder_categories !== undefined
      ? { folder_categories: yes(fields.folder_categories) }
      : {}),
    ...(fields.preview !== undefined ? { preview: yes(fields.preview) } : {}),
    ...(fields.language ? { language: fields.language } : {}),
    ...(people !== undefined ? { people } : {}),
    ...(fields.one_item_per ? { one_item_per: fields.one_item_per } : {}),
    ...(fields.date_order ? { date_order: fields.date_order } : {}),
    ...(fields.time_zone ? { time_zone: fields.time_zone } : {}),
  });
  if (!parsed.success) invalid(parsed.error.issues);
  return parsed.data;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON `{upload_id, ...options}`: the import of a finished chunked upload, by its creator. */
async function fromUpload(
  ctx: AppContext,
  request: FastifyRequest,
  viewer: ImportViewer,
  language: UiLanguage,
): Promise<number> {
  const parsed = importFromUploadBody.safeParse(request.body);
  if (!parsed.success) invalid(parsed.error.issues);
  const { upload_id, ...options } = parsed.data;
  await checkImportOptions(ctx.db, options);
  const state = await loadUpload(ctx, upload_id, viewer.userId);
  if (!state) throw fieldError('upload_id', 'imports.upload_missing');
  if (state.offset < state.info.length) throw fieldError('upload_id', 'imports.upload_incomplete');
  const taken = await takeUpload(ctx, state);
  return startImport(
    ctx,
    { origin: 'upload', ...taken },
    { ...options, language: options.language ?? language },
    viewer.userId,
  );
}

/** An upload streamed into the imports storage, or (admins) a server-side path; its import id. */
async function receive(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const language = languageOf(request.headers['accept-language']);
  const viewer = viewerOf(request);
  if (!request.isMultipart()) {
    if (!request.headers['content-type']?.startsWith('application/json')) {
      throw new HttpError(415, 'http.unsupported_media_type');
    }
    if (isObject(request.body) && 'upload_id' in request.body) {
      return fromUpload(ctx, request, viewer, language);
    }
    if (!viewer.admin) throw new HttpError(403, 'imports.path_admin_only');
    const parsed = importPathBody.safeParse(request.body);
    if (!parsed.success) invalid(parsed.error.issues);
    const { path, ...options } = parsed.data;
    await checkImportOptions(ctx.db, options);
    if (!path.startsWith('/') || !(await serverPathKind(path))) {
      throw new FieldValidationError({ path: ['imports.path_missing'] }, 'imports.path_missing');
    }
    const fileName = path.split('/').filter(Boolean).pop() ?? path;
    return startImport(
      ctx,
      { origin: 'path', path, fileName },
      { ...options, language: options.language ?? language },
      viewer.userId,
    );
  }
  const fields: Record<string, string> = {};
  const parts = request.parts({
    // `people` (a JSON text mapping each person to a participant) may be long.
    limits: { files: 1, fields: 10, fieldSize: 64 * 1024, fileSize: ctx.config.uploadMaxBytes },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // Options come before the file; the file's bytes go to the storage as they arrive.
      const options = optionsOf(fields);
      await checkImportOptions(ctx.db, options);
      const fileName = [...(part.filename.split(/[\\/]/).pop() || 'import')].slice(0, 255).join('');
      const stored = await storeImportUpload(ctx, part.file);
      if (!stored) throw new HttpError(413, 'http.payload_too_large');
      const id = await startImport(
        ctx,
        { origin: 'upload', fileName, ...stored },
        { ...options, language: options.language ?? language },
        viewer.userId,
      );
      return id;
    }
  } catch (error) {
    if (error instanceof HttpError || error instanceof FieldValidationError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'http.payload_too_large');
    }
    throw new HttpError(400, 'http.bad_request');
  }
  throw new FieldValidationError({ file: ['imports.no_file'] }, 'imports.no_file');
}

/** The import routes (contract import-routes.ts). */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const shown = async (request: FastifyRequest, id: number) => {
    const row = found(await findImport(ctx, id, viewerOf(request)));
    const entry = presentImport(row, languageOf(request.headers['accept-language']));
    return { ...entry, created_titles: await createdTitles(ctx, entry.created) };
  };

  registerImportUploadRoutes(app, ctx);

  addRoute(app, routes.imports, async (request) => {
    const page = await listImports(
      ctx,
      viewerOf(request),
      pageWindow(request.query),
      languageOf(request.headers['accept-language']),
    );
    return paginated(request, ctx.config.appUrl, page);
  });

  addRoute(app, routes.importCreate, async (request, reply) => {
    const id = await receive(ctx, request);
    reply.code(202);
    return { message: say(request, 'imports.queued'), import: await shown(request, id) };
  });

  addRoute(app, routes.importStatus, (request) => shown(request, request.params.id));

  addRoute(app, routes.importStart, async (request, reply) => {
    const row = found(await findImport(ctx, request.params.id, viewerOf(request)));
    if (row.status !== 'ready') throw new HttpError(409, 'imports.not_ready');
    const answers = Object.fromEntries(
      Object.entries(request.body).filter(([, value]) => value !== undefined),
    ) as Partial<ImportOptions>;
    await checkImportOptions(ctx.db, { ...parseOptions(row), ...answers });
    if (!(await startPreviewed(ctx, row, answers))) throw new HttpError(409, 'imports.not_ready');
    reply.code(202);
    return { message: say(request, 'imports.queued'), import: await shown(request, row.id) };
  });

  addRoute(app, routes.importNearDuplicate, async (request) => {
    const { id, item_id } = request.params;
    const row = found(await findImport(ctx, id, viewerOf(request)));
    const { decision } = request.body;
    const permissions = permissionsOf(request.auth.user!);
    if (decision === 'trashed' && !hasPermission({ permissions }, 'content.delete')) {
      throw new HttpError(403, 'auth.forbidden');
    }
    const refused = await reviewNearDuplicate(ctx, row.id, item_id, decision);
    if (refused === 'missing') throw new HttpError(404, 'imports.near_duplicate_missing');
    if (refused === 'not_done') throw new HttpError(409, 'imports.not_done');
    if (refused === 'decided') throw new HttpError(409, 'imports.near_duplicate_decided');
    return {
      message: say(request, decision === 'kept' ? 'imports.both_kept' : 'imports.new_trashed'),
      import: await shown(request, row.id),
    };
  });

  addRoute(app, routes.importUndo, async (request) => {
    const row = found(await findImport(ctx, request.params.id, viewerOf(request)));
    if (row.status === 'undone') throw new HttpError(409, 'imports.already_undone');
    if (row.status === 'analysing' || row.status === 'queued' || row.status === 'running') {
      throw new HttpError(409, 'imports.running');
    }
    const user = request.auth.user!;
    const { kept } = await undoImport(ctx, row, { id: user.id, name: user.name });
    return {
      message: kept
        ? say(request, 'imports.undone_kept_edits', { count: kept })
        : say(request, 'imports.undone'),
      import: await shown(request, row.id),
    };
  });
}
