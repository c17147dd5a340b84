import { PICTURE_LIMITS, routes, type PictureKind } from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { presentUser, usersRepository } from '../users/index.js';
import { PICTURE_COLUMN, pictureKey } from './keys.js';
import { removePicture, replacePicture } from './service.js';

const isTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

const MAX_MB = `${Math.round(PICTURE_LIMITS.maxBytes / 1024 / 1024)} MB`;

/** The one uploaded file of a multipart body, whole: pictures are small enough to decode at once. */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'http.unsupported_media_type');
  const part = await request
    .file({ limits: { fileSize: PICTURE_LIMITS.maxBytes, files: 1 } })
    .catch(() => {
      throw new HttpError(400, 'http.bad_request');
    });
  if (!part) throw fieldError('image', 'pictures.missing');
  try {
    return await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw new HttpError(413, 'pictures.too_large', { max: MAX_MB });
    throw new HttpError(400, 'http.bad_request');
  }
}

// A new picture has a new address: an address naming the current version never changes.
const FOREVER = 'private, max-age=31536000, immutable';
const PICTURE_CSP = "default-src 'none'; sandbox";

/** The account's pictures: upload, removal, and the bytes (contract account-routes.ts). */
export function registerUserPictureRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersRepository(ctx.db);
  const saved = { profile: 'pictures.profile_saved', site: 'pictures.site_saved' } as const;
  const removed = { profile: 'pictures.profile_removed', site: 'pictures.site_removed' } as const;

  const upload = (kind: PictureKind) => async (request: FastifyRequest) => {
    const bytes = await uploadedBytes(request);
    const user = await replacePicture(ctx, request.auth.user!, kind, bytes, request.log);
    return { message: say(request, saved[kind]), user: presentUser(user) };
  };
  const remove = (kind: PictureKind) => async (request: FastifyRequest) => {
    const user = await removePicture(ctx, request.auth.user!, kind, request.log);
    return { message: say(request, removed[kind]), user: presentUser(user) };
  };
  addRoute(app, routes.updateUserImage, upload('profile'));
  addRoute(app, routes.deleteUserImage, remove('profile'));
  addRoute(app, routes.updateUserSitepicture, upload('site'));
  addRoute(app, routes.deleteUserSitepicture, remove('site'));

  addRoute(app, routes.userPicture, async (request, reply: FastifyReply) => {
    const { id, kind, size } = request.params;
    const viewer = request.auth.user!;
    // Anyone logged in sees profile pictures (they name people across the archive); a site
    // picture is its owner's background, seen by nobody else.
    if (kind === 'site' && id !== viewer.id) throw notFound();
    const owner = id === viewer.id ? viewer : await users.findById(id);
    const version =
      owner?.active === 1 || owner?.id === viewer.id ? owner[PICTURE_COLUMN[kind]] : null;
    if (!owner || !version) throw notFound();
    const etag = `"${version}-${size}"`;
    reply
      .header('ETag', etag)
      .header('Cache-Control', request.query.v === version ? FOREVER : 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', PICTURE_CSP);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      return reply.code(304).send();
    }
    const stored = await ctx.storage.pictures.stat(pictureKey(id, kind, version, size));
    if (!stored) throw notFound();
    return reply
      .type('image/webp')
      .header('Content-Length', stored.size)
      .send(ctx.storage.pictures.get(stored.key));
  });
}
