import type { Readable } from 'node:stream';
import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { readableBytes } from './archive.js';
import {
  appendToUpload,
  createUpload,
  loadUpload,
  removeUpload,
  UploadOverflowError,
  type UploadState,
} from './uploads.js';

/**
 * Chunked, resumable uploads of large sources at /api/import-uploads: the tus 1.0.0 protocol's
 * core, `creation` and `termination` (so the browser's tus-js-client sends a multi-GB export in
 * chunks and resumes after a lost connection). The bytes go to the imports storage (uploads.ts);
 * `POST /api/imports {upload_id}` then imports a finished upload.
 */
const TUS_VERSION = '1.0.0';
const OCTETS = 'application/offset+octet-stream';
/** One PATCH in flight per upload on this instance: tus forbids two at once. */
const appending = new Set<string>();

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A header holding a non-negative integer, or undefined. */
function integerHeader(request: FastifyRequest, name: string): number | undefined {
  const value = header(request, name);
  return value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : undefined;
}

/** Every tus answer says its version; a request of another version is refused (412). */
function tus(request: FastifyRequest, reply: FastifyReply) {
  reply.header('Tus-Resumable', TUS_VERSION);
  if (header(request, 'tus-resumable') !== TUS_VERSION) {
    throw new HttpError(412, 'imports.upload_protocol', {}, { 'Tus-Version': TUS_VERSION });
  }
}

/** `Upload-Metadata`: comma-separated `key base64value` pairs; its values decoded. */
export function uploadMetadata(value: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [key, encoded] = pair.trim().split(' ');
    if (key) metadata[key] = Buffer.from(encoded ?? '', 'base64').toString('utf8');
  }
  return metadata;
}

const userOf = (request: FastifyRequest) => request.auth.user!.id;

async function ownUpload(ctx: AppContext, request: FastifyRequest, id: string) {
  const state = await loadUpload(ctx, id, userOf(request));
  if (!state) throw new HttpError(404, 'imports.upload_missing');
  return state;
}

const offsetHeaders = (reply: FastifyReply, state: Pick<UploadState, 'offset' | 'info'>) =>
  reply
    .header('Upload-Offset', String(state.offset))
    .header('Upload-Length', String(state.info.length))
    .header('Cache-Control', 'no-store');

/** The chunked upload routes (contract import-routes.ts), with tus's HEAD and OPTIONS. */
export function registerImportUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = ctx.config.importUploadMaxBytes;
  // A chunk's bytes are not parsed: the PATCH handler streams them to the storage.
  app.addContentTypeParser(OCTETS, (_request, payload, done) => done(null, payload));

  addRoute(app, routes.importUploadCreate, async (request, reply) => {
    tus(request, reply);
    const length = integerHeader(request, 'upload-length');
    if (length === undefined || length === 0) throw new HttpError(400, 'http.bad_request');
    if (length > maxBytes) {
      throw new HttpError(413, 'imports.upload_too_large', { max: readableBytes(maxBytes) });
    }
    const metadata = uploadMetadata(header(request, 'upload-metadata'));
    const upload = await createUpload(
      ctx,
      userOf(request),
      length,
      metadata.filename ?? metadata.name ?? '',
    );
    reply.code(201).header('Location', `${routes.importUploadCreate.path}/${upload.id}`);
    return { upload };
  });

  addRoute(app, routes.importUploadAppend, async (request, reply) => {
    tus(request, reply);
    if (header(request, 'content-type')?.split(';')[0]?.trim() !== OCTETS) {
      throw new HttpError(415, 'imports.upload_protocol');
    }
    const offset = integerHeader(request, 'upload-offset');
    if (offset === undefined) throw new HttpError(400, 'http.bad_request');
    const id = request.params.id;
    if (appending.has(id)) {
      throw new HttpError(409, 'imports.upload_offset', { offset: String(offset) });
    }
    appending.add(id);
    try {
      const state = await ownUpload(ctx, request, id);
      if (offset !== state.offset) {
        throw new HttpError(409, 'imports.upload_offset', { offset: String(state.offset) });
      }
      const declared = integerHeader(request, 'content-length');
      if (declared !== undefined && offset + declared > state.info.length) {
        throw new HttpError(413, 'imports.upload_too_large', {
          max: readableBytes(state.info.length),
        });
      }
      let reached: number;
      try {
        reached = await appendToUpload(ctx, state, request.body as unknown as Readable);
      } catch (error) {
        if (!(error instanceof UploadOverflowError)) throw error;
        throw new HttpError(413, 'imports.upload_too_large', {
          max: readableBytes(state.info.length),
        });
      }
      offsetHeaders(reply, { offset: reached, info: state.info });
      return reply.code(204).send();
    } finally {
      appending.delete(id);
    }
  });

  addRoute(app, routes.importUploadDelete, async (request, reply) => {
    tus(request, reply);
    const state = await ownUpload(ctx, request, request.params.id);
    await removeUpload(ctx, state.id);
    return reply.code(204).send();
  });

  // HEAD (where an upload stands, to resume it) and OPTIONS (what the server speaks) are tus's
  // own methods, outside the contract's table; same access rule as the table's upload routes.
  app.route({
    method: 'HEAD',
    url: `${routes.importUploadCreate.path}/:id`,
    config: { access: routes.importUploadAppend.access },
    schema: { hide: true },
    handler: async (request, reply) => {
      tus(request, reply);
      const state = await ownUpload(ctx, request, (request.params as { id: string }).id);
      offsetHeaders(reply, state);
      return reply.code(200).send();
    },
  });
  app.route({
    method: 'OPTIONS',
    url: routes.importUploadCreate.path,
    config: { access: routes.importUploadCreate.access },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(204)
        .header('Tus-Resumable', TUS_VERSION)
        .header('Tus-Version', TUS_VERSION)
        .header('Tus-Extension', 'creation,termination')
        .header('Tus-Max-Size', String(maxBytes))
        .send(),
  });
}
