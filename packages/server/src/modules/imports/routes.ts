import {
  hasPermission,
  importOptionsSchema,
  importPathBody,
  routes,
  type ImportOptions,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { FieldValidationError, found, HttpError } from '../../http/errors.js';
import { pageWindow, paginated } from '../../http/paginate.js';
import { addRoute } from '../../http/route.js';
import { serverPathKind } from '../../storage/index.js';
import { languageOf, say, type MessageKey } from '../../i18n/translate.js';
import { permissionsOf } from '../users/index.js';
import { presentImport } from './repository.js';
import {
  findImport,
  listImports,
  startImport,
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

/** Options sent as multipart fields beside the file (`folder_categories`, `language`). */
function optionsOf(fields: Record<string, string>): ImportOptions {
  const parsed = importOptionsSchema.safeParse({
    ...(fields.folder_categories !== undefined
      ? { folder_categories: ['1', 'true', 'on'].includes(fields.folder_categories) }
      : {}),
    ...(fields.language ? { language: fields.language } : {}),
  });
  if (!parsed.success) invalid(parsed.error.issues);
  return parsed.data;
}

/** An upload streamed into the imports storage, or (admins) a server-side path; its import id. */
async function receive(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const language = languageOf(request.headers['accept-language']);
  const viewer = viewerOf(request);
  if (!request.isMultipart()) {
    if (!request.headers['content-type']?.startsWith('application/json')) {
      throw new HttpError(415, 'http.unsupported_media_type');
    }
    if (!viewer.admin) throw new HttpError(403, 'imports.path_admin_only');
    const parsed = importPathBody.safeParse(request.body);
    if (!parsed.success) invalid(parsed.error.issues);
    const { path, ...options } = parsed.data;
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
    limits: { files: 1, fields: 5, fieldSize: 1024, fileSize: ctx.config.uploadMaxBytes },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // Options come before the file; the file's bytes go to the storage as they arrive.
      const options = optionsOf(fields);
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
    return presentImport(row, languageOf(request.headers['accept-language']));
  };

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

  addRoute(app, routes.importUndo, async (request) => {
    const row = found(await findImport(ctx, request.params.id, viewerOf(request)));
    if (row.status === 'undone') throw new HttpError(409, 'imports.already_undone');
    if (row.status === 'queued' || row.status === 'running') {
      throw new HttpError(409, 'imports.running');
    }
    await undoImport(ctx, row);
    return { message: say(request, 'imports.undone'), import: await shown(request, row.id) };
  });
}
