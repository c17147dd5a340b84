import {
  mp3Name,
  routes,
  SHARE_LIMITS,
  shareItemType,
  type PublicContent,
  type PublicShareQuery,
  type UiLanguage,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '../../auth/passwords.js';
import type { ThrottleStore } from '../../auth/throttle.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { requestLanguage } from '../../i18n/translate.js';
import { sendStored } from '../../storage/index.js';
import { searchWords } from '../items/index.js';
import { ensurePreview } from '../files/index.js';
import { recordMp3State, sendMp3 } from '../records/index.js';
import { pictureKey } from '../user-pictures/index.js';
import { shareGuard } from './guard.js';
import { publicPresenter, type PublicPresenter } from './present.js';
import { publicRepository } from './public.repository.js';
import { sharesRepository } from './repository.js';
import type { ShareScope } from './scope.repository.js';
import { publicPathOf, UNLOCK_COOKIE, unlockCookieValue } from './tokens.js';

export const PUBLIC_PREFIX = '/api/public/';

/** Every public answer: never kept by a cache, never named to another site, never indexed. */
const PUBLIC_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
} as const;

/** Types a browser shows itself; anything else is only ever sent as a download. */
const INLINE = /^(image|audio|video)\/|^application\/pdf$|^text\/plain$/;
const PLAYABLE = /^(audio|video)\//;
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const PICTURE_CSP = "default-src 'none'; sandbox";

const gone = () => new HttpError(404, 'shares.not_found');

async function contentOf(
  scope: ShareScope,
  presenter: PublicPresenter,
  query: PublicShareQuery,
  language: UiLanguage,
): Promise<PublicContent> {
  const { share } = scope;
  if (share.target_type === 'records') {
    const row = await scope.record(share.record_id ?? 0);
    if (!row) throw gone();
    return { kind: 'record', record: await presenter.record(row) };
  }
  if (shareItemType(share.target_type)) {
    const row = await scope.item(share.item_id ?? 0);
    if (!row) throw gone();
    return { kind: 'item', item: await presenter.item(row) };
  }
  const offset = (query.page - 1) * query.per_page;
  const { total, rows } = await scope.page(searchWords(query.q), language, query.per_page, offset);
  return {
    kind: 'list',
    data: await presenter.entries(rows),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * The routes a relative without an account uses, each through the link's token (guard.ts) and
 * answering only from what it shares (scope.repository.ts). None carries a cache mark: the
 * response cache keeps nothing of theirs, and they get `no-store` besides.
 */
export function registerPublicShareRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  store: ThrottleStore,
) {
  const guard = shareGuard(ctx, store);
  const presenter = (request: FastifyRequest, scope: ShareScope, token: string) =>
    publicPresenter(ctx, scope, token, requestLanguage(request));

  // On every answer under the prefix, errors and unknown addresses included.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(PUBLIC_PREFIX)) reply.headers(PUBLIC_HEADERS);
    return payload;
  });

  addRoute(app, routes.publicShare, async (request) => {
    const { token } = request.params;
    const scope = await guard.open(request, token);
    const shown = presenter(request, scope, token);
    const content = await contentOf(scope, shown, request.query, requestLanguage(request));
    // A view is the link opened: its first page, not each further page or search.
    if (request.query.page === 1 && !request.query.q) {
      await sharesRepository(ctx.db).viewed(scope.share.id, ctx.now().toISOString());
    }
    return { share: await shown.info(), content };
  });

  addRoute(app, routes.publicShareItem, async (request) => {
    const { token, id } = request.params;
    const scope = await guard.open(request, token);
    const row = await scope.item(id);
    if (!row) throw gone();
    return { kind: 'item' as const, item: await presenter(request, scope, token).item(row) };
  });

  addRoute(app, routes.publicShareRecord, async (request) => {
    const { token, id } = request.params;
    const scope = await guard.open(request, token);
    const row = await scope.record(id);
    if (!row) throw gone();
    return {
      kind: 'record' as const,
      record: await presenter(request, scope, token).record(row),
    };
  });

  addRoute(app, routes.publicShareFile, async (request, reply: FastifyReply) => {
    const { token, fileId } = request.params;
    const scope = await guard.open(request, token);
    const row = await scope.file(fileId);
    if (!row) throw gone();
    const storage = ctx.storage.files;
    if (request.query.thumb) {
      if (!row.thumb_key) throw gone();
      return sendStored(
        { storage, key: row.thumb_key, etag: `"${row.sha256}-t"`, type: 'image/webp' },
        request,
        reply,
      );
    }
    if (request.query.preview) {
      // Made from the original but never its bytes: a resized WebP, with or without downloads.
      if (!row.thumb_key || !row.mime.startsWith('image/')) throw gone();
      const key = await ensurePreview(storage, row.storage_key);
      if (!key) throw gone();
      return sendStored(
        { storage, key, etag: `"${row.sha256}-p"`, type: 'image/webp', csp: PICTURE_CSP },
        request,
        reply,
      );
    }
    const allowed = scope.share.allow_download === 1;
    const download = request.query.download;
    if (!allowed && (download || !PLAYABLE.test(row.mime))) {
      throw new HttpError(403, 'shares.download_not_allowed');
    }
    return sendStored(
      {
        storage,
        key: row.storage_key,
        size: Number(row.size),
        etag: `"${row.sha256}"`,
        type: row.mime === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime,
        disposition: { name: row.name, inline: !download && INLINE.test(row.mime) },
        ranges: true,
        ...(row.mime === 'application/pdf' ? {} : { csp: FILE_CSP }),
      },
      request,
      reply,
    );
  });

  addRoute(app, routes.publicShareRecordMp3, async (request, reply: FastifyReply) => {
    const { token, id } = request.params;
    const scope = await guard.open(request, token);
    const row = await scope.record(id);
    if (!row) throw gone();
    const state = await recordMp3State(ctx, id);
    if (state.kind !== 'ready') throw gone();
    return sendMp3(ctx.storage.mp3, { ...state, name: mp3Name(row.title, id) }, request, reply);
  });

  addRoute(app, routes.publicSharePicture, async (request, reply: FastifyReply) => {
    const { token } = request.params;
    const scope = await guard.open(request, token);
    const sharer = await publicRepository(ctx.db).sharer(scope.share.created_by);
    const version = sharer?.site_picture;
    if (!sharer || !version) throw gone();
    const key = pictureKey(sharer.id, 'site', version, 'medium');
    const stored = await ctx.storage.pictures.stat(key);
    if (!stored) throw gone();
    return sendStored(
      {
        storage: ctx.storage.pictures,
        key,
        size: stored.size,
        etag: `"${version}-medium"`,
        type: 'image/webp',
        csp: PICTURE_CSP,
      },
      request,
      reply,
    );
  });

  addRoute(app, routes.publicShareUnlock, async (request, reply: FastifyReply) => {
    const { token } = request.params;
    const share = await guard.live(request, token);
    if (share.password_hash === null) return reply.code(204).send();
    const attempt = await guard.passwordAttempt(request, share);
    if (!(await verifyPassword(share.password_hash, request.body.password))) {
      throw new HttpError(401, 'shares.wrong_password');
    }
    await attempt.succeeded();
    reply.setCookie(UNLOCK_COOKIE, unlockCookieValue(ctx.appKey, share, ctx.now()), {
      path: publicPathOf(token),
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      maxAge: SHARE_LIMITS.unlockMinutes * 60,
    });
    return reply.code(204).send();
  });
}
