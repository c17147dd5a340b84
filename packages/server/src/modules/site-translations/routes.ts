import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import {
  listSiteTranslations,
  reportMissingKey,
  reportThrottle,
  updateSiteTranslation,
} from './service.js';
import { readShippedKeys } from './shipped-keys.js';

export function registerSiteTranslationRoutes(app: FastifyInstance, ctx: AppContext) {
  const throttle = reportThrottle();
  const shippedKeys = readShippedKeys();

  addRoute(app, routes.siteTranslations, async () => listSiteTranslations(ctx));

  // No `message`: reports are silent, the web app must not toast them. Throttled before the key is
  // checked, so unknown keys count too.
  addRoute(app, routes.siteTranslationCreate, async (request, reply) => {
    await throttle(request.auth.user!.id);
    const { translation, created } = await reportMissingKey(ctx, shippedKeys, request.body.key);
    reply.code(created ? 201 : 200);

    return translation;
  });

  addRoute(app, routes.siteTranslationUpdate, async (request) => {
    const translation = found(await updateSiteTranslation(ctx, request.params.id, request.body));
    return { message: say(request, 'translations.updated'), translation };
  });
}
